"""The first card turned up: who starts, which way, who draws, who names the colour."""
from __future__ import annotations

from typing import Any

from ..cards import Card
from ..editions import Edition, HouseRules
from .ruling import Ruling, RulingBuilder
from .wording import name

DIRECTIONS = {"left": "to the left (clockwise)", "right": "to the right (counter-clockwise)"}
SEATS = {
    "dealer": "the dealer",
    "left-of-dealer": "the player to the dealer's left",
    "right-of-dealer": "the player to the dealer's right",
    "second-left-of-dealer": "the player two seats to the dealer's left",
}


def judge_first_card(ed: Edition, rules: HouseRules, card: Card,
                     players: int | None = None) -> Ruling:
    R = RulingBuilder("first-card", ed)
    R.rules("first-card")
    kind = card.kind.token
    two = players == 2
    details: dict[str, Any] = {"first_player": "left-of-dealer", "direction": "left",
                               "names_colour": None}
    if kind == "wild-draw4":
        R.rules("first-card-wild-draw-four")
        return R.done(
            "returned", "Returned: turn up another card",
            "A Wild Draw Four turned up to start is returned to the deck.",
            "Turn up the next card and judge that one instead.",
            details={"first_player": None, "direction": None, "names_colour": None})
    if kind == "blank":
        R.rules("first-card-blank", "blank-cards")
        R.depends("classic-112 edition: sheet 000 is silent on a Blank turned up first; "
                  "the rulebook's reading is to turn up another, unless the table's rule "
                  "for Blanks says otherwise.")
        return R.done(
            "returned", "Returned: turn up another card",
            "A Blank turned up to start is shuffled back in and another card turned up.",
            "Unless your table's rule for Blank cards says what it does as a first card.",
            details={"first_player": None, "direction": None, "names_colour": None})
    if kind == "skip":
        R.rules("first-card-skip", "skip")
        details["first_player"] = "dealer" if two else "second-left-of-dealer"
        first = ("The player to the dealer's left is skipped" +
                 (", so with two players the dealer plays first." if two else
                  "; the next player to the left plays first."))
        second = "Play then goes to the left."
        ruling = details["first_player"]
    elif kind == "reverse":
        R.rules("first-card-reverse", "reverse")
        if two:
            R.rules("two-players")
            R.depends("Two players: Reverse acts as Skip (official Mattel rule).")
            details.update(first_player="dealer", direction="right")
            first = ("With two players, Reverse acts as Skip: the other player is skipped "
                     "and the dealer plays first.")
            second = "Play then simply alternates."
        elif ed.first_reverse == "dealer-right-first":
            details.update(first_player="right-of-dealer", direction="right")
            R.depends(f"{ed.slug} edition: the player to the dealer's right plays first "
                      "(sheet 000); the classic sheet 002 says the dealer.")
            first = "The player to the dealer's right plays first."
            second = "Play then goes to the right instead of the left."
        else:
            details.update(first_player="dealer", direction="right")
            sheet = "004" if ed.slug == "wimpy-kid" else "002"
            note = f"{ed.slug} edition: the dealer plays first (sheet {sheet})"
            if ed.slug == "classic":
                note += "; sheet 001 says the player to the dealer's right instead"
            R.depends(note + ".")
            first = "The dealer plays first."
            second = "Play then goes to the right instead of the left."
        ruling = details["first_player"]
    elif kind == "draw2":
        R.rules("first-card-draw-two", "draw-two")
        details["first_player"] = "dealer" if two else "second-left-of-dealer"
        R.draw("left-of-dealer", 2)
        first = "The player to the dealer's left draws 2 and loses the turn."
        second = ("With two players the dealer plays next; play goes to the left." if two
                  else "The next player to the left plays first; play goes to the left.")
        ruling = details["first_player"]
    elif kind == "wild":
        R.rules("first-card-wild", "wild")
        details["names_colour"] = "left-of-dealer"
        first = "The player to the dealer's left names the colour to start with."
        second = "That player also plays first; play goes to the left."
        ruling = "left-of-dealer"
    elif kind == "cheese-touch":
        R.rules("first-card-cheese-touch", "cheese-touch")
        R.draw("left-of-dealer", 2)
        R.depends("wimpy-kid edition: sheet 004 does not cover a Cheese Touch turned up "
                  "first; the judge treats it as played by the dealer, as sheet 001 does "
                  "for every action card.")
        first = "The player to the dealer's left draws 2 for the Cheese Touch."
        second = ("Then that player plays a yellow card, or draws 2 more if they have none; "
                  "play goes to the left.")
        ruling = "left-of-dealer"
    else:
        first = f"The {name(card)} is an ordinary card: nothing special happens."
        second = "The player to the dealer's left plays first, matching it; play goes left."
        ruling = "left-of-dealer"
    return R.done(ruling, "First: " + SEATS[details["first_player"]], first, second,
                  details=details)
