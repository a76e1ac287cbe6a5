"""Reverse, Skip and the draw cards with two players."""
from __future__ import annotations

from ..cards import Card
from ..editions import Edition, HouseRules
from .effects import CARD_RULES, LOSES_TURN, draws
from .ruling import Ruling, RulingBuilder
from .text import N_, say
from .wording import TWO_PLAYER_REVERSE, name

# What a player made to draw, but not to lose the turn, must then play.
FOLLOW_UP = {"cheese-touch": N_("So they draw %(num)d, then play: a yellow card, or they draw 2 "
                                "more.")}


def judge_two_players(ed: Edition, rules: HouseRules, card: Card) -> Ruling:
    R = RulingBuilder("two-players", ed)
    R.rules("two-players")
    kind = card.kind.token
    if kind in CARD_RULES:
        R.rules(CARD_RULES[kind])
    n = draws(card)
    if n:
        R.draw("other-player", n)
    if kind in ("7", "0") and rules.seven_o:
        R.rules("house-seven-o")
        R.depends(say(N_("House rule: Seven-O is on: with two players a 7 or a 0 exchanges the "
                         "two hands; the turn still passes.")))
    if kind == "reverse":
        R.depends(TWO_PLAYER_REVERSE)
        return R.done(
            "play-again", say(N_("Play again: Reverse acts as Skip")),
            say(N_("With two players the %(card)s acts as a Skip: the other player loses "
                   "the turn."), card=name(card)),
            say(N_("So whoever played it plays again.")))
    if kind in LOSES_TURN:
        return R.done(
            "play-again",
            say(N_("Play again: the other player draws %(num)d"), num=n) if n else
            say(N_("Play again")),
            say(N_("The %(card)s makes the other player draw %(num)d and lose the turn."),
                card=name(card), num=n) if n else
            say(N_("The %(card)s skips the other player."), card=name(card)),
            say(N_("With two players that means whoever played it plays again.")))
    if n:
        return R.done(
            "turn-passes", say(N_("The turn passes: the other player draws %(num)d"), num=n),
            say(N_("The %(card)s makes the other player draw %(num)d, but it does not cost "
                   "them the turn."), card=name(card), num=n),
            say(FOLLOW_UP.get(kind) or N_("So they draw %(num)d, then play: as usual."), num=n))
    return R.done(
        "turn-passes", say(N_("The turn passes")),
        say(N_("The %(card)s has no effect on the order of play."), card=name(card)),
        say(N_("With two players, turns simply alternate.")))
