"""Going out, on a draw card or any other."""
from __future__ import annotations

from ..cards import Card
from ..editions import Edition, HouseRules
from .ruling import Ruling, RulingBuilder
from .wording import cap, name, who


def judge_going_out(ed: Edition, rules: HouseRules, card: Card, player: str | None = None) -> Ruling:
    R = RulingBuilder("going-out", ed)
    R.rules("going-out")
    someone = who(player, "the player")
    kind = card.kind.token
    if kind in ("draw2", "wild-draw4"):
        n = 2 if kind == "draw2" else 4
        R.rules("going-out-on-draw", "draw-two" if kind == "draw2" else "wild-draw-four")
        R.draw("next-player", n)
        second = "Those cards count when the points are totalled."
        if kind == "wild-draw4":
            second = ("Those cards count in the score; the Wild Draw Four was allowed, "
                      "as no other card was left in the hand.")
        return R.done(
            "next-player-draws", f"The next player draws {n}",
            f"{cap(someone)} went out on the {name(card)}: the next player still draws {n}.",
            second)
    if kind == "cheese-touch":
        R.rules("going-out-on-draw", "cheese-touch")
        R.draw("next-player", 2)
        R.depends("wimpy-kid edition: sheet 004 says the next player draws 2 whenever a "
                  "Cheese Touch is discarded; it does not say so for the last card, so the "
                  "judge applies the Draw Two rule.")
        return R.done(
            "next-player-draws", "The next player draws 2",
            f"{cap(someone)} went out on the Cheese Touch: the next player still draws 2.",
            "Those cards count when the points are totalled.")
    if kind == "blank":
        R.rules("blank-cards")
        R.depends("classic-112 edition: Blank cards are left to the table (sheet 000).")
    return R.done(
        "hand-over", "The hand is over",
        f"{cap(someone)} went out on the {name(card)}: nobody draws.",
        "Count the cards left in the other hands.")
