"""What a team game's scoreboard shows besides the players' cards: each team's total under
the scoring system viewed, the team total beside every player in each hand, and one chart
line per team. Teams are a house rule (domain/teams.py); the keypad stays per player."""
from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext

from ..domain.scoring import ScoreSheet
from ..domain.systems import ScoringSystem
from ..domain.teams import TeamScoring


@dataclass(frozen=True)
class TeamLine:
    number: int  # 1, 2, … as the table numbered them
    players: tuple[str, ...]
    score: int
    label: str  # the players' names joined, for the chart


def team_context(sheet: ScoreSheet, system: ScoringSystem) -> dict:
    """The scoreboard's team values, or nothing for a game without teams."""
    if not sheet.teams:
        return {"teams": None}
    scoring = TeamScoring.of(system, sheet.teams)
    hands = [(hand.winner, points) for hand, points in zip(sheet.hands, sheet.points())]
    rows = scoring.running(hands)
    totals = rows[-1] if rows else dict.fromkeys(range(len(sheet.teams)), 0)
    joiner = gettext(" & ")
    lines = [TeamLine(n + 1, players, score, joiner.join(players))
             for n, (players, score) in enumerate(scoring.rows(totals))]
    side = {name: scoring.team_of(name) for name in sheet.players}
    return {
        "teams": lines,
        "team_best": system.best(totals),
        # every player carries their team's running total, beside their own cards
        "running": [{name: row[side[name]] for name in sheet.players} for row in rows],
        "team_gains": [scoring.hand_points(winner, points)[side[winner]] for winner, points in hands],
        "chart_lines": ([line.label for line in lines],
                        [{line.label: row[line.number - 1] for line in lines} for row in rows]),
    }
