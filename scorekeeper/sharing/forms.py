"""The keep-score form: the edit key arrives from the link's fragment, or pasted."""
from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import PasswordField
from wtforms.validators import InputRequired


class KeyForm(FlaskForm):
    key = PasswordField("Edit key", validators=[InputRequired("Paste the edit key from the keep-score link.")])
