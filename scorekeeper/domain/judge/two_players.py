"""Reverse, Skip and the draw cards with two players."""
from __future__ import annotations

from ..cards import Card
from ..editions import Edition, HouseRules
from .ruling import Ruling, RulingBuilder
from .wording import name


def judge_two_players(ed: Edition, rules: HouseRules, card: Card) -> Ruling:
    R = RulingBuilder("two-players", ed)
    R.rules("two-players")
    kind = card.kind.token
    if kind == "reverse":
        R.rules("reverse")
        R.depends("Two players: Reverse acts as Skip (official Mattel rule).")
        return R.done(
            "play-again", "Play again: Reverse acts as Skip",
            f"With two players the {name(card)} acts as a Skip: the other player loses "
            "the turn.",
            "So whoever played it plays again.")
    if kind == "skip":
        R.rules("skip")
        return R.done(
            "play-again", "Play again",
            f"The {name(card)} skips the other player.",
            "With two players that means whoever played it plays again.")
    if kind in ("draw2", "wild-draw4"):
        n = 2 if kind == "draw2" else 4
        R.rules("draw-two" if kind == "draw2" else "wild-draw-four")
        R.draw("other-player", n)
        return R.done(
            "play-again", f"Play again: the other player draws {n}",
            f"The {name(card)} makes the other player draw {n} and lose the turn.",
            "With two players that means whoever played it plays again.")
    return R.done(
        "turn-passes", "The turn passes",
        f"The {name(card)} has no effect on the order of play.",
        "With two players, turns simply alternate.")
