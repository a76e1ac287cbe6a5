"""HTML forms. The hand form is built per game: one count per card kind per player."""
from __future__ import annotations

from flask_babel import lazy_gettext, lazy_ngettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, FieldList, HiddenField, RadioField, SelectChoice, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from ..domain.editions import (
    DEFAULT_BLANK_POINTS, DEFAULT_EDITION, EDITIONS, HOUSE_RULE_HELP, MAX_BLANK_POINTS,
    MAX_TARGET, MAX_UNO_PENALTY, Edition)
from ..domain.scoring import MAX_NAME, MAX_PLAYERS, MAX_TYPED_TOTAL, SYSTEMS, WINNER_TAKES_POINTS
from ..form_fields import TARGET_RANGE, WHOLE, WholeNumberField
from ..numbers import whole_number

class DeleteHandForm(FlaskForm):
    revision = HiddenField()  # the hand as this phone saw it: an edited hand is not deleted
    hand_id = HiddenField()  # which hand, whatever number it has moved to


class UndoForm(FlaskForm):
    """No fields: the CSRF token alone (the hand comes from the URL)."""


def parse_revision(value: str | None) -> int:
    """The revision a form carried; -1 (which matches no hand) when it is missing or garbled."""
    number = whole_number(value)
    return -1 if number is None else number


MOST_TEAMS = MAX_PLAYERS // 2
TEAM_CHOICES = [SelectChoice("", lazy_gettext("No team"))] + [
    SelectChoice(str(n), lazy_gettext("Team %(n)s", n=n)) for n in range(1, MOST_TEAMS + 1)]


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


class NewGameForm(GameSettingsFields):
    players = FieldList(
        StringField(lazy_gettext("Player"), validators=[Optional(), Length(max=MAX_NAME)]),
        min_entries=MAX_PLAYERS, max_entries=MAX_PLAYERS)
    teams = FieldList(SelectField(lazy_gettext("Team"), default="", choices=TEAM_CHOICES),
                      min_entries=MAX_PLAYERS, max_entries=MAX_PLAYERS)
    keep_order = BooleanField(lazy_gettext("Keep the order typed (partners may sit side by side)"))


def field_name(seat: int, kind: str) -> str:
    return f"p{seat}_{kind.replace('-', '_')}"


def hand_form_class(edition: Edition, players: list[str]) -> type[FlaskForm]:
    """Fields: `out` (the seat that went out), a count per kind and a typed total per seat."""
    attrs: dict[str, object] = {
        "out": RadioField(lazy_gettext("Who went out?"), choices=[SelectChoice(str(i), n) for i, n in enumerate(players)],
                          validators=[InputRequired(lazy_gettext("Tap the player who went out."))]),
        "request_id": HiddenField(),  # becomes a new hand's id
        "revision": HiddenField(),  # the edited hand's revision when the form was opened
        "hand_id": HiddenField(),  # the edited hand's id: numbers move, ids do not
        "after": HiddenField(),  # hands in the game when the keypad opened
    }
    for seat in range(len(players)):
        for kind, copies in edition.deck.items():
            attrs[field_name(seat, kind)] = WholeNumberField(kind, validators=[  # empty, not "0": typing 2 gives 2
                Optional(), NumberRange(0, copies, lazy_ngettext("The deck has %(num)d of these.", "The deck has %(num)d of these.", copies))])
        attrs[f"p{seat}_typed"] = WholeNumberField(lazy_gettext("Typed total"), validators=[
            Optional(), NumberRange(0, MAX_TYPED_TOTAL, lazy_gettext("From 0 to %(max)d points.", max=MAX_TYPED_TOTAL))])
    return type("HandForm", (FlaskForm,), attrs)
