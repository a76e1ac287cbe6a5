"""What every page that shows hands with their cards hands to templates/hands.html (the
scoreboard, the every-hand pages, the delete page): the hands read (services/game_read),
their points and running totals under the scoring system viewed, and in a team game each
team's total, the team total beside every player, and one chart line per team. Teams are a
house rule (domain/teams.py); the keypad stays per player."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from flask_babel import gettext

from .domain.systems import ScoringSystem
from .domain.teams import TeamScoring
from .services.game_read import GameRead, Window


@dataclass(frozen=True)
class TeamLine:
    number: int  # 1, 2, … as the table numbered them
    players: tuple[str, ...]
    score: int
    label: str  # the players' names joined, for the chart


def hands_context(read: GameRead, system: ScoringSystem, also: Iterable[int] = (), chart: bool = False) -> dict:
    """The hands' values for `system`; running totals read for the shown hands, the last and
    the indices in `also` (a chart's sampled hands), and the chart's lines if `chart`."""
    running = read.running(system, also)
    # the totals after the last hand (always read) are the standings; a team game's are its teams' below
    standings = read.standings(system) if read.teams else running[-1] if read.count else \
        dict.fromkeys(read.players, 0)
    context = dict(game=read.view, sheet=read, system=system, game_system=read.system,
                   standings=standings, running=running, points=read.points())
    if chart:
        context["chart_lines"] = (read.players, running, read.running_extent(system, running))
    return context | _team_context(read, system, also, chart)


def _team_context(read: GameRead, system: ScoringSystem, also: Iterable[int], chart: bool) -> dict:
    """The scoreboard's team values, or nothing for a game without teams."""
    if not read.teams:
        return {"teams": None}
    scoring = TeamScoring.of(system, read.teams)
    rows = read.running(system, also, teams=True)
    totals = rows[-1] if rows else dict.fromkeys(range(len(read.teams)), 0)
    joiner = gettext(" & ")
    lines = [TeamLine(n + 1, players, score, joiner.join(players))
             for n, (players, score) in enumerate(scoring.rows(totals))]
    side = {name: scoring.team_of(name) for name in read.players}
    points = read.points()
    context = {
        "teams": lines,
        "team_best": system.best(totals),
        # every player carries their team's running total, beside their own cards
        "running": Window(rows.count, {i: {name: row[side[name]] for name in read.players}
                                       for i, row in rows.items.items()}),
        "team_gains": Window(read.count, {i: scoring.hand_points(hand.winner, points[i])[side[hand.winner]]
                                          for i, hand in read.hands.items.items()}),
    }
    if chart:
        context["chart_lines"] = ([line.label for line in lines],
                                  Window(rows.count, {i: {line.label: row[line.number - 1] for line in lines}
                                                      for i, row in rows.items.items()}),
                                  read.running_extent(system, rows, teams=True))
    return context
