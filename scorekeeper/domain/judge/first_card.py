"""The first card turned up: who starts, which way, who draws, who names the colour."""
from __future__ import annotations

from typing import Any, Callable

from ..cards import Card
from ..editions import Edition, HouseRules
from .labels import SEATS
from .ruling import Ruling, RulingBuilder
from .text import N_, say
from .wording import TWO_PLAYER_REVERSE, name

# What each first card says: (first line, second line); it may also set `details`.
Start = tuple[str, str]


def judge_first_card(ed: Edition, rules: HouseRules, card: Card,
                     players: int | None = None) -> Ruling:
    R = RulingBuilder("first-card", ed)
    R.rules("first-card")
    kind = card.kind.token
    if kind in RETURNED:
        return _returned(R, kind)
    details: dict[str, Any] = {"first_player": "left-of-dealer", "direction": "left",
                               "names_colour": None}
    start = STARTS.get(kind, _ordinary)
    first, second = start(R, ed, card, players == 2, details)
    seat = details["first_player"]
    return R.done(seat, say(N_("First: %(seat)s"), seat=say(SEATS[seat])),
                  say(first), say(second), details=details)


RETURNED = {
    "wild-draw4": ("first-card-wild-draw-four", None,
                   N_("A Wild Draw Four turned up to start is returned to the deck."),
                   N_("Turn up the next card and judge that one instead.")),
    "blank": ("first-card-blank",
              N_("Classic with Blank cards: its leaflet is silent on a Blank turned up first; our "
                 "reading is to turn up another, unless the table's rule for Blanks says "
                 "otherwise."),
              N_("A Blank turned up to start is shuffled back in and another card turned up."),
              N_("Unless your table's rule for Blank cards says what it does as a first card.")),
}


def _returned(R: RulingBuilder, kind: str) -> Ruling:
    rule, note, first, second = RETURNED[kind]
    R.rules(rule)
    if kind == "blank":
        R.rules("blank-cards")
    if note:
        R.depends(say(note))
    return R.done("returned", say(N_("Returned: turn up another card")), say(first), say(second),
                  details={"first_player": None, "direction": None, "names_colour": None})


def _skip(R: RulingBuilder, ed: Edition, card: Card, two: bool, details: dict) -> Start:
    R.rules("first-card-skip", "skip")
    details["first_player"] = "dealer" if two else "second-left-of-dealer"
    return (N_("The player to the dealer's left is skipped, so with two players the dealer "
               "plays first.") if two else
            N_("The player to the dealer's left is skipped; the next player to the left plays "
               "first."),
            N_("Play then goes to the left."))


def _reverse(R: RulingBuilder, ed: Edition, card: Card, two: bool, details: dict) -> Start:
    R.rules("first-card-reverse", "reverse")
    if two:
        R.rules("two-players")
        R.depends(TWO_PLAYER_REVERSE)
        details.update(first_player="dealer", direction="right")
        return (N_("With two players, Reverse acts as Skip: the other player is skipped "
                   "and the dealer plays first."), N_("Play then simply alternates."))
    if ed.first_reverse == "dealer-right-first":
        details.update(first_player="right-of-dealer", direction="right")
        R.depends(say(ed.first_player_note, edition=ed.name))
        return (N_("The player to the dealer's right plays first."),
                N_("From then on, play goes to the right."))
    details.update(first_player="dealer", direction="right")
    R.depends(say(ed.first_player_note, edition=ed.name))
    return N_("The dealer plays first."), N_("From then on, play goes to the right.")


def _draw_two(R: RulingBuilder, ed: Edition, card: Card, two: bool, details: dict) -> Start:
    R.rules("first-card-draw-two", "draw-two")
    details["first_player"] = "dealer" if two else "second-left-of-dealer"
    R.draw("left-of-dealer", 2)
    return (N_("The player to the dealer's left draws 2 and loses the turn."),
            N_("With two players the dealer plays next; play goes to the left.") if two
            else N_("The next player to the left plays first; play goes to the left."))


def _wild(R: RulingBuilder, ed: Edition, card: Card, two: bool, details: dict) -> Start:
    R.rules("first-card-wild", "wild")
    details["names_colour"] = "left-of-dealer"
    return (N_("The player to the dealer's left names the colour to start with."),
            N_("That player also plays first; play goes to the left."))


def _cheese_touch(R: RulingBuilder, ed: Edition, card: Card, two: bool, details: dict) -> Start:
    R.rules("first-card-cheese-touch", "cheese-touch")
    R.draw("left-of-dealer", 2)
    R.depends(say(N_("Diary of a Wimpy Kid: its leaflet does not cover a Cheese Touch turned "
                     "up first; our reading treats it as played by the dealer, as the "
                     "official-rules web page does for every action card.")))
    return (N_("The player to the dealer's left draws 2 for the Cheese Touch."),
            N_("Then that player plays a yellow card, or draws 2 more if they have none; "
               "play goes to the left."))


def _ordinary(R: RulingBuilder, ed: Edition, card: Card, two: bool, details: dict) -> Start:
    return (say(N_("The %(card)s is an ordinary card: nothing special happens."), card=name(card)),
            N_("The player to the dealer's left plays first, matching it; play goes left."))


STARTS: dict[str, Callable[[RulingBuilder, Edition, Card, bool, dict], Start]] = {
    "skip": _skip, "reverse": _reverse, "draw2": _draw_two, "wild": _wild,
    "cheese-touch": _cheese_touch,
}
