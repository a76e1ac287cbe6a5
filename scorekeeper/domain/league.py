"""The family league's rules: a standing over a table's finished games, computed, never typed.

Each game counts under its own scoring system, so the page shows one standing per system
(`block_order`): winner takes points counts up and lowest total counts down, and a sum of both
says little. A team game counts once per team: each partner plays it and wins it (or not)
with the team, and the team's points are the team's, never added to each partner.
The database counts the games (services/table_league.py); this module orders a finished
game's seats (`seat_places`), ranks the rows (`ranked`) and picks each player's rival
(`closest_rival`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from typing import Iterable, Mapping

from .systems import system_of

RIVAL_GAMES = 2  # games two players must have finished against each other to be rivals


@dataclass
class LeagueRow:
    player: str
    games_played: int = 0
    games_won: int = 0
    points: int = 0  # from games played alone: a team game's points are its team's
    points_by_system: dict[str, int] = field(default_factory=dict)
    streak: int = 0  # games won in a row, counting back from the player's latest game
    rival: str | None = None  # an opponent in RIVAL_GAMES or more, most often just ahead or behind
    team_games: int = 0  # of games_played, those played in a team
    rank: int = 0  # 1 for the best; equal rows share a rank
    tied: bool = False  # another row has the same rank

    @property
    def win_rate(self) -> Fraction:
        return Fraction(self.games_won, self.games_played) if self.games_played else Fraction(0)

    @property
    def standing(self) -> tuple:
        """What ranks a row: games won, then the rate of wins (never points, never a name)."""
        return (-self.games_won, -self.win_rate)


@dataclass(frozen=True)
class LeagueBlock:
    """The standing among one scoring system's games."""

    system: str
    games: int
    rows: list[LeagueRow]


def seat_places(scoring: str, seats: Iterable[tuple[str, int, int | None]]) -> dict[str, tuple[int, str | None]]:
    """A finished game's final order from its seats in seat order: (name, total, team number or
    None), the total being the team's in a team game (everyone has a team, or nobody). Each
    player's place (1 for the best; equal totals keep seat order) and the next opponent behind
    them (a partner between them does not part them; None for the last opponent): what a table
    game's per-seat rows store for the league (services/table_game_seats.py)."""
    seats = list(seats)
    teamed = all(team is not None for _, _, team in seats)
    side = {name: (team if teamed else name) for name, _, team in seats}  # partners share a side
    order = system_of(scoring).ranked({name: total for name, total, _ in seats}, [name for name, _, _ in seats])
    return {ahead: (i + 1, next((b for b in order[i + 1:] if side[b] != side[ahead]), None))
            for i, ahead in enumerate(order)}


def ranked(rows: Iterable[LeagueRow], system: str | None = None) -> list[LeagueRow]:
    """Rows best first with their shared ranks (1, 2, 2, 4). Inside a tie, rows are listed by
    the points `system` counts (more first when the highest total leads, fewer first when the
    lowest does; a player with no points of their own there, only team games, after), then by
    name. Without one system (a league over several) points are no measure: by name only."""
    sign = None if system is None else (-1 if system_of(system).best_is_highest else 1)

    def by_points(row: LeagueRow) -> tuple:
        own = None if sign is None else row.points_by_system.get(system)
        return (1, 0) if own is None else (0, sign * own)

    ordered = sorted(rows, key=lambda r: (r.standing, by_points(r), r.player.casefold(), r.player))
    for i, row in enumerate(ordered):
        same_as_before = i and ordered[i - 1].standing == row.standing
        row.rank = ordered[i - 1].rank if same_as_before else i + 1
    ranks = [r.rank for r in ordered]
    for row in ordered:
        row.tied = ranks.count(row.rank) > 1
    return ordered


def block_order(games: Mapping[str, int]) -> list[str]:
    """The systems that have finished games (`games`: how many per system slug), in the order
    the league shows their standings: winner takes points first."""
    return sorted((slug for slug, count in games.items() if count),
                  key=lambda slug: (not system_of(slug).best_is_highest, slug))


def closest_rival(near: Mapping[str, tuple[int, datetime]]) -> str | None:
    """The rival among `near`: each opponent met RIVAL_GAMES or more times and ever next to the
    player in a final order, with (how many games they were next to each other, when the
    newest of those ended). Most often next to them first, then the more recent, then by
    name; None without one."""
    if not near:
        return None
    return min(near, key=lambda other: (-near[other][0], _newest_first(near[other][1]), other.casefold(), other))


def _newest_first(moment: datetime) -> float:
    """A sort key that puts the more recent of two moments first (game ids are opaque: two
    games that ended at the same moment leave the tie to the names)."""
    return -moment.timestamp()
