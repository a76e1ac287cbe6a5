"""What pages show of a game or a table: plain, read-only values.

Views hand these to templates instead of ORM rows, so a template can neither trigger a
query by walking a relationship nor change a row by accident; the domain's ScoreSheet
carries the hands and the scores.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from ..models import FamilyTable, Game


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    team: int | None = None


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


@dataclass(frozen=True)
class TableView:
    id: str
    name: str


def game_view(game: Game) -> GameView:
    return GameView(id=game.id, edition=game.edition, scoring=game.scoring, target=game.target,
                    version=game.version, updated_at=game.updated_at,
                    past_targets=tuple(game.past_targets or ()),
                    players=tuple(SeatView(p.seat, p.name, p.team) for p in game.players),
                    table_id=game.table_id)


def table_view(table: FamilyTable) -> TableView:
    return TableView(id=table.id, name=table.name)
