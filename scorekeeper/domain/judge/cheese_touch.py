"""The Cheese Touch (wimpy-kid edition only): playing it, answering it, and after.

`answer_fresh_cheese` is the only judge of a player hit by a fresh Cheese Touch: the
`cheese-touch` question and `play` with a fresh Cheese Touch on top both come here."""
from __future__ import annotations

from ..cards import Card
from ..editions import Edition, HouseRules
from .colour import colour_in_play, is_yellow
from .ruling import JudgeError, Ruling, RulingBuilder
from .wording import CHEESE_IN_HAND, CHEESE_SHEET, a, cap, name


def require_cheese_touch(ed: Edition) -> None:
    if ed.extra != "cheese-touch":
        raise JudgeError(
            f"The Cheese Touch is only in the wimpy-kid edition; the {ed.slug} deck has none.")


def judge_cheese_touch(ed: Edition, rules: HouseRules, situation: str = "play", *,
                       top: Card | None = None, color: str | None = None,
                       card: Card | None = None, has_yellow: bool | None = None) -> Ruling:
    require_cheese_touch(ed)
    R = RulingBuilder("cheese-touch", ed)
    R.depends(CHEESE_SHEET)
    if situation == "play":
        if top is None:
            raise JudgeError("Say the top card of the discard pile ('top'), for example "
                             "'yellow-3'.")
        return cheese_touch_played(R, top, colour_in_play(top, color))
    if situation == "later":
        R.rules("cheese-touch-after", "matching")
        return R.done(
            "yellow-card", "A normal yellow card now",
            "Once the next player has answered it, the Cheese Touch counts as a normal "
            "yellow card.",
            "Play any yellow card or a Wild on it; nobody draws because of it any more.")
    return answer_fresh_cheese(R, card, has_yellow, "the player")


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


def answer_fresh_cheese(R: RulingBuilder, card: Card | None, has_yellow: bool | None,
                        someone: str) -> Ruling:
    """`someone` was just given the Cheese Touch: they draw 2, then answer with yellow."""
    R.rules("cheese-touch")
    R.depends(CHEESE_SHEET)
    if card is None:
        return _without_a_card(R, has_yellow, someone)
    R.draw("player", 2)
    if card.kind.token == "cheese-touch":
        R.depends(CHEESE_IN_HAND)
        return R.done(
            "illegal", "Illegal by the judge's reading: the sheet is silent",
            "Sheet 004 does not say whether a Cheese Touch can answer a Cheese Touch; the "
            "judge counts only yellow cards.",
            f"So {someone} draws 2, then plays a yellow card or draws 2 more (4 in all).")
    if is_yellow(card):
        return R.done(
            "legal", f"Legal: {someone} draws 2, then plays it",
            f"The Cheese Touch was just passed on: {someone} draws 2, then answers it with "
            f"the {name(card)}.",
            "Any yellow card answers it; play then goes on as usual.")
    return R.done(
        "illegal", "Illegal: only a yellow card answers the Cheese Touch",
        f"After drawing 2 for the Cheese Touch, {someone} must play a yellow card; "
        f"the {name(card)} is not yellow.",
        "With no yellow card to play, they draw 2 more cards (4 in all).")


def _without_a_card(R: RulingBuilder, has_yellow: bool | None, someone: str) -> Ruling:
    if has_yellow is False:
        R.draw("player", 4)
        return R.done(
            "draw-more", "Draw 2, then 2 more",
            f"{cap(someone)} draws 2 for the Cheese Touch and has no yellow card to play on it.",
            "So they draw 2 more cards: 4 in all.")
    R.draw("player", 2)
    return R.done(
        "play-yellow", "Draw 2, then play yellow",
        f"{cap(someone)}, given the Cheese Touch, draws 2 cards.",
        "Then they play a yellow card, or draw 2 more if they have none.")
