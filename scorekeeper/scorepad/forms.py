"""HTML forms. The hand form is built per game: one count per card kind per player."""
from __future__ import annotations

from flask_babel import lazy_gettext, lazy_ngettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, FieldList, HiddenField, RadioField, SelectChoice, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from ..domain.editions import Edition
from ..domain.scoring import MAX_NAME, MAX_PLAYERS, MAX_TYPED_TOTAL
from ..form_fields import GameSettingsFields, WholeNumberField
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
        "after": HiddenField(),  # hands in the game when the keypad opened (forms from before "seen")
        "seen": HiddenField(),  # the game's version when the keypad opened
    }
    for seat in range(len(players)):
        for kind, copies in edition.deck.items():
            attrs[field_name(seat, kind)] = WholeNumberField(kind, validators=[  # empty, not "0": typing 2 gives 2
                Optional(), NumberRange(0, copies, lazy_ngettext("The deck has %(num)d of these.", "The deck has %(num)d of these.", copies))])
        attrs[f"p{seat}_typed"] = WholeNumberField(lazy_gettext("Typed total"), validators=[
            Optional(), NumberRange(0, MAX_TYPED_TOTAL, lazy_gettext("From 0 to %(max)d points.", max=MAX_TYPED_TOTAL))])
    return type("HandForm", (FlaskForm,), attrs)
