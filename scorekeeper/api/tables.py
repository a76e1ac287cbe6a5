"""Family tables over JSON (docs/api.md, "Family tables")."""
from __future__ import annotations

from flask import jsonify, url_for

from ..domain.league import LeagueRow
from ..domain.systems import SYSTEMS
from ..domain.text import N_, say
from ..services import tables
from ..services.errors import Malformed
from ..services.table_stats import TableSummary, table_summary
from . import bp
from .requests import json_body


def table_dict(summary: TableSummary) -> dict:
    return {
        "id": summary.id,
        "name": summary.name,
        "url": url_for("tables.table_page", table_id=summary.id),
        "players": [p.as_dict() for p in summary.players],
        "games": [{"id": g.id, "url": url, "players": g.players, "finished": g.finished, "winners": g.winners,
                   "hands": g.hands} for g, url in zip(summary.games, _scoreboard_urls(summary.games))],
        "league": [league_row(row) for row in summary.league()],
        "league_by_system": [{"scoring": block.system, "games": block.games,
                              "best_is_highest": SYSTEMS[block.system].best_is_highest,
                              "rows": [league_row(row) for row in block.rows]}
                             for block in summary.league_blocks()],
    }


def _scoreboard_urls(games: list) -> list[str]:
    """Each game's scoreboard path, the route built once: a table lists hundreds of games,
    and url_for costs as much per game as the rest of its line."""
    if not games:
        return []
    first = url_for("scoreboard.scoreboard", game_id=games[0].id)
    assert first.endswith(games[0].id), first  # the path ends with the game's id
    prefix = first.removesuffix(games[0].id)
    return [prefix + g.id for g in games]


def league_row(row: LeagueRow) -> dict:
    """One player's line in the current season's family league."""
    return {"name": row.player, "games_played": row.games_played, "games_won": row.games_won,
            "points": row.points, "points_by_system": dict(row.points_by_system),
            "streak": row.streak, "rival": row.rival, "rank": row.rank, "tied": row.tied,
            "team_games": row.team_games}


@bp.post("/tables")
def create_table():
    body = json_body({"name"})
    if "name" not in body:
        raise Malformed(say(N_("'name' is required, for example {\"name\": \"Kitchen table\"}.")))
    table, key = tables.create_table(body["name"])
    payload = table_dict(table_summary(table.id)) | {"edit_key": key}
    return jsonify(payload), 201, {"Location": url_for("api.get_table", table_id=table.id)}


@bp.get("/tables/<public_id:table_id>")
def get_table(table_id: str):
    return jsonify(table_dict(table_summary(table_id)))
