"""The family league counted plainly, for the tests only: the definition the database's counts
(services/table_league.py) are compared against. Every call counts the games afresh, one
player and one question at a time, for clarity rather than speed. The rules the product keeps
in one home are the domain's: ranking the rows (`league.ranked`), picking a rival
(`league.closest_rival`) and the order of the standings (`league.block_order`)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from scorekeeper.domain.league import RIVAL_GAMES, LeagueBlock, LeagueRow, block_order, closest_rival, ranked
from scorekeeper.domain.scoring import ScoreSheet
from scorekeeper.domain.systems import system_of


@dataclass(frozen=True)
class FinishedGame:
    game_id: str
    finished_at: datetime
    players: tuple[str, ...]  # seat order
    scoring: str  # the game's system slug
    totals: dict[str, int]  # each player's final total (the team's, in a team game)
    winners: tuple[str, ...]
    teams: tuple[tuple[str, ...], ...] = ()  # () when everyone plays alone

    def partners(self, a: str, b: str) -> bool:
        return any(a in team and b in team for team in self.teams)

    def places(self) -> dict[str, tuple[int, str | None]]:
        """Each player's place in the final order (best first, equal totals in seat order) and
        the next player behind them who is not their partner (None for the last)."""
        sign = -1 if system_of(self.scoring).best_is_highest else 1
        order = sorted(self.players, key=lambda name: (sign * self.totals[name], self.players.index(name)))
        places = {}
        for i, name in enumerate(order):
            behind = [other for other in order[i + 1:] if not self.partners(name, other)]
            places[name] = (i + 1, behind[0] if behind else None)
        return places

    def next_to_each_other(self, a: str, b: str) -> bool:
        places = self.places()
        return places[a][1] == b or places[b][1] == a


def finished_game(game_id: str, finished_at: datetime, sheet: ScoreSheet) -> FinishedGame | None:
    """A score sheet as a finished game (None while it is not over); in a team game each
    player carries their team's total."""
    outcome = sheet.outcome()
    if not outcome.finished:
        return None
    teams = tuple(tuple(team) for team in sheet.teams or ())
    by_team = sheet.team_standings()
    totals = {name: by_team[n] for n, team in enumerate(teams) for name in team} if teams else sheet.standings()
    return FinishedGame(game_id, finished_at, tuple(sheet.players), sheet.scoring, totals, tuple(outcome.winners),
                        teams)


def league(games: list[FinishedGame]) -> list[LeagueRow]:
    """One row per player over the games, ranked by the domain (by the points of the one
    system when all the games are under one)."""
    names = {name for game in games for name in game.players}
    systems = {game.scoring for game in games}
    return ranked([_row(name, games) for name in names], systems.pop() if len(systems) == 1 else None)


def blocks(games: list[FinishedGame]) -> list[LeagueBlock]:
    """One standing per scoring system, each over its own games only."""
    counts = {}
    for game in games:
        counts[game.scoring] = counts.get(game.scoring, 0) + 1
    return [LeagueBlock(slug, counts[slug], league([g for g in games if g.scoring == slug]))
            for slug in block_order(counts)]


def _row(name: str, games: list[FinishedGame]) -> LeagueRow:
    mine = sorted((g for g in games if name in g.players), key=lambda g: (g.finished_at, g.game_id))
    alone = [g for g in mine if not g.teams]
    streak = 0
    for game in reversed(mine):
        if name not in game.winners:
            break
        streak += 1
    return LeagueRow(name, games_played=len(mine), games_won=sum(name in g.winners for g in mine),
                     points=sum(g.totals[name] for g in alone),
                     points_by_system={g.scoring: sum(h.totals[name] for h in alone if h.scoring == g.scoring)
                                       for g in alone},
                     streak=streak, rival=_rival(name, mine), team_games=len(mine) - len(alone))


def _rival(name: str, mine: list[FinishedGame]) -> str | None:
    """Among the opponents `name` finished RIVAL_GAMES or more games against, those ever next
    to them in a final order, with how often and when last; the domain picks one."""
    against = [(g, other) for g in mine for other in g.players if other != name and not g.partners(name, other)]
    near = {}
    for other in {other for _, other in against}:
        if sum(o == other for _, o in against) < RIVAL_GAMES:
            continue
        beside = [g for g, o in against if o == other and g.next_to_each_other(name, other)]
        if beside:
            near[other] = (len(beside), max(g.finished_at for g in beside))
    return closest_rival(near)
