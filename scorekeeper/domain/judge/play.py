"""Can this card be played? The draw pending and the fresh Cheese Touch come first."""
from __future__ import annotations

from ..cards import Card
from ..editions import Edition, HouseRules
from .cheese_touch import answer_fresh_cheese
from .colour import colour_in_play
from .effects import is_draw_card
from .house import wild_draw_four_any_time
from .play_matching import play_match
from .ruling import JudgeError, Ruling, RulingBuilder
from .stacking import pending_total, stack
from .text import N_, say
from .wording import cap, name, who


def judge_play(ed: Edition, rules: HouseRules, top: Card, card: Card, *,
               color: str | None = None, hand: list[Card] | None = None,
               drawn: Card | None = None, pending_draw: int = 0, players: int | None = None,
               player: str | None = None, cheese_touch_fresh: bool = True) -> Ruling:
    colour = colour_in_play(top, color)
    R = RulingBuilder("play", ed)
    someone = who(player, say(N_("the player")))
    if pending_draw:
        if not is_draw_card(top):
            raise JudgeError(say(
                N_("A draw is pending only when a Draw Two or Wild Draw Four is on top; the "
                   "top card is the %(card)s. Leave out 'pending_draw' or change the top "
                   "card."), card=name(top)))
        if drawn is not None:
            raise JudgeError(say(N_("With a draw pending the player draws the penalty and "
                                    "loses the turn: leave out 'drawn'.")))
        total = pending_total(top, pending_draw, "pending_draw")
        return stack(R, rules, top, card, total, colour, hand, someone)
    if top.kind.token == "cheese-touch" and cheese_touch_fresh:
        return answer_fresh_cheese(R, card, None, someone)
    if drawn is not None and drawn.token != card.token:
        R.rules("no-play-after-draw", "play-drawn-card", "draw-instead")
        return R.done(
            "illegal", say(N_("Illegal")),
            say(N_("%(who)s drew the %(drawn)s this turn, so the %(card)s from the hand may "
                   "not be played now."), who=cap(someone), drawn=name(drawn), card=name(card)),
            say(N_("After drawing, only the card just drawn may be played (if it fits); the "
                   "turn then passes.")))
    if drawn is not None:
        R.rules("play-drawn-card")
    if card.kind.token == "wild-draw4" and rules.wild_draw4_any_time:
        return wild_draw_four_any_time(R, top)
    return play_match(R, ed, top, card, colour, hand, players, someone, drawn is not None)
