"""A pending draw, answered by stacking a draw card on it (a house rule) or not at all.

The only implementation: the `stacking` question and `play` with a `pending_draw`
both come here."""
from __future__ import annotations

from ..cards import Card
from ..editions import Edition, HouseRules
from .effects import DRAW_CARD_RULES, draws, is_draw_card
from .play_matching import wild_draw_four_restriction
from .ruling import JudgeError, Ruling, RulingBuilder
from .text import N_, say
from .wording import cap, colour_name, kind_name, name

STACKING_ON = say(N_("House rule: stacking is on (from the house-rules web page); the official "
                     "rules do not allow it."))
MODE_ON = {
    "same-kind": say(N_("House rule: progressive stacking (same kind), as in Mattel's UNO House "
                        "Rules edition: a Draw Two only on a Draw Two, a Wild Draw Four only on "
                        "a Wild Draw Four.")),
    "equal-or-higher": say(N_("House rule: stacking equal or higher: a Draw Two or Wild Draw "
                              "Four on a Draw Two, only a Wild Draw Four on a Wild Draw Four.")),
}
ANY_TIME_STACKED = say(N_("House rule: no bluffing: a Wild Draw Four may go on any card and "
                          "cannot be challenged."))


def judge_stacking(ed: Edition, rules: HouseRules, pending: Card, card: Card,
                   total: int | None = None, colour: str | None = None,
                   hand: list[Card] | None = None) -> Ruling:
    if not is_draw_card(pending):
        raise JudgeError(say(N_("'pending' must be the draw card waiting to be answered: "
                                "'draw2' (or e.g. 'red-draw2') or 'wild-draw4'.")))
    total = pending_total(pending, total, "total")
    return stack(RulingBuilder("stacking", ed), rules, pending, card, total,
                 colour or pending.colour, hand, say(N_("the player")))


def pending_total(pending: Card, total: int | None, key: str) -> int:
    """The cards to draw: the pending card's own, or a total that draw cards can add up to."""
    least = draws(pending)
    if total is None:
        return least
    if total < least or total % 2:
        raise JudgeError(say(
            N_("'%(key)s' must be an even number of at least %(least)d with a %(kind)s "
               "pending: draw cards only ever add 2 or 4 (it says %(total)d)."),
            key=key, least=least, kind=kind_name(pending), total=total))
    return total


def stack(R: RulingBuilder, rules: HouseRules, pending: Card, card: Card, total: int,
          colour: str | None, hand: list[Card] | None, someone: str) -> Ruling:
    """`someone` faces `total` cards to draw from `pending` and wants to play `card`."""
    R.rules("stacking", DRAW_CARD_RULES[pending.kind.token])
    if rules.stacking:
        R.rules("house-stacking")
        R.depends(MODE_ON.get(rules.stacking, STACKING_ON))
    if not is_draw_card(card):
        R.draw("player", total)
        return R.done(
            "illegal", say(N_("Illegal: %(who)s draws %(num)d"), who=someone, num=total),
            say(N_("The %(card)s is not a draw card: with the %(pending)s pending, %(who)s "
                   "must take the %(num)d cards."),
                card=name(card), pending=name(pending), who=someone, num=total),
            _draws_and_loses(someone, total))
    adds = draws(card)
    if not rules.stacking:
        R.draw("player", total)
        R.rules("house-stacking")
        R.depends(say(N_("Official rules: no stacking. With the stacking house rule the "
                         "%(card)s could be stacked and the next player would draw %(num)d."),
                      card=name(card), num=total + adds))
        return R.done(
            "illegal", say(N_("Illegal: %(who)s draws %(num)d"), who=someone, num=total),
            say(N_("The %(card)s may not be stacked on the pending %(pending)s: official "
                   "rules have no stacking."), card=name(card), pending=name(pending)),
            _draws_and_loses(someone, total))
    refused = (_kind_refused(R, rules.stacking, pending, card, total, someone)
               or _unmatched(R, rules, pending, card, total, colour, hand, someone))
    return refused or _stacked(R, rules, pending, card, total, adds, colour, hand, someone)


def _kind_refused(R: RulingBuilder, mode: bool | str, pending: Card, card: Card, total: int,
                  someone: str) -> Ruling | None:
    """A draw card of a kind the stacking mode does not let go on this one; None when it may."""
    same = card.kind.token == pending.kind.token
    if mode == "same-kind" and not same:
        why = N_("Progressive stacking puts a draw card only on one of its own kind: the %(card)s "
                 "may not go on the %(pending)s.")
    elif mode == "equal-or-higher" and pending.kind.token == "wild-draw4" and not same:
        why = N_("Stacking equal or higher: only a Wild Draw Four goes on a Wild Draw Four, not "
                 "the %(card)s.")
    else:
        return None
    R.draw("player", total)
    return R.done("illegal", say(N_("Illegal: %(who)s draws %(num)d"), who=someone, num=total),
                  say(why, card=name(card), pending=name(pending)),
                  _draws_and_loses(someone, total))


def _draws_and_loses(someone: str, total: int) -> str:
    return say(N_("%(who)s draws the %(num)d cards and loses the turn."),
               who=cap(someone), num=total)


def _unmatched(R: RulingBuilder, rules: HouseRules, pending: Card, card: Card, total: int,
               colour: str | None, hand: list[Card] | None, someone: str) -> Ruling | None:
    """A draw card that may not go on this one after all; None when it may."""
    if card.kind.token == "wild-draw4":
        if rules.wild_draw4_any_time:
            R.rules("house-wild-draw4-any-time")
            R.depends(ANY_TIME_STACKED)
            return None
        if hand is None or colour is None:
            return None
        return wild_draw_four_restriction(R, card, colour, hand, someone, pending=total)
    if pending.kind.token == "draw2":
        return None  # a Draw Two on a Draw Two matches by symbol
    if card.colour is None:
        raise JudgeError(say(N_("'card': say the colour of the Draw Two (for example "
                                "'red-draw2'); on a Wild Draw Four it must match the colour "
                                "called.")))
    if colour is None:
        raise JudgeError(say(N_("Say which colour was called with the Wild Draw Four "
                                "('color').")))
    if card.colour == colour:
        return None
    R.rules("draw-two")
    R.draw("player", total)
    return R.done(
        "illegal", say(N_("Illegal: %(who)s draws %(num)d"), who=someone, num=total),
        say(N_("The %(card)s does not match the colour called (%(colour)s) on the Wild Draw "
               "Four."), card=name(card), colour=colour_name(colour)),
        say(N_("Even with stacking a Draw Two must match, so %(who)s draws %(num)d."),
            who=someone, num=total))


def _stacked(R: RulingBuilder, rules: HouseRules, pending: Card, card: Card, total: int,
             adds: int, colour: str | None, hand: list[Card] | None, someone: str) -> Ruling:
    R.draw("next-player", total + adds)
    second = say(N_("%(who)s draws nothing; the next player draws %(num)d or stacks again."),
                 who=cap(someone), num=total + adds)
    if (card.kind.token == "wild-draw4" and (hand is None or colour is None)
            and not rules.wild_draw4_any_time):
        second = say(N_("The next player draws %(num)d or stacks again; the Wild Draw Four's "
                        "own colour rule still applies."), num=total + adds)
    return R.done(
        "legal", say(N_("Legal: the next player draws %(num)d"), num=total + adds),
        say(N_("With stacking, the %(card)s goes on the pending %(pending)s and the totals "
               "add up: %(total)d + %(adds)d = %(num)d."),
            card=name(card), pending=name(pending), total=total, adds=adds, num=total + adds),
        second)
