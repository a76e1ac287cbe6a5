"""The family league: a standing over a table's finished games, computed, never typed.

Each game counts under its own scoring system, so the page shows one standing per system
(`blocks`): winner takes points counts up and lowest total counts down, and a sum of both
says little. A team game counts once per team: each partner plays it and wins it (or not)
with the team, and the team's points are the team's, never added to each partner.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property
from datetime import datetime
from fractions import Fraction
from typing import Iterable, Mapping

from .scoring import ScoreSheet
from .systems import system_of
from .teams import Teams, TeamScoring

RIVAL_GAMES = 2  # games two players must have finished against each other to be rivals


@dataclass(frozen=True)
class FinishedGame:
    game_id: object  # opaque: the app's ids are strings
    finished_at: datetime
    players: tuple[str, ...]  # seat order
    scoring: str  # the game's system slug
    totals: Mapping[str, int]  # each player's final total under that system (a team's, in a team game)
    winners: tuple[str, ...]
    finished: bool = True  # a record marked unfinished counts for nothing
    teams: tuple[tuple[str, ...], ...] = ()  # a team game's teams; () when everyone plays alone
    # `pairings` as worked out before (stored with the game's summary): not worked out again
    known_pairings: tuple | None = field(default=None, compare=False, repr=False)

    def final_order(self) -> list[str]:
        """Players best first by their final totals (equal totals keep seat order)."""
        return system_of(self.scoring).ranked(self.totals, list(self.players))

    def partners(self, a: str, b: str) -> bool:
        return any(a in team and b in team for team in self.teams)

    def own_points(self, name: str) -> int | None:
        """What the game adds to `name`'s points: None in a team game (the team's points)."""
        return None if self.teams else self.totals[name]

    @property
    def when(self) -> tuple[datetime, object]:
        return (self.finished_at, self.game_id)

    @cached_property
    def pairings(self) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
        """(every ordered pair of opponents, every ordered pair of opponents next to each other
        in the final order), worked out once per game: a table's league combines them."""
        if self.known_pairings is not None:
            return self.known_pairings
        met = tuple((a, b) for a in self.players for b in self.players if opponents(self, a, b))
        order = self.final_order()
        near = []
        for i, ahead in enumerate(order):
            # the next opponent in the order (a partner between them does not part them)
            behind = next((b for b in order[i + 1:] if not self.partners(ahead, b)), None)
            if behind is not None:
                near += [(ahead, behind), (behind, ahead)]
        return met, tuple(near)


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
                        tuple(outcome.winners), teams=tuple(tuple(t) for t in teams or ()))


def season(games: Iterable[FinishedGame], started_at: datetime) -> list[FinishedGame]:
    """The games of a season: those finished on or after its start."""
    return [g for g in games if g.finished_at >= started_at]


def league(games: Iterable[FinishedGame]) -> list[LeagueRow]:
    """One row per player over the finished games, best first: most games won, then the
    better win rate; equal rows share a rank (`tied`) and are listed by name."""
    played = sorted((g for g in games if g.finished), key=lambda g: g.when)
    rows: dict[str, LeagueRow] = {}
    for game in played:
        for name in game.players:
            row = rows.setdefault(name, LeagueRow(name))
            row.games_played += 1
            row.games_won += name in game.winners
            row.team_games += bool(game.teams)
            points = game.own_points(name)
            if points is not None:
                row.points += points
                row.points_by_system[game.scoring] = row.points_by_system.get(game.scoring, 0) + points
            row.streak = row.streak + 1 if name in game.winners else 0
    for name, rival in rivals(played).items():
        rows[name].rival = rival
    return ranked(rows.values())


def ranked(rows: Iterable[LeagueRow]) -> list[LeagueRow]:
    """Rows best first with their shared ranks (1, 2, 2, 4)."""
    ordered = sorted(rows, key=lambda r: (r.standing, r.player.casefold(), r.player))
    for i, row in enumerate(ordered):
        same_as_before = i and ordered[i - 1].standing == row.standing
        row.rank = ordered[i - 1].rank if same_as_before else i + 1
    ranks = [r.rank for r in ordered]
    for row in ordered:
        row.tied = ranks.count(row.rank) > 1
    return ordered


def blocks(games: Iterable[FinishedGame]) -> list[LeagueBlock]:
    """One standing per scoring system that has finished games, winner takes points first."""
    by_system: dict[str, list[FinishedGame]] = defaultdict(list)
    for game in games:
        if game.finished:
            by_system[game.scoring].append(game)
    order = sorted(by_system, key=lambda slug: (not system_of(slug).best_is_highest, slug))
    return [LeagueBlock(slug, len(by_system[slug]), league(by_system[slug])) for slug in order]


def opponents(game: FinishedGame, a: str, b: str) -> bool:
    return a != b and a in game.players and b in game.players and not game.partners(a, b)


def rivals(games: Iterable[FinishedGame]) -> dict[str, str]:
    """Each player's closest rival among those they finished RIVAL_GAMES or more games
    against (partners in a team game are not against each other): the one most often next
    to them (just ahead or just behind) in the final order; ties go to the more recent
    neighbour, then by name. Nobody has a rival before that."""
    met: dict[tuple[str, str], int] = defaultdict(int)
    near: dict[tuple[str, str], int] = defaultdict(int)
    latest: dict[tuple[str, str], tuple[datetime, object]] = {}
    for game in games:
        pairs, neighbours = game.pairings
        for pair in pairs:
            met[pair] += 1
        when = game.when
        for pair in neighbours:
            near[pair] += 1
            if pair not in latest or latest[pair] < when:
                latest[pair] = when
    candidates: dict[str, list[str]] = defaultdict(list)
    for (one, other), count in met.items():
        if count >= RIVAL_GAMES and near[(one, other)]:
            candidates[one].append(other)
    return {name: min(others, key=lambda other: (-near[(name, other)],
                                                  _newest_first(latest[(name, other)]),
                                                  other.casefold(), other))
            for name, others in candidates.items()}


def _newest_first(when: tuple[datetime, object]) -> float:
    """A sort key that puts the more recent of two moments first (game ids are opaque: two
    games that ended at the same moment leave the tie to the names)."""
    return -when[0].timestamp()
