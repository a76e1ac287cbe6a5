"""The end-of-game forms on the scoreboard: play on to a new target, or a rematch."""
from __future__ import annotations

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms.validators import InputRequired, NumberRange

from ..domain.editions import MAX_TARGET
from ..form_fields import TARGET_RANGE, WHOLE, WholeNumberField


class RematchForm(FlaskForm):
    """No fields: the CSRF token alone (the game comes from the URL)."""


class TargetForm(FlaskForm):
    target = WholeNumberField(lazy_gettext("New target"), validators=[
        InputRequired(WHOLE), NumberRange(1, MAX_TARGET, TARGET_RANGE)])
