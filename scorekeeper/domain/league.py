"""The family league: a standing over a table's finished games, computed, never typed.

Each game counts under its own scoring system. Points are summed as they are, and kept
apart by system too (`points_by_system`), but never used to rank: winner takes points counts
up and lowest total counts down, so a sum of both says little about who plays best.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from typing import Iterable, Mapping

from .scoring import ScoreSheet
from .systems import system_of
from .teams import Teams, TeamScoring


@dataclass(frozen=True)
class FinishedGame:
    game_id: object  # opaque: the app's ids are strings
    finished_at: datetime
    players: tuple[str, ...]  # seat order
    scoring: str  # the game's system slug
    totals: Mapping[str, int]  # each player's final total under that system
    winners: tuple[str, ...]
    finished: bool = True  # a record marked unfinished counts for nothing

    def final_order(self) -> list[str]:
        """Players best first by their final totals (equal totals keep seat order)."""
        return system_of(self.scoring).ranked(self.totals, list(self.players))

    @property
    def when(self) -> tuple[datetime, object]:
        return (self.finished_at, self.game_id)


@dataclass
class LeagueRow:
    player: str
    games_played: int = 0
    games_won: int = 0
    points: int = 0
    points_by_system: dict[str, int] = field(default_factory=dict)
    streak: int = 0  # games won in a row, counting back from the player's latest game
    rival: str | None = None  # most often just ahead or just behind in a game's final order

    @property
    def win_rate(self) -> Fraction:
        return Fraction(self.games_won, self.games_played) if self.games_played else Fraction(0)


def finished_game(game_id: object, finished_at: datetime, sheet: ScoreSheet,
                  teams: Teams | None = None) -> FinishedGame | None:
    """A game's league record from its score sheet (None while it is not over). In a team
    game every player carries their team's total and the winning team's players all win.
    `teams` defaults to the sheet's own."""
    teams = sheet.teams if teams is None else teams
    if not teams:
        outcome = sheet.outcome()
        totals = sheet.standings()
    else:
        scoring = TeamScoring.of(sheet.system, teams)
        hands = [(hand.winner, points) for hand, points in zip(sheet.hands, sheet.points())]
        outcome = scoring.outcome(hands, sheet.target)
        rows = scoring.running(hands)
        by_team = rows[-1] if rows else dict.fromkeys(range(len(teams)), 0)
        totals = {name: by_team[scoring.team_of(name)] for name in sheet.players}
    if not outcome.finished:
        return None
    return FinishedGame(game_id, finished_at, tuple(sheet.players), sheet.scoring, totals,
                        tuple(outcome.winners))


def season(games: Iterable[FinishedGame], started_at: datetime) -> list[FinishedGame]:
    """The games of a season: those finished on or after its start."""
    return [g for g in games if g.finished_at >= started_at]


def league(games: Iterable[FinishedGame]) -> list[LeagueRow]:
    """One row per player over the finished games, best first.

    Order: most games won; then the better win rate (won / played); then the longer current
    streak; then name (ignoring case). Never points: the systems count in opposite directions.
    """
    played = sorted((g for g in games if g.finished), key=lambda g: g.when)
    rows: dict[str, LeagueRow] = {}
    for game in played:
        for name in game.players:
            row = rows.setdefault(name, LeagueRow(name))
            row.games_played += 1
            row.games_won += name in game.winners
            row.points += game.totals[name]
            row.points_by_system[game.scoring] = (row.points_by_system.get(game.scoring, 0)
                                                  + game.totals[name])
            row.streak = row.streak + 1 if name in game.winners else 0
    for name, rival in rivals(played).items():
        rows[name].rival = rival
    return sorted(rows.values(), key=lambda r: (-r.games_won, -r.win_rate, -r.streak,
                                                r.player.casefold(), r.player))


def rivals(games: Iterable[FinishedGame]) -> dict[str, str]:
    """Each player's closest rival: the one most often next to them (just ahead or just
    behind) in a game's final order; ties go to the more recent neighbour, then by name."""
    count: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    latest: dict[tuple[str, str], tuple[datetime, int]] = {}
    for game in games:
        order = game.final_order()
        for ahead, behind in zip(order, order[1:]):
            for one, other in ((ahead, behind), (behind, ahead)):
                count[one][other] += 1
                latest[(one, other)] = max(latest.get((one, other), game.when), game.when)
    return {name: min(near, key=lambda other: (-near[other], _newest_first(latest[(name, other)]),
                                               other.casefold(), other))
            for name, near in count.items()}


def _newest_first(when: tuple[datetime, object]) -> float:
    """A sort key that puts the more recent of two moments first (game ids are opaque: two
    games that ended at the same moment leave the tie to the names)."""
    return -when[0].timestamp()
