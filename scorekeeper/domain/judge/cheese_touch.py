"""The Cheese Touch (wimpy-kid edition only): playing it, answering it, and after."""
from __future__ import annotations

from typing import Mapping

from ..cards import Card
from ..editions import Edition, HouseRules
from .colour import CHEESE_IN_HAND, colour_in_play, is_yellow
from .reading import read_card, read_colour
from .ruling import JudgeError, Ruling, RulingBuilder
from .wording import a, name


def judge_cheese_touch(ed: Edition, rules: HouseRules, situation: str, q: Mapping) -> Ruling:
    if ed.extra != "cheese-touch":
        raise JudgeError(
            f"The Cheese Touch is only in the wimpy-kid edition; the {ed.slug} deck has none.")
    R = RulingBuilder("cheese-touch", ed)
    R.depends("wimpy-kid edition: the Cheese Touch (sheet 004).")
    if situation == "play":
        top = read_card(q, "top", ed, "the top card of the discard pile")
        called = read_colour(q, "color", "", required=False)
        return cheese_touch_played(R, top, colour_in_play(top, called))
    if situation == "later":
        R.rules("cheese-touch-after", "matching")
        return R.done(
            "yellow-card", "A normal yellow card now",
            "Once the next player has answered it, the Cheese Touch counts as a normal "
            "yellow card.",
            "Play any yellow card or a Wild on it; nobody draws because of it any more.")
    # the next player, who just got the Cheese Touch
    R.rules("cheese-touch")
    card = read_card(q, "card", ed, "the card played", required=False)
    has_yellow = q.get("has_yellow")
    if has_yellow is not None and not isinstance(has_yellow, bool):
        raise JudgeError("'has_yellow' must be true or false.")
    if card is not None:
        R.draw("player", 2)
        if card.kind.token == "cheese-touch":
            R.depends(CHEESE_IN_HAND)
        if is_yellow(card):
            return R.done(
                "legal", "Legal: draw 2, then play it",
                f"The player draws 2, then answers the Cheese Touch with the {name(card)}.",
                "Any yellow card answers it; play then goes on as usual.")
        return R.done(
            "illegal", "Illegal: a yellow card is needed",
            f"The {name(card)} is not yellow: only a yellow card answers the Cheese Touch.",
            "With no yellow card, the player draws 2 more (4 in all).")
    if has_yellow is False:
        R.draw("player", 4)
        return R.done(
            "draw-more", "Draw 2, then 2 more",
            "The player draws 2 for the Cheese Touch and has no yellow card to play on it.",
            "So they draw 2 more cards: 4 in all.")
    R.draw("player", 2)
    return R.done(
        "play-yellow", "Draw 2, then play yellow",
        "The player the Cheese Touch is passed to draws 2 cards.",
        "Then they play a yellow card, or draw 2 more if they have none.")


def cheese_touch_played(R: RulingBuilder, top: Card, colour: str | None) -> Ruling:
    """The Cheese Touch goes only on yellow; its cooties pass to the next player, who draws 2."""
    R.rules("cheese-touch")
    if colour == "yellow":
        R.draw("next-player", 2)
        return R.done(
            "legal", "Legal: the next player draws 2",
            f"The Cheese Touch may go on {a(top)} because yellow is in play.",
            "The next player draws 2, then must play a yellow card or draw 2 more.")
    return R.done(
        "illegal", "Illegal: the Cheese Touch goes only on yellow",
        f"The colour in play on {a(top)} is {colour}, not yellow.",
        "It may only be played on a yellow card (or after yellow is called on a Wild).")
