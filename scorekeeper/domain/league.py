"""The family league: a standing over a table's finished games, computed, never typed.

Each game counts under its own scoring system, so the page shows one standing per system
(`blocks`): winner takes points counts up and lowest total counts down, and a sum of both
says little. A team game counts once per team: each partner plays it and wins it (or not)
with the team, and the team's points are the team's, never added to each partner.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import cached_property
from itertools import permutations
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

    def places(self) -> dict[str, tuple[int, str | None]]:
        """Each player's place in the final order (1 for the best) and the next opponent behind
        them there (a partner between them does not part them; None for the last opponent):
        what a table game's per-seat rows store for the league (services/table_game_seats.py)."""
        side = {name: n for n, team in enumerate(self.teams) for name in team}  # partners share a side
        order = self.final_order()
        places = {}
        for i, ahead in enumerate(order):
            mine = side.get(ahead, ahead)
            places[ahead] = (i + 1, next((b for b in order[i + 1:] if side.get(b, b) != mine), None))
        return places

    @cached_property
    def pairings(self) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
        """(every ordered pair of opponents, every ordered pair of opponents next to each other
        in the final order), worked out once per game: a table's league combines them."""
        side = {name: n for n, team in enumerate(self.teams) for name in team}
        met = tuple((a, b) for a, b in permutations(self.players, 2) if side.get(a, a) != side.get(b, b))
        near = tuple(pair for ahead, (_, behind) in sorted(self.places().items(), key=lambda item: item[1][0])
                     if behind is not None for pair in ((ahead, behind), (behind, ahead)))
        return met, near


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


def seat_places(scoring: str, seats: Iterable[tuple[str, int, int | None]]) -> dict[str, tuple[int, str | None]]:
    """A finished game's `FinishedGame.places` from its seats in seat order: (name, total, team
    number or None), the total being the team's in a team game (everyone has a team, or nobody)."""
    seats = list(seats)
    teams: dict[int, list[str]] = defaultdict(list)
    for name, _, team in seats:
        teams[team].append(name)
    teamed = tuple(tuple(teams[n]) for n in sorted(teams)) if None not in teams else ()
    game = FinishedGame(None, datetime.min, tuple(name for name, _, _ in seats), scoring,
                        {name: total for name, total, _ in seats}, (), teams=teamed)
    return game.places()


def season(games: Iterable[FinishedGame], started_at: datetime) -> list[FinishedGame]:
    """The games of a season: those finished on or after its start."""
    return [g for g in games if g.finished_at >= started_at]


def league(games: Iterable[FinishedGame]) -> list[LeagueRow]:
    """One row per player over the finished games, best first: most games won, then the
    better win rate; equal rows share a rank (`tied`) and are listed as `ranked` says."""
    return Tally(games).rows()


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


def blocks(games: Iterable[FinishedGame]) -> list[LeagueBlock]:
    """One standing per scoring system that has finished games, winner takes points first."""
    by_system: dict[str, list[FinishedGame]] = defaultdict(list)
    for game in games:
        by_system[game.scoring].append(game)
    tallies = {slug: Tally(system_games) for slug, system_games in by_system.items()}  # finished games, once each
    return [LeagueBlock(slug, len(tallies[slug].games), tallies[slug].rows())
            for slug in block_order({slug: len(tally.games) for slug, tally in tallies.items()})]


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


def opponents(game: FinishedGame, a: str, b: str) -> bool:
    return a != b and a in game.players and b in game.players and not game.partners(a, b)


def rivals(games: Iterable[FinishedGame]) -> dict[str, str]:
    """Each player's closest rival among those they finished RIVAL_GAMES or more games
    against (partners in a team game are not against each other): the one most often next
    to them (just ahead or just behind) in the final order; ties go to the more recent
    neighbour, then by name. Nobody has a rival before that."""
    return Tally(games).rivals()


@dataclass
class _Player:
    """One player's sums over a tally's games, and their games in order (for the streak)."""
    games: int = 0
    won: int = 0
    team_games: int = 0
    points: int = 0
    by_system: Counter = field(default_factory=Counter)  # points per system, of games played alone
    alone: Counter = field(default_factory=Counter)  # games played alone per system
    history: list = field(default_factory=list)  # (when, won), oldest first

    @property
    def streak(self) -> int:
        run = 0
        for _, won in reversed(self.history):
            if not won:
                break
            run += 1
        return run


class Tally:
    """A league's inputs summed over its finished games, in one pass: `rows()` is the league."""

    def __init__(self, games: Iterable[FinishedGame] = ()):
        self.games: dict[object, FinishedGame] = {}
        self._players: dict[str, _Player] = {}
        self._met: dict[tuple[str, str], int] = {}  # ordered pair of opponents -> games
        self._near: dict[tuple[str, str], list] = {}  # pair next to each other -> whens, sorted
        for game in games:
            self._add(game)
        for player in self._players.values():
            player.history.sort()
        for whens in self._near.values():
            whens.sort()

    def _add(self, game: FinishedGame) -> None:
        if not game.finished or game.game_id in self.games:
            return
        self.games[game.game_id] = game
        when = game.when
        for name in game.players:
            player = self._players.setdefault(name, _Player())
            won = name in game.winners
            player.games += 1
            player.won += won
            player.team_games += bool(game.teams)
            points = game.own_points(name)
            if points is not None:
                player.points += points
                player.by_system[game.scoring] += points
                player.alone[game.scoring] += 1
            player.history.append((when, won))
        met, near = game.pairings
        for pair in met:
            self._met[pair] = self._met.get(pair, 0) + 1
        for pair in near:
            self._near.setdefault(pair, []).append(when)

    def rivals(self) -> dict[str, str]:
        candidates: dict[str, list[str]] = defaultdict(list)
        for (one, other), count in self._met.items():
            if count >= RIVAL_GAMES and (one, other) in self._near:
                candidates[one].append(other)
        near = self._near
        return {name: closest_rival({other: (len(near[(name, other)]), near[(name, other)][-1][0])
                                     for other in others})
                for name, others in candidates.items()}

    def rows(self) -> list[LeagueRow]:
        rivals = self.rivals()
        systems = {game.scoring for game in self.games.values()}  # one: a block, ties by its points
        return ranked((LeagueRow(name, p.games, p.won, p.points,
                                {slug: p.by_system[slug] for slug in p.alone if p.alone[slug]},
                                p.streak, rivals.get(name), p.team_games)
                       for name, p in self._players.items()),
                      systems.pop() if len(systems) == 1 else None)


def _newest_first(moment: datetime) -> float:
    """A sort key that puts the more recent of two moments first (game ids are opaque: two
    games that ended at the same moment leave the tie to the names)."""
    return -moment.timestamp()
