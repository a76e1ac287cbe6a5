"""A pending draw, answered by stacking a draw card on it (a house rule) or not at all.

The only implementation: the `stacking` question and `play` with a `pending_draw`
both come here."""
from __future__ import annotations

from ..cards import Card
from ..editions import Edition, HouseRules
from .effects import DRAW_CARD_RULES, draws, is_draw_card
from .play_matching import wild_draw_four_restriction
from .ruling import JudgeError, Ruling, RulingBuilder
from .wording import cap, name

STACKING_ON = "House rule: stacking is on (sheet 003); official rules do not allow it."


def judge_stacking(ed: Edition, rules: HouseRules, pending: Card, card: Card,
                   total: int | None = None, colour: str | None = None,
                   hand: list[Card] | None = None) -> Ruling:
    if not is_draw_card(pending):
        raise JudgeError("'pending' must be the draw card waiting to be answered: "
                         "'draw2' (or e.g. 'red-draw2') or 'wild-draw4'.")
    total = pending_total(pending, total, "total")
    return stack(RulingBuilder("stacking", ed), rules, pending, card, total,
                 colour or pending.colour, hand, "the player")


def pending_total(pending: Card, total: int | None, key: str) -> int:
    """The cards to draw: the pending card's own, or a total that draw cards can add up to."""
    least = draws(pending)
    if total is None:
        return least
    if total < least or total % 2:
        raise JudgeError(
            f"'{key}' must be an even number of at least {least} with a {pending.kind.label} "
            f"pending: draw cards only ever add 2 or 4 (it says {total}).")
    return total


def stack(R: RulingBuilder, rules: HouseRules, pending: Card, card: Card, total: int,
          colour: str | None, hand: list[Card] | None, someone: str) -> Ruling:
    """`someone` faces `total` cards to draw from `pending` and wants to play `card`."""
    R.rules("stacking", DRAW_CARD_RULES[pending.kind.token])
    if rules.stacking:
        R.rules("house-stacking")
        R.depends(STACKING_ON)
    if not is_draw_card(card):
        R.draw("player", total)
        return R.done(
            "illegal", f"Illegal: {someone} draws {total}",
            f"The {name(card)} is not a draw card: with the {name(pending)} pending, "
            f"{someone} must take the {total} cards.",
            f"{cap(someone)} draws the {total} cards and loses the turn.")
    adds = draws(card)
    if not rules.stacking:
        R.draw("player", total)
        R.rules("house-stacking")
        R.depends(f"Official rules: no stacking. With the house rule 'stacking' the "
                  f"{name(card)} could be stacked and the next player would draw {total + adds}.")
        return R.done(
            "illegal", f"Illegal: {someone} draws {total}",
            f"The {name(card)} may not be stacked on the pending {name(pending)}: official "
            "rules have no stacking.",
            f"{cap(someone)} draws the {total} cards and loses the turn.")
    refused = _unmatched(R, pending, card, total, colour, hand, someone)
    return refused or _stacked(R, pending, card, total, adds, colour, hand, someone)


def _unmatched(R: RulingBuilder, pending: Card, card: Card, total: int, colour: str | None,
               hand: list[Card] | None, someone: str) -> Ruling | None:
    """A draw card that may not go on this one after all; None when it may."""
    if card.kind.token == "wild-draw4":
        if hand is None or colour is None:
            return None
        return wild_draw_four_restriction(R, card, colour, hand, someone)
    if pending.kind.token == "draw2":
        return None  # a Draw Two on a Draw Two matches by symbol
    if card.colour is None:
        raise JudgeError("'card': say the colour of the Draw Two (for example "
                         "'red-draw2'); on a Wild Draw Four it must match the colour called.")
    if colour is None:
        raise JudgeError("Say which colour was called with the Wild Draw Four ('color').")
    if card.colour == colour:
        return None
    R.rules("draw-two")
    R.draw("player", total)
    return R.done(
        "illegal", f"Illegal: {someone} draws {total}",
        f"The {name(card)} does not match the colour called ({colour}) on the Wild Draw Four.",
        f"Even with stacking a Draw Two must match, so {someone} draws {total}.")


def _stacked(R: RulingBuilder, pending: Card, card: Card, total: int, adds: int,
             colour: str | None, hand: list[Card] | None, someone: str) -> Ruling:
    R.draw("next-player", total + adds)
    second = (f"{cap(someone)} draws nothing; the next player draws {total + adds} "
              "or stacks again.")
    if card.kind.token == "wild-draw4" and (hand is None or colour is None):
        second = (f"The next player draws {total + adds} or stacks again; the Wild Draw "
                  "Four's own colour rule still applies.")
    return R.done(
        "legal", f"Legal: the next player draws {total + adds}",
        f"With stacking, the {name(card)} goes on the pending {name(pending)} and the "
        f"totals add up: {total} + {adds} = {total + adds}.", second)
