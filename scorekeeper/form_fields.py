"""Form fields more than one feature's forms use."""
from __future__ import annotations

from flask_babel import gettext, lazy_gettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, IntegerField, RadioField, SelectChoice
from wtforms.validators import InputRequired, NumberRange, Optional

from .domain.editions import (DEFAULT_BLANK_POINTS, DEFAULT_EDITION, EDITIONS, HOUSE_RULE_HELP, MAX_BLANK_POINTS,
                              MAX_TARGET, MAX_UNO_PENALTY)
from .domain.scoring import SYSTEMS, WINNER_TAKES_POINTS
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


class GameSettingsFields(FlaskForm):
    """Deck, scoring, target and house rules: a new game's, and a table game's (templates/_game_settings.html)."""

    edition = RadioField(lazy_gettext("Deck"), default=DEFAULT_EDITION,
                         choices=[SelectChoice(e.slug, e.name) for e in EDITIONS.values()])
    scoring = RadioField(lazy_gettext("Scoring"), default=WINNER_TAKES_POINTS, choices=[SelectChoice(s.slug, s.name) for s in SYSTEMS.values()])
    target = WholeNumberField(lazy_gettext("Play to"), default=500, validators=[
        InputRequired(WHOLE), NumberRange(1, MAX_TARGET, TARGET_RANGE)])
    zero_counts_ten = BooleanField(lazy_gettext("0 counts as 10"), description=HOUSE_RULE_HELP["zero_counts_ten"])
    stacking = BooleanField(lazy_gettext("Stacking draws"), description=HOUSE_RULE_HELP["stacking"])
    uno_penalty = WholeNumberField(lazy_gettext("UNO penalty"), description=HOUSE_RULE_HELP["uno_penalty"], validators=[
        Optional(), NumberRange(0, MAX_UNO_PENALTY, lazy_gettext("From 0 to %(max)d cards.", max=MAX_UNO_PENALTY))])
    blank_points = WholeNumberField(lazy_gettext("Blank card points"), default=DEFAULT_BLANK_POINTS,
                                description=HOUSE_RULE_HELP["blank_points"], validators=[
        Optional(), NumberRange(0, MAX_BLANK_POINTS, lazy_gettext("From 0 to %(max)d points.", max=MAX_BLANK_POINTS))])

    def house_rules(self) -> dict:
        rules = {"zero_counts_ten": self.zero_counts_ten.data, "stacking": self.stacking.data,
                 "uno_penalty": self.uno_penalty.data}
        if EDITIONS[self.edition.data].extra == "blank" and self.blank_points.data is not None:
            rules["blank_points"] = self.blank_points.data
        return rules

    def settings(self) -> dict:
        return {"edition": self.edition.data, "scoring": self.scoring.data, "target": self.target.data,
                "house_rules": self.house_rules()}

    @staticmethod
    def prefill(settings: dict) -> dict:
        """Form data from a game's settings (game_settings), to start the next game like it."""
        rules = settings.get("house_rules") or {}
        data = {k: settings[k] for k in ("edition", "scoring", "target") if k in settings}
        data |= {k: rules[k] for k in ("zero_counts_ten", "stacking", "uno_penalty", "blank_points")
                 if rules.get(k) is not None}
        return data
