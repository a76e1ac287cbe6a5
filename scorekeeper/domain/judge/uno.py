"""Caught without saying UNO."""
from __future__ import annotations

from ..editions import Edition, HouseRules, uno_penalty
from .ruling import Ruling, RulingBuilder
from .wording import cap, who


def judge_uno(ed: Edition, rules: HouseRules, caught: str, said_uno_first: bool = False,
              player: str | None = None) -> Ruling:
    R = RulingBuilder("uno", ed)
    someone = who(player, "the player")
    if caught == "before-second-to-last-card":
        R.rules("uno-catch-window", "say-uno")
        return R.done(
            "no-penalty", "No penalty: too early",
            "A player can be caught only once their second-to-last card has touched the "
            "discard pile.",
            f"Before that, {someone} still has time to say UNO.")
    if caught == "after-next-turn":
        R.rules("uno-catch-window", "say-uno")
        return R.done(
            "no-penalty", "No penalty: too late",
            "The catch came after the next player began their turn (drew from the pile or "
            "took a card to play).",
            f"Once that happens {someone} can no longer be caught.")
    if said_uno_first:
        R.rules("uno-self-catch", "say-uno", "uno-catch-window")
        return R.done(
            "no-penalty", f"No penalty: {someone} said UNO first",
            f"{cap(someone)} said UNO before anyone else called it out.",
            "Catching yourself first is safe, even if it was a little late.")
    n = _penalty(R, ed, rules)
    if n == 0:
        return R.done(
            "no-penalty", "No penalty: the house rule sets it to 0",
            f"{cap(someone)} was caught in time without having said UNO.",
            "The table's house rule sets the UNO penalty to 0 cards.")
    R.draw("player", n)
    return R.done(
        "penalty", f"Penalty: {someone} draws {n}",
        f"{cap(someone)} was caught after playing the second-to-last card and before the "
        "next player began their turn.",
        f"Not having said UNO first, {someone} draws {n} cards.")


def _penalty(R: RulingBuilder, ed: Edition, rules: HouseRules) -> int:
    """The cards a caught player draws, and the note on where that number comes from."""
    n = uno_penalty(ed, rules)
    R.rules("say-uno", "uno-catch-window", "uno-penalty")
    if rules.uno_penalty is not None:
        R.rules("house-uno-penalty")
        R.depends(f"House rule: the UNO penalty is {n} (the {ed.slug} edition says "
                  f"{ed.uno_penalty}).")
    elif ed.uno_penalty != 2:
        R.depends(f"{ed.slug} edition: the penalty is {n} (sheet 000); the 108-card sheets "
                  "say 2.")
    else:
        R.depends(f"{ed.slug} edition: the penalty is {n}.")
    return n
