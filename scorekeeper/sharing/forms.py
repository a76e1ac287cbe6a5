"""The keep-score form: the edit key arrives from the link's fragment, or pasted."""
from __future__ import annotations

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import PasswordField
from wtforms.validators import InputRequired


class KeyForm(FlaskForm):
    key = PasswordField(lazy_gettext("Edit key"), validators=[
        InputRequired(lazy_gettext("Paste the edit key from the keep-score link."))])
