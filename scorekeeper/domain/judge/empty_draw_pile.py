"""The draw pile is empty."""
from __future__ import annotations

from ..editions import Edition, HouseRules
from .ruling import Ruling, RulingBuilder
from .text import N_, say


def judge_empty_draw_pile(ed: Edition, rules: HouseRules) -> Ruling:
    R = RulingBuilder("empty-draw-pile", ed)
    R.rules("empty-draw-pile")
    return R.done(
        "reshuffle", say(N_("Reshuffle the discards")),
        say(N_("Keep the top card of the discard pile; shuffle the rest into a new draw pile.")),
        say(N_("Play goes on: the hand only ends when someone goes out.")))
