"""The Wild Draw Four challenge: guilty or innocent, and who draws."""
from __future__ import annotations

from ..cards import Card
from ..editions import Edition, HouseRules
from .ruling import Ruling, RulingBuilder
from .wording import CHEESE_IN_HAND, cap, listing, who


def judge_challenge(ed: Edition, rules: HouseRules, colour: str, hand: list[Card], *,
                    by: str = "next-player", challenged: str | None = None,
                    challenger: str | None = None, top: Card | None = None,
                    card: Card | None = None) -> Ruling:
    """`top` and `card` (the Wild Draw Four) are only checked against the deck, with `hand`:
    the colour in play, worked out from `top`, is `colour`."""
    R = RulingBuilder("challenge", ed)
    R.rules("challenge", "challenge-who")
    offender = who(challenged, "the challenged player")
    victim = who(challenger, "the challenger")
    if by != "next-player":
        R.draw("next-player", 4)
        return R.done(
            "not-allowed", "No challenge: only the player who must draw may challenge",
            f"Only the player told to draw the 4 may challenge the Wild Draw Four; "
            f"{who(challenger, 'anyone else')} cannot.",
            "The card stands: the next player draws 4 unless they challenge it themselves.")
    R.rules("wild-draw-four-restriction")
    matching = [c for c in hand if c.colour == colour]
    if matching:
        R.draw("challenged", 4)
        return R.done(
            "guilty", f"Guilty: {offender} draws 4",
            f"{cap(offender)} held the {listing(matching)}, a card of the colour in play "
            f"({colour}), when playing the Wild Draw Four.",
            f"So {offender} draws the 4 cards instead of {victim}.")
    R.draw("challenger", 6)
    elsewhere = [c for c in hand if c.colour and c.colour != colour]
    if elsewhere:
        first = (f"{cap(offender)} held no {colour} card; the {listing(elsewhere)} "
                 f"{'is another colour' if len(elsewhere) == 1 else 'are other colours'}, "
                 "and only the colour counts.")
    else:
        first = f"{cap(offender)} held no {colour} card, the colour in play."
    if any(c.kind.token == "cheese-touch" for c in hand) and colour == "yellow":
        R.depends(CHEESE_IN_HAND)
    return R.done(
        "innocent", f"Innocent: {victim} draws 6", first,
        f"The Wild Draw Four was legal: {victim} draws the 4 plus 2 more (6) and loses "
        "the turn.")
