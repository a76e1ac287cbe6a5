"""A team game in a backup: exported with its teams, restored with them (scores and winners
the same), a bad team refused with the game named, and the score sheet's team totals."""
from __future__ import annotations

import csv
import io
import json
import re

from tests.support.routes import snapshot

from .test_backup import comparable, states, whole_backup
from .test_team_api import HELD, PLAYERS, TEAMS, play


def team_games(client) -> list[dict]:
    teams = client.post("/api/games", json={"players": PLAYERS, "teams": TEAMS, "target": 79}).json
    play(client, teams, HELD[0])  # Ana's side reaches 79: Ana and Cy win
    plain = client.post("/api/games", json={"players": ["Eve", "Fay"]}).json
    play(client, plain, {"Eve": [], "Fay": ["7"]})
    return [teams, plain]


def test_a_team_game_round_trips_through_a_backup(client, make_app, fresh_database):
    team_games(client)
    backup = json.loads(whole_backup(client))
    assert backup["games"][0]["teams"] == TEAMS and "teams" not in backup["games"][1]
    empty = make_app(fresh_database()).test_client()
    with empty.application.app_context():
        from scorekeeper.services.backups.restore import restore
        restore(backup)
    restored = states(empty)
    assert [comparable(s) for s in restored] == [comparable(s) for s in states(client)]
    assert restored[0]["teams"][0] == {"players": ["Ana", "Cy"], "score": 79}
    assert restored[0]["winners"] == ["Ana", "Cy"] and "teams" not in restored[1]


def test_a_backup_with_a_bad_team_restores_nothing_and_names_the_game(app, client, runner, tmp_path):
    team_games(client)
    data = json.loads(whole_backup(client))
    data["games"][0]["teams"] = [["Ana", "Cy"], ["Ben"]]
    before = snapshot(app)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(args=["restore", str(path)])
    output = re.sub(r"\(id [A-Za-z0-9_-]{16}\)", "(id *)", result.output)
    assert result.exit_code == 1 and "Game 1 (id *): Dee is in no team" in output, result.output
    assert snapshot(app) == before


def test_the_score_sheet_of_a_team_game_has_the_team_totals(client):
    from tests.support.helpers import keep_score
    game = team_games(client)[0]
    keep_score(client, game)
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{game['id']}/export.csv").get_data(as_text=True))))
    team_row = next(r for r in rows if r[0].startswith("team total"))
    assert team_row[3::2] == ["79", "0", "79", "0"]  # Ana, Ben, Cy, Dee: each their team's total
