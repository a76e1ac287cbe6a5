"""Can this card be played? The draw pending and the fresh Cheese Touch come first."""
from __future__ import annotations

from ..cards import Card
from ..editions import Edition, HouseRules
from .colour import CHEESE_IN_HAND, colour_in_play, is_yellow
from .play_matching import play_match, wild_draw_four_restriction
from .ruling import JudgeError, Ruling, RulingBuilder
from .wording import a, cap, name, who


def judge_play(ed: Edition, rules: HouseRules, top: Card, card: Card, *,
               color: str | None = None, hand: list[Card] | None = None,
               drawn: Card | None = None, pending_draw: int = 0, players: int | None = None,
               player: str | None = None, cheese_touch_fresh: bool = True) -> Ruling:
    colour = colour_in_play(top, color)
    R = RulingBuilder("play", ed)
    someone = who(player, "the player")

    if pending_draw:
        if drawn is not None:
            raise JudgeError("With a draw pending the player draws the penalty and loses the "
                             "turn: leave out 'drawn'.")
        return _play_on_pending(R, rules, top, card, colour, hand, pending_draw, someone)

    if top.kind.token == "cheese-touch" and cheese_touch_fresh:
        return _play_on_fresh_cheese(R, top, card, someone)

    if drawn is not None and drawn.token != card.token:
        R.rules("no-play-after-draw", "play-drawn-card", "draw-instead")
        return R.done(
            "illegal", "Illegal",
            f"{cap(someone)} drew the {name(drawn)} this turn, so the {name(card)} from the "
            "hand may not be played now.",
            f"After drawing, only the card just drawn may be played (if it fits); the turn "
            "then passes.")

    drew = drawn is not None
    if drew:
        R.rules("play-drawn-card")
    return play_match(R, ed, top, card, colour, hand, players, someone, drew)


def _play_on_pending(R: RulingBuilder, rules: HouseRules, top: Card, card: Card,
                     colour: str | None, hand: list[Card] | None, pending: int,
                     someone: str) -> Ruling:
    if top.kind.token not in ("draw2", "wild-draw4"):
        raise JudgeError(
            f"A draw is pending only when a Draw Two or Wild Draw Four is on top; the top "
            f"card is the {name(top)}. Leave out 'pending_draw' or change the top card.")
    draw_card = card.kind.token in ("draw2", "wild-draw4")
    adds = 2 if card.kind.token == "draw2" else 4
    if not rules.stacking:
        R.rules("stacking", "draw-two" if top.kind.token == "draw2" else "wild-draw-four")
        if draw_card:
            R.depends(f"Official rules: no stacking. With the house rule 'stacking' the "
                      f"{name(card)} could be stacked and the next player would draw "
                      f"{pending + adds}.")
            R.rules("house-stacking")
        R.draw("player", pending)
        return R.done(
            "illegal", f"Illegal: {someone} draws {pending} and loses the turn",
            f"{cap(a(top))} left {pending} cards to draw: {someone} must draw them and "
            f"cannot play the {name(card)}.",
            "Stacking a draw card on a pending draw is not allowed in official play.")
    R.rules("house-stacking", "stacking")
    R.depends("House rule: stacking is on (sheet 003); official rules do not allow it.")
    if not draw_card:
        R.draw("player", pending)
        return R.done(
            "illegal", f"Illegal: {someone} draws {pending} and loses the turn",
            f"Only a Draw Two or Wild Draw Four can be stacked on {a(top)}; "
            f"the {name(card)} cannot.",
            f"So {someone} draws the {pending} pending cards and loses the turn.")
    if card.kind.token == "draw2" and top.kind.token != "draw2" and card.colour != colour:
        R.rules("draw-two")
        R.draw("player", pending)
        return R.done(
            "illegal", f"Illegal: {someone} draws {pending} and loses the turn",
            f"The {name(card)} matches neither the Draw Two symbol nor the colour in play "
            f"({colour}) on {a(top)}.",
            f"Even with stacking a Draw Two must match, so {someone} draws {pending}.")
    if card.kind.token == "wild-draw4":
        verdict = wild_draw_four_restriction(R, card, colour, hand, someone)
        if verdict is not None:
            return verdict
    R.draw("next-player", pending + adds)
    return R.done(
        "legal", f"Legal: the next player draws {pending + adds}",
        f"With stacking, the {name(card)} may go on {a(top)} and the totals add up: "
        f"{pending} + {adds} = {pending + adds}.",
        f"{cap(someone)} draws nothing; the next player draws {pending + adds} "
        "(or stacks again).")


def _play_on_fresh_cheese(R: RulingBuilder, top: Card, card: Card, someone: str) -> Ruling:
    R.rules("cheese-touch")
    R.draw("player", 2)
    R.depends("wimpy-kid edition: the Cheese Touch (sheet 004).")
    if card.kind.token == "cheese-touch":
        R.depends(CHEESE_IN_HAND)
    if is_yellow(card):
        return R.done(
            "legal", f"Legal: {someone} draws 2 first",
            f"The Cheese Touch was just passed on: {someone} draws 2, then plays a yellow "
            f"card such as the {name(card)}.",
            "The yellow card answers the Cheese Touch and play goes on as usual.")
    return R.done(
        "illegal", "Illegal: only a yellow card answers the Cheese Touch",
        f"After drawing 2 for the Cheese Touch, {someone} must play a yellow card; "
        f"the {name(card)} is not yellow.",
        "With no yellow card to play, they draw 2 more cards (4 in all).")
