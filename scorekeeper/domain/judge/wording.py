"""How explanations name cards and people."""
from __future__ import annotations

from ..cards import Card

TWO_PLAYER_REVERSE = "Two players: Reverse acts as Skip (official Mattel rule)."
CHEESE_SHEET = "wimpy-kid edition: the Cheese Touch (sheet 004)."
CHEESE_IN_HAND = ("Sheet 004 does not say whether a Cheese Touch in a hand counts as yellow: "
                  "the judge counts only yellow cards, here as for the Wild Draw Four.")


def name(card: Card) -> str:
    """A card as the explanation says it: 'red 7', 'blue Draw Two', 'Wild Draw Four'."""
    return card.label


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def a(card: Card) -> str:
    """'the red 7' reads better than 'a red 7' when naming a card on the table."""
    return f"the {name(card)}"


def listing(cards: list[Card]) -> str:
    names = sorted({name(c) for c in cards})
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def two_lines(first: str, second: str) -> str:
    return f"{first}\n{second}"


def who(name_: str | None, role: str) -> str:
    return name_ or role
