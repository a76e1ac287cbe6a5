"""Caught without saying UNO."""
from __future__ import annotations

from ..editions import Edition, HouseRules, uno_penalty
from .ruling import Ruling, RulingBuilder
from .text import N_, Nn_, say, say_n
from .wording import cap, who


def judge_uno(ed: Edition, rules: HouseRules, caught: str, said_uno_first: bool = False,
              player: str | None = None) -> Ruling:
    R = RulingBuilder("uno", ed)
    someone = who(player, say(N_("the player")))
    if caught == "before-second-to-last-card":
        R.rules("uno-catch-window", "say-uno")
        return R.done(
            "no-penalty", say(N_("No penalty: too early")),
            say(N_("A player can be caught only once their second-to-last card has touched "
                   "the discard pile.")),
            say(N_("Before that, %(who)s still has time to say UNO."), who=someone))
    if caught == "after-next-turn":
        R.rules("uno-catch-window", "say-uno")
        return R.done(
            "no-penalty", say(N_("No penalty: too late")),
            say(N_("The catch came after the next player began their turn (drew from the "
                   "pile or took a card to play).")),
            say(N_("Once that happens %(who)s can no longer be caught."), who=someone))
    if said_uno_first:
        R.rules("uno-self-catch", "say-uno", "uno-catch-window")
        return R.done(
            "no-penalty", say(N_("No penalty: %(who)s said UNO first"), who=someone),
            say(N_("%(who)s said UNO before anyone else called it out."), who=cap(someone)),
            say(N_("Catching yourself first is safe, even if it was a little late.")))
    n = _penalty(R, ed, rules)
    if n == 0:
        return R.done(
            "no-penalty", say(N_("No penalty: the house rule sets it to 0")),
            say(N_("%(who)s was caught in time without having said UNO."), who=cap(someone)),
            say(N_("The table's house rule sets the UNO penalty to 0 cards.")))
    R.draw("player", n)
    return R.done(
        "penalty", say(N_("Penalty: %(who)s draws %(num)d"), who=someone, num=n),
        say(N_("%(who)s was caught after playing the second-to-last card and before the "
               "next player began their turn."), who=cap(someone)),
        say_n(Nn_("Not having said UNO first, %(who)s draws %(num)d card.",
                  "Not having said UNO first, %(who)s draws %(num)d cards."), n, who=someone))


def _penalty(R: RulingBuilder, ed: Edition, rules: HouseRules) -> int:
    """The cards a caught player draws, and the note on where that number comes from."""
    n = uno_penalty(ed, rules)
    R.rules("say-uno", "uno-catch-window", "uno-penalty")
    if rules.uno_penalty is not None:
        R.rules("house-uno-penalty")
        R.depends(say(N_("House rule: the UNO penalty is %(num)d; the deck's own rule says "
                         "%(official)d."), num=n, official=ed.uno_penalty))
    elif ed.uno_penalty != 2:
        R.depends(say(N_("%(edition)s: the penalty is %(num)d, as its leaflet says; the "
                         "108-card deck's rules say 2."), edition=ed.name, num=n))
    else:
        R.depends(say(N_("%(edition)s: the penalty is %(num)d."), edition=ed.name, num=n))
    return n
