"""What pages and API answers show of a game or a table: plain, read-only values.

Views read these, and hand them to templates and serializers, instead of ORM rows: nothing
outside the service layer can trigger a query by walking a relationship or change a row by
accident. The domain's ScoreSheet carries the scores.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from sqlalchemy import inspect

from ..models import FamilyTable, Game
from .games import stored_cards


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    team: int | None = None


class HandView(NamedTuple):
    """A recorded hand as entered: each player's card tokens, and the typed totals."""
    id: str
    number: int
    revision: int
    dealer_seat: int
    held: dict[str, list[str]]
    typed: dict[str, int]


@dataclass(frozen=True)
class GameView:
    id: str
    edition: str
    scoring: str
    target: int
    version: int
    updated_at: datetime
    past_targets: tuple[int, ...]
    players: tuple[SeatView, ...]
    table_id: str | None = None
    hands: tuple[HandView, ...] = ()  # empty when only the game's head was loaded

    def hand(self, number: int | None = None, hand_id: str | None = None) -> HandView | None:
        """The hand with this id, or else at this number; None if there is none."""
        if hand_id:
            return next((h for h in self.hands if h.id == hand_id), None)
        return next((h for h in self.hands if h.number == number), None)


@dataclass(frozen=True)
class TableView:
    id: str
    name: str


def game_view(game: Game, with_hands: bool = True) -> GameView:
    """`game` as plain values; its hands only if asked and loaded (a head has none)."""
    hands = () if not with_hands or "hands" in inspect(game).unloaded else tuple(
        HandView(h.public_id, h.number, h.revision, h.dealer_seat, *stored_cards(game, h)) for h in game.hands)
    return GameView(id=game.id, edition=game.edition, scoring=game.scoring, target=game.target,
                    version=game.version, updated_at=game.updated_at,
                    past_targets=tuple(game.past_targets or ()),
                    players=tuple(SeatView(p.seat, p.name, p.team) for p in game.players),
                    table_id=game.table_id, hands=hands)


def table_view(table: FamilyTable) -> TableView:
    return TableView(id=table.id, name=table.name)
