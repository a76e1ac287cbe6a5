"""The table between two plays: seats, whose turn, which way, the pile and the hands."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..cards import Card

LEFT, RIGHT = 1, -1  # seat order: the next name in `players` sits to the left


@dataclass
class Table:
    players: tuple[str, ...]
    turn: int  # seat of the player to play
    direction: int
    top: Card
    colour: str | None  # the colour in play
    counts: dict[str, int]  # cards in hand
    dealt: dict[str, int]
    drawn: dict[str, int] = field(default_factory=dict)
    played: dict[str, int] = field(default_factory=dict)
    handed: dict[str, int] = field(default_factory=dict)  # net cards received by Seven-O
    pending: int = 0  # cards waiting for the player to play (a Draw Two, a Wild Draw Four)
    cheese_fresh: bool = False  # the player to play was just given the Cheese Touch
    four_by: str | None = None  # who played the Wild Draw Four on top, while it can be challenged
    colour_before: str | None = None  # the colour in play when they played it
    winner: str | None = None
    # a draw charged before its victim's own entry (who, how many): that entry may record it
    charged: tuple[str, int] | None = None

    def copy(self) -> "Table":
        return replace(self, counts=dict(self.counts), drawn=dict(self.drawn),
                       played=dict(self.played), handed=dict(self.handed))

    @property
    def current(self) -> str:
        return self.players[self.turn]

    @property
    def direction_name(self) -> str:
        return "left" if self.direction == LEFT else "right"

    def seat(self, name: str) -> int:
        return self.players.index(name)

    def after(self, seat: int, steps: int = 1) -> int:
        return (seat + self.direction * steps) % len(self.players)

    def give(self, name: str, num: int, draws: dict[str, int]) -> None:
        """`name` draws `num` cards; `draws` collects what this step drew."""
        self.counts[name] += num
        self.drawn[name] = self.drawn.get(name, 0) + num
        draws[name] = draws.get(name, 0) + num

    def hand_over(self, new_counts: dict[str, int]) -> None:
        """Hands changed owners (Seven-O): each player now holds `new_counts`."""
        for name, num in new_counts.items():
            self.handed[name] = self.handed.get(name, 0) + num - self.counts[name]
        self.counts = dict(new_counts)

    def discard(self, name: str, card: Card, colour: str | None) -> None:
        self.counts[name] -= 1
        self.played[name] = self.played.get(name, 0) + 1
        self.top = card
        if card.kind.token == "cheese-touch":
            self.colour = "yellow"
        elif card.colour or colour:
            self.colour = card.colour or colour
        # a Blank keeps the colour in play: the referee's reading, see turns.py
