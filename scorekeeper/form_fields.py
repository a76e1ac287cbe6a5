"""Form fields more than one feature's forms use."""
from __future__ import annotations

from flask_babel import gettext, lazy_gettext
from wtforms import IntegerField

from .domain.editions import MAX_TARGET
from .numbers import MAX_DIGITS, signed_number, whole_number

WHOLE = lazy_gettext("Enter a whole number.")
TARGET_RANGE = lazy_gettext("Choose a target from 1 to %(max)d.", max=MAX_TARGET)


class WholeNumberField(IntegerField):
    """An integer field whose complaint about letters is a sentence a person understands."""

    def process_formdata(self, valuelist):
        if not valuelist:
            return
        self.data = signed_number(valuelist[0])
        if self.data is None:
            too_long = len(valuelist[0].strip()) > MAX_DIGITS
            raise ValueError(gettext("Enter a whole number of at most %(max)d digits.", max=MAX_DIGITS)
                             if too_long else str(WHOLE))


def chosen_team(value: str | None) -> int | None:
    """A team picked on a form (a select or a row of radios), as a number; None: no team, or
    a value no form offers ('²', '①': digits to str.isdigit, not to int())."""
    return whole_number(value) if value and len(value) < 3 else None
