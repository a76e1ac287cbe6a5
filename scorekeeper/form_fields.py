"""Form fields more than one feature's forms use."""
from __future__ import annotations

from flask_babel import gettext, lazy_gettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, IntegerField, RadioField, SelectChoice
from wtforms.validators import InputRequired, NumberRange, Optional

from .domain.editions import (DEFAULT_BLANK_POINTS, DEFAULT_EDITION, EDITIONS, HOUSE_RULE_HELP,
                              HOUSE_RULE_NAMES, MAX_BLANK_POINTS, MAX_TARGET, MAX_UNO_PENALTY, PLAY_RULES,
                              STACKING_HELP, STACKING_NAMES, HouseRuleError, parse_house_rules)
from .domain.text import say
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


class StackingField(RadioField):
    """The stacking house rule as one choice: off, plain stacking, or a stricter mode. Any other
    value a form posts ("y", as the checkbox it replaces did) means plain stacking."""
    MODES = ("same-kind", "equal-or-higher")

    def __init__(self, label, **kwargs):
        super().__init__(label, default="", validate_choice=False, choices=[
            SelectChoice("", lazy_gettext("No stacking (official rules)")),
            SelectChoice("y", lazy_gettext("Stacking: any draw card on a draw card; totals add up")),
            SelectChoice("same-kind", lazy_gettext("Progressive"), render_kw={"data-help": "same-kind"}),
            SelectChoice("equal-or-higher", lazy_gettext("Equal or higher"))], **kwargs)

    def process_data(self, value):
        super().process_data({True: "y", False: ""}.get(value, value) if value is not None else "")

    @property
    def rule(self) -> bool | str:
        value = self.data or ""
        return value if value in self.MODES else bool(value)


class GameSettingsFields(FlaskForm):
    """Deck, scoring, target and house rules: a new game's, and a table game's (templates/_game_settings.html)."""

    edition = RadioField(lazy_gettext("Deck"), default=DEFAULT_EDITION,
                         choices=[SelectChoice(e.slug, e.name) for e in EDITIONS.values()])
    scoring = RadioField(lazy_gettext("Scoring"), default=WINNER_TAKES_POINTS, choices=[SelectChoice(s.slug, s.name) for s in SYSTEMS.values()])
    target = WholeNumberField(lazy_gettext("Play to"), default=500, validators=[
        InputRequired(WHOLE), NumberRange(1, MAX_TARGET, TARGET_RANGE)])
    zero_counts_ten = BooleanField(lazy_gettext("0 counts as 10"), description=HOUSE_RULE_HELP["zero_counts_ten"])
    stacking = StackingField(lazy_gettext("Stacking draws"), description=HOUSE_RULE_HELP["stacking"])
    seven_o = BooleanField(lazy_gettext("Seven-O"), description=HOUSE_RULE_HELP["seven_o"])
    jump_in = BooleanField(lazy_gettext("Jump-In"), description=HOUSE_RULE_HELP["jump_in"])
    draw_to_match = BooleanField(lazy_gettext("Draw until you can play"),
                                 description=HOUSE_RULE_HELP["draw_to_match"])
    force_play = BooleanField(lazy_gettext("Force play"), description=HOUSE_RULE_HELP["force_play"])
    wild_draw4_any_time = BooleanField(lazy_gettext("No bluffing"),
                                       description=HOUSE_RULE_HELP["wild_draw4_any_time"])
    stacking_help = STACKING_HELP
    uno_penalty = WholeNumberField(lazy_gettext("UNO penalty"), description=HOUSE_RULE_HELP["uno_penalty"], validators=[
        Optional(), NumberRange(0, MAX_UNO_PENALTY, lazy_gettext("From 0 to %(max)d cards.", max=MAX_UNO_PENALTY))])
    blank_points = WholeNumberField(lazy_gettext("Blank card points"), default=DEFAULT_BLANK_POINTS,
                                description=HOUSE_RULE_HELP["blank_points"], validators=[
        Optional(), NumberRange(0, MAX_BLANK_POINTS, lazy_gettext("From 0 to %(max)d points.", max=MAX_BLANK_POINTS))])

    def house_rules(self) -> dict:
        rules = {"zero_counts_ten": self.zero_counts_ten.data, "stacking": self.stacking.rule,
                 "uno_penalty": self.uno_penalty.data}
        rules |= {name: True for name in PLAY_RULES if getattr(self, name).data}
        if EDITIONS[self.edition.data].extra == "blank" and self.blank_points.data is not None:
            rules["blank_points"] = self.blank_points.data
        return rules

    def rule_names(self) -> list:
        """The house rules this form has on, named as the scoreboard names them."""
        edition = EDITIONS.get(self.edition.data) or EDITIONS[DEFAULT_EDITION]
        try:
            return parse_house_rules({k: v for k, v in self.house_rules().items()
                                      if k != "blank_points"}, edition).names()
        except HouseRuleError:
            return []  # the form shows the field's own error

    @staticmethod
    def rule_words() -> dict:
        """Each house-rule input as the summary line names it (a stacking mode as `stacking=<value>`),
        the same names as rule_names(), for the start form's script."""
        words = {name: say(text) for name, text in HOUSE_RULE_NAMES.items()}
        modes = {"y": True} | {mode: mode for mode in StackingField.MODES}
        return words | {f"stacking={value}": say(STACKING_NAMES[mode]) for value, mode in modes.items()}

    def settings(self) -> dict:
        return {"edition": self.edition.data, "scoring": self.scoring.data, "target": self.target.data,
                "house_rules": self.house_rules()}

    @staticmethod
    def prefill(settings: dict) -> dict:
        """Form data from a game's settings (game_settings), to start the next game like it."""
        rules = settings.get("house_rules") or {}
        data = {k: settings[k] for k in ("edition", "scoring", "target") if k in settings}
        data |= {k: rules[k] for k in ("zero_counts_ten", "stacking", "uno_penalty", "blank_points",
                                       *PLAY_RULES)
                 if rules.get(k) is not None}
        return data
