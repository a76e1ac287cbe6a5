"""Stacking a draw card on a pending draw (a house rule)."""
from __future__ import annotations

from ..cards import Card
from ..editions import Edition, HouseRules
from .ruling import JudgeError, Ruling, RulingBuilder
from .wording import name


def judge_stacking(ed: Edition, rules: HouseRules, pending: Card, card: Card,
                   total: int | None = None, colour: str | None = None) -> Ruling:
    R = RulingBuilder("stacking", ed)
    if pending.kind.token not in ("draw2", "wild-draw4"):
        raise JudgeError("'pending' must be the draw card waiting to be answered: "
                         "'draw2' (or e.g. 'red-draw2') or 'wild-draw4'.")
    base = 2 if pending.kind.token == "draw2" else 4
    total = base if total is None else total
    if total < base:
        raise JudgeError(f"'total' cannot be less than {base} with a {pending.kind.label} "
                         "pending.")
    adds = {"draw2": 2, "wild-draw4": 4}.get(card.kind.token)
    if not rules.stacking:
        R.rules("stacking", "draw-two" if pending.kind.token == "draw2" else "wild-draw-four")
        R.draw("player", total)
        if adds:
            R.rules("house-stacking")
            R.depends(f"Official rules: no stacking. With the house rule 'stacking' this "
                      f"would be legal and the next player would draw {total + adds}.")
        return R.done(
            "illegal", f"Illegal: the player draws {total}",
            f"The {name(card)} may not be stacked on the pending "
            f"{pending.kind.label}: official rules have no stacking.",
            f"The player draws the {total} cards and loses the turn.")
    R.rules("house-stacking", "stacking")
    R.depends("House rule: stacking is on (sheet 003); official rules do not allow it.")
    if adds is None:
        R.draw("player", total)
        return R.done(
            "illegal", f"Illegal: the player draws {total}",
            f"Only a Draw Two or Wild Draw Four can be stacked; the {name(card)} cannot.",
            f"The player draws the {total} cards and loses the turn.")
    if card.kind.token == "draw2" and pending.kind.token == "wild-draw4":
        if card.colour is None:
            raise JudgeError("'card': say the colour of the Draw Two (for example "
                             "'red-draw2'); on a Wild Draw Four it must match the colour called.")
        if colour is None:
            raise JudgeError("Say which colour was called with the Wild Draw Four ('color').")
        if card.colour != colour:
            R.rules("draw-two")
            R.draw("player", total)
            return R.done(
                "illegal", f"Illegal: the player draws {total}",
                f"The {name(card)} does not match the colour called ({colour}) on the "
                "Wild Draw Four.",
                f"Even with stacking a Draw Two must match, so the player draws {total}.")
    R.draw("next-player", total + adds)
    second = f"The player draws nothing; the next player draws {total + adds} or stacks again."
    if card.kind.token == "wild-draw4":
        R.rules("wild-draw-four-restriction")
        second = (f"The next player draws {total + adds} or stacks again; the Wild Draw "
                  "Four's own colour rule still applies.")
    return R.done(
        "legal", f"Legal: the next player draws {total + adds}",
        f"With stacking, the {name(card)} goes on the pending {pending.kind.label} and the "
        f"totals add up: {total} + {adds} = {total + adds}.", second)
