"""Going out, on a draw card or any other."""
from __future__ import annotations

from ..cards import Card
from ..editions import Edition, HouseRules
from .effects import CARD_RULES, draws
from .ruling import Ruling, RulingBuilder
from .wording import cap, name, who

# Why the cards the next player draws still matter once the hand is over.
STILL_COUNT = {
    "wild-draw4": ("Those cards count in the score; the Wild Draw Four was allowed, "
                   "as no other card was left in the hand."),
}
NOTES = {
    "cheese-touch": ("wimpy-kid edition: sheet 004 says the next player draws 2 whenever a "
                     "Cheese Touch is discarded; it does not say so for the last card, so the "
                     "judge applies the Draw Two rule."),
    "blank": "classic-112 edition: Blank cards are left to the table (sheet 000).",
}


def judge_going_out(ed: Edition, rules: HouseRules, card: Card, player: str | None = None) -> Ruling:
    R = RulingBuilder("going-out", ed)
    R.rules("going-out")
    someone = who(player, "the player")
    kind = card.kind.token
    if kind in NOTES:
        R.depends(NOTES[kind])
    n = draws(card)
    if not n:
        if kind == "blank":
            R.rules("blank-cards")
        return R.done(
            "hand-over", "The hand is over",
            f"{cap(someone)} went out on the {name(card)}: nobody draws.",
            "Count the cards left in the other hands.")
    R.rules("going-out-on-draw", CARD_RULES[kind])
    R.draw("next-player", n)
    return R.done(
        "next-player-draws", f"The next player draws {n}",
        f"{cap(someone)} went out on the {name(card)}: the next player still draws {n}.",
        STILL_COUNT.get(kind, "Those cards count when the points are totalled."))
