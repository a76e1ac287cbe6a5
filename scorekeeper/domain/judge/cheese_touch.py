"""The Cheese Touch (wimpy-kid edition only): playing it, answering it, and after.

`answer_fresh_cheese` is the only judge of a player hit by a fresh Cheese Touch: the
`cheese-touch` question and `play` with a fresh Cheese Touch on top both come here."""
from __future__ import annotations

from ..cards import Card
from ..editions import Edition, HouseRules
from .colour import colour_in_play, is_yellow
from .ruling import JudgeError, Ruling, RulingBuilder
from .text import N_, say
from .wording import CHEESE_IN_HAND, CHEESE_SHEET, a, cap, colour_name, name


def require_cheese_touch(ed: Edition) -> None:
    if ed.extra != "cheese-touch":
        raise JudgeError(say(
            N_("The Cheese Touch is only in the Diary of a Wimpy Kid deck; the %(edition)s "
               "deck has none."), edition=ed.name))


def judge_cheese_touch(ed: Edition, rules: HouseRules, situation: str = "play", *,
                       top: Card | None = None, color: str | None = None,
                       card: Card | None = None, has_yellow: bool | None = None) -> Ruling:
    require_cheese_touch(ed)
    R = RulingBuilder("cheese-touch", ed)
    R.depends(CHEESE_SHEET)
    if situation == "play":
        if top is None:
            raise JudgeError(say(N_("Say the top card of the discard pile ('top'), for "
                                    "example 'yellow-3'.")))
        return cheese_touch_played(R, top, colour_in_play(top, color))
    if situation == "later":
        R.rules("cheese-touch-after", "matching")
        return R.done(
            "yellow-card", say(N_("A normal yellow card now")),
            say(N_("Once the next player has answered it, the Cheese Touch counts as a normal "
                   "yellow card.")),
            say(N_("Play any yellow card or a Wild on it; nobody draws because of it any "
                   "more.")))
    return answer_fresh_cheese(R, card, has_yellow, say(N_("the player")))


def cheese_touch_played(R: RulingBuilder, top: Card, colour: str | None) -> Ruling:
    """The Cheese Touch goes only on yellow; its cooties pass to the next player, who draws 2."""
    R.rules("cheese-touch")
    if colour == "yellow":
        R.draw("next-player", 2)
        return R.done(
            "legal", say(N_("Legal: the next player draws 2")),
            say(N_("The Cheese Touch may go on %(top)s because yellow is in play."), top=a(top)),
            say(N_("The next player draws 2, then must play a yellow card or draw 2 more.")))
    return R.done(
        "illegal", say(N_("Illegal: the Cheese Touch goes only on yellow")),
        say(N_("The colour in play on %(top)s is %(colour)s, not yellow."),
            top=a(top), colour=colour_name(colour)),
        say(N_("It may only be played on a yellow card (or after yellow is called on a "
               "Wild).")))


def answer_fresh_cheese(R: RulingBuilder, card: Card | None, has_yellow: bool | None,
                        someone: str) -> Ruling:
    """`someone` was just given the Cheese Touch: they draw 2, then answer with yellow."""
    R.rules("cheese-touch")
    R.depends(CHEESE_SHEET)
    if card is None:
        return _without_a_card(R, has_yellow, someone)
    if has_yellow is False and is_yellow(card):
        raise JudgeError(say(N_("The question says they have no yellow card, yet they answer "
                                "with the %(card)s: change one or the other."), card=name(card)))
    R.draw("player", 2)
    if card.kind.token == "cheese-touch":
        R.depends(CHEESE_IN_HAND)
        return R.done(
            "illegal", say(N_("Illegal by our reading: the leaflet is silent")),
            say(N_("The Wimpy Kid leaflet does not say whether a Cheese Touch can answer a "
                   "Cheese Touch; our reading counts only yellow cards.")),
            say(N_("So %(who)s draws 2, then plays a yellow card or draws 2 more (4 in all)."),
                who=someone))
    if is_yellow(card):
        return R.done(
            "legal", say(N_("Legal: %(who)s draws 2, then plays it"), who=someone),
            say(N_("The Cheese Touch was just passed on: %(who)s draws 2, then answers it "
                   "with the %(card)s."), who=someone, card=name(card)),
            say(N_("Any yellow card answers it; play then goes on as usual.")))
    return R.done(
        "illegal", say(N_("Illegal: only a yellow card answers the Cheese Touch")),
        say(N_("After drawing 2 for the Cheese Touch, %(who)s must play a yellow card; "
               "the %(card)s is not yellow."), who=someone, card=name(card)),
        say(N_("With no yellow card to play, they draw 2 more cards (4 in all).")))


def _without_a_card(R: RulingBuilder, has_yellow: bool | None, someone: str) -> Ruling:
    if has_yellow is False:
        R.draw("player", 4)
        return R.done(
            "draw-more", say(N_("Draw 2, then 2 more")),
            say(N_("%(who)s draws 2 for the Cheese Touch and has no yellow card to play on "
                   "it."), who=cap(someone)),
            say(N_("So they draw 2 more cards: 4 in all.")))
    R.draw("player", 2)
    return R.done(
        "play-yellow", say(N_("Draw 2, then play yellow")),
        say(N_("%(who)s, given the Cheese Touch, draws 2 cards."), who=cap(someone)),
        say(N_("Then they play a yellow card, or draw 2 more if they have none.")))
