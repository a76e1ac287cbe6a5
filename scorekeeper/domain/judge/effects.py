"""What a card does to the player after it: one table for every question."""
from __future__ import annotations

from ..cards import Card

# Cards the next player must draw because of this card.
DRAWS = {"draw2": 2, "wild-draw4": 4, "cheese-touch": 2}
# Cards that also cost the next player their turn (the Cheese Touch does not: they
# draw 2 and then must play yellow).
LOSES_TURN = {"draw2", "wild-draw4", "skip"}
# The rule each card with an effect rests on.
CARD_RULES = {"draw2": "draw-two", "wild-draw4": "wild-draw-four", "cheese-touch": "cheese-touch",
              "skip": "skip", "reverse": "reverse"}
# The draw cards that can be answered by stacking, and the rule that makes them draw.
DRAW_CARD_RULES = {"draw2": "draw-two", "wild-draw4": "wild-draw-four"}


def draws(card: Card) -> int:
    return DRAWS.get(card.kind.token, 0)


def is_draw_card(card: Card) -> bool:
    """A Draw Two or Wild Draw Four: the cards a pending draw is made of."""
    return card.kind.token in DRAW_CARD_RULES
