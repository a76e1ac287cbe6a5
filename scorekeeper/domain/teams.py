"""Teams: a house rule (no rule sheet has teams) where partners share one score.

Teams are numbered by their place in the list a game was created with (0, 1, ...), the
number `players.team` stores. Winner takes points: the team of the player who went out
scores what the *other* teams hold (partners' cards count for nobody). Lowest total: each
team is charged what its players hold. The game ends when a team reaches the target.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from .systems import ScoringSystem, system_of
from .text import N_, say

Teams = tuple[tuple[str, ...], ...]


class TeamsError(ValueError):
    """Teams that cannot be played; `player` names the player at fault, if one is."""

    def __init__(self, message: str, player: str | None = None):
        super().__init__(message)
        self.player = player


def parse_teams(teams: object, players: list[str]) -> Teams:
    """Check the API/form value (a list of lists of names) against the seated players.

    `players` are already cleaned (scoring.clean_player_names); a team's names match them
    ignoring case and surrounding spaces, and come back spelt as in `players`.
    """
    if not isinstance(teams, list) or not all(
            isinstance(t, list) and all(isinstance(n, str) for n in t) for t in teams):
        raise TeamsError(say(N_("Teams must be a list of teams, each a list of names, for "
                                "example [[\"Ana\", \"Cy\"], [\"Ben\", \"Dee\"]].")))
    if len(teams) < 2:
        raise TeamsError(say(N_("Teams need at least two teams: put the players in two or "
                                "more teams.")))
    by_key = {p.strip().casefold(): p for p in players}
    seen: dict[str, int] = {}
    parsed = []
    for number, team in enumerate(teams, start=1):
        if not team:
            raise TeamsError(say(N_("Team %(n)s has nobody in it: every team needs a player."),
                                 n=number))
        parsed.append(tuple(_place(name, number, by_key, seen) for name in team))
    missing = [p for p in players if p not in seen]
    if missing:
        raise TeamsError(say(N_("%(name)s is in no team: put every player in one team."),
                             name=missing[0]), missing[0])
    return tuple(parsed)


def _place(name: str, number: int, by_key: Mapping[str, str], seen: dict[str, int]) -> str:
    """The seated player `name` means, noted as in team `number` (once only)."""
    player = by_key.get(name.strip().casefold())
    if player is None:
        raise TeamsError(say(N_("'%(name)s' is in a team but is not playing in this game."),
                             name=name.strip()), name.strip())
    if seen.get(player) == number:
        raise TeamsError(say(N_("%(name)s is listed twice in team %(n)s: list each player once."),
                             name=player, n=number), player)
    if player in seen:
        raise TeamsError(say(N_("%(name)s is in two teams (%(first)s and %(second)s): put each "
                                "player in one team only."),
                             name=player, first=seen[player], second=number), player)
    seen[player] = number
    return player


def teams_from_choices(choices: Sequence[tuple[str, int | None]]) -> list[list[str]] | None:
    """Teams from each player's chosen team number (None: no team chosen), as a page's form
    sends them: None when nobody chose one (a game without teams); else the players of each
    chosen number, lowest first. A player left without a team stays out, for parse_teams to
    name."""
    chosen = sorted({number for _name, number in choices if number is not None})
    if not chosen:
        return None
    return [[name for name, number in choices if number == team] for team in chosen]


def teams_from_numbers(players: Sequence[str], numbers: Sequence[int | None]) -> Teams | None:
    """Teams from each seated player's stored team number, numbered again from 0 in order of
    their stored numbers; partners keep seat order. A game whose players are not all
    numbered (saved before teams, or without them) has no teams: None."""
    if any(n is None for n in numbers):
        return None
    grouped: dict[int, list[str]] = {}
    for name, number in zip(players, numbers):
        grouped.setdefault(int(number), []).append(name)  # type: ignore[arg-type]
    return tuple(tuple(grouped[n]) for n in sorted(grouped))


def seat_partners_apart(teams: Teams) -> list[str]:
    """A seating order round the table where no partners sit side by side, when that is
    possible (no team holds more than half the players); deterministic.

    Equal teams go round in turn (A1 B1 A2 B2, or A1 B1 C1 A2 B2 C2). Unequal teams: the
    largest first fill every other seat, then the rest fill the gaps. A table that keeps its
    own order simply keeps its players' list and does not call this.
    """
    if len({len(t) for t in teams}) == 1:
        return [team[i] for i in range(len(teams[0])) for team in teams]
    queue = [name for team in sorted(teams, key=len, reverse=True) for name in team]
    seats: list[str] = [""] * len(queue)
    positions = list(range(0, len(queue), 2)) + list(range(1, len(queue), 2))
    for position, name in zip(positions, queue):
        seats[position] = name
    return seats


@dataclass(frozen=True)
class TeamOutcome:
    finished: bool
    winning_teams: list[int]  # team numbers; ties shared
    winners: list[str]  # the winning teams' players, in team order
    leaders: list[int]  # the teams best placed after the last hand
    ended_after: int | None = None  # the hand in which a team reached the target


@dataclass(frozen=True)
class TeamScoring:
    """A scoring system (systems.py) applied to teams rather than players."""

    system: ScoringSystem
    teams: Teams

    @classmethod
    def of(cls, system: str | ScoringSystem, teams: Teams) -> "TeamScoring":
        return cls(system_of(system), tuple(tuple(t) for t in teams))

    def team_of(self, player: str) -> int:
        for number, team in enumerate(self.teams):
            if player in team:
                return number
        raise KeyError(player)

    def hand_points(self, winner: str, points: Mapping[str, int]) -> dict[int, int]:
        """What one hand adds to each team, from each player's card points in it."""
        if self.system.winner_takes_hand:
            side, won = self.team_of(winner), self.won_by_going_out(winner, points)
            return {n: won if n == side else 0 for n in range(len(self.teams))}
        return {n: sum(points[name] for name in team) for n, team in enumerate(self.teams)}

    def won_by_going_out(self, winner: str, points: Mapping[str, int]) -> int:
        """What the other teams held when the winner went out: partners' cards count for nobody."""
        side = self.team_of(winner)
        return sum(p for name, p in points.items() if self.team_of(name) != side)

    def add_hand(self, totals: Mapping[int, int], winner: str,
                 points: Mapping[str, int]) -> dict[int, int]:
        """The team totals after one more hand."""
        gained = self.hand_points(winner, points)
        return {n: totals.get(n, 0) + gained[n] for n in range(len(self.teams))}

    def running(self, hands: Sequence[tuple[str, Mapping[str, int]]]) -> list[dict[int, int]]:
        """Team totals after each hand, given each hand's (winner, per-player points)."""
        totals = dict.fromkeys(range(len(self.teams)), 0)
        rows = []
        for winner, points in hands:
            totals = self.add_hand(totals, winner, points)
            rows.append(totals)
        return rows

    def rows(self, totals: Mapping[int, int]) -> list[tuple[tuple[str, ...], int]]:
        """Each team's players and total, in team order (the API's "teams": players, score)."""
        return [(team, totals.get(n, 0)) for n, team in enumerate(self.teams)]

    def leaders(self, totals: Mapping[int, int]) -> list[int]:
        best = self.system.best(totals)
        return [n for n in range(len(self.teams)) if totals[n] == best]

    def outcome(self, hands: Sequence[tuple[str, Mapping[str, int]]], target: int) -> TeamOutcome:
        """Mirrors ScoreSheet.outcome: the first hand that takes a team to the target ends the
        game; the best team(s) at that moment win (later hands come only from edits)."""
        rows = self.running(hands)
        leaders = self.leaders(rows[-1]) if rows else []
        for number, row in enumerate(rows, start=1):
            if self.system.is_over(row, target):
                best = self.leaders(row)
                players = [name for n in best for name in self.teams[n]]
                return TeamOutcome(True, best, players, leaders, ended_after=number)
        return TeamOutcome(False, [], [], leaders)
