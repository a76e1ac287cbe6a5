"""Reverse, Skip and the draw cards with two players."""
from __future__ import annotations

from ..cards import Card
from ..editions import Edition, HouseRules
from .effects import CARD_RULES, LOSES_TURN, draws
from .ruling import Ruling, RulingBuilder
from .wording import TWO_PLAYER_REVERSE, name

# What a player made to draw, but not to lose the turn, must then play.
FOLLOW_UP = {"cheese-touch": "a yellow card, or they draw 2 more"}


def judge_two_players(ed: Edition, rules: HouseRules, card: Card) -> Ruling:
    R = RulingBuilder("two-players", ed)
    R.rules("two-players")
    kind = card.kind.token
    if kind in CARD_RULES:
        R.rules(CARD_RULES[kind])
    n = draws(card)
    if n:
        R.draw("other-player", n)
    if kind == "reverse":
        R.depends(TWO_PLAYER_REVERSE)
        return R.done(
            "play-again", "Play again: Reverse acts as Skip",
            f"With two players the {name(card)} acts as a Skip: the other player loses "
            "the turn.",
            "So whoever played it plays again.")
    if kind in LOSES_TURN:
        return R.done(
            "play-again", f"Play again: the other player draws {n}" if n else "Play again",
            f"The {name(card)} makes the other player draw {n} and lose the turn." if n else
            f"The {name(card)} skips the other player.",
            "With two players that means whoever played it plays again.")
    if n:
        return R.done(
            "turn-passes", f"The turn passes: the other player draws {n}",
            f"The {name(card)} makes the other player draw {n}, but it does not cost them "
            "the turn.",
            f"So they draw {n}, then play: {FOLLOW_UP.get(kind, 'as usual')}.")
    return R.done(
        "turn-passes", "The turn passes",
        f"The {name(card)} has no effect on the order of play.",
        "With two players, turns simply alternate.")
