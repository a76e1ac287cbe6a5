"""Going out, on a draw card or any other."""
from __future__ import annotations

from ..cards import Card
from ..editions import Edition, HouseRules
from .effects import CARD_RULES, draws
from .ruling import Ruling, RulingBuilder
from .text import N_, say
from .wording import cap, name, who

# Why the cards the next player draws still matter once the hand is over.
STILL_COUNT = {
    "wild-draw4": say(N_("Those cards count in the score; the Wild Draw Four was allowed, "
                         "as no other card was left in the hand.")),
}
NOTES = {
    "cheese-touch": say(N_("Diary of a Wimpy Kid: its leaflet says the next player draws 2 "
                           "whenever a Cheese Touch is discarded; it is silent on the last "
                           "card, so our reading applies the Draw Two rule.")),
    "blank": say(N_("Classic with Blank cards: its leaflet leaves Blank cards to the table.")),
}


def judge_going_out(ed: Edition, rules: HouseRules, card: Card, player: str | None = None) -> Ruling:
    R = RulingBuilder("going-out", ed)
    R.rules("going-out")
    someone = who(player, say(N_("the player")))
    kind = card.kind.token
    if kind in NOTES:
        R.depends(NOTES[kind])
    n = draws(card)
    if kind in ("7", "0") and rules.seven_o:
        R.rules("house-seven-o")
        R.depends(say(N_("House rule: Seven-O is on, but it has no effect on a last card: "
                         "nobody swaps or passes hands.")))
    if not n:
        if kind == "blank":
            R.rules("blank-cards")
        return R.done(
            "hand-over", say(N_("The hand is over")),
            say(N_("%(who)s went out on the %(card)s: nobody draws."),
                who=cap(someone), card=name(card)),
            say(N_("Count the cards left in the other hands.")))
    R.rules("going-out-on-draw", CARD_RULES[kind])
    R.draw("next-player", n)
    return R.done(
        "next-player-draws", say(N_("The next player draws %(num)d"), num=n),
        say(N_("%(who)s went out on the %(card)s: the next player still draws %(num)d."),
            who=cap(someone), card=name(card), num=n),
        STILL_COUNT.get(kind) or say(N_("Those cards count when the points are totalled.")))
