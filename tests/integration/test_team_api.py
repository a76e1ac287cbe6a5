"""Teams over the JSON API (DESIGN.md, "Teams and the family league"): the team totals are
recounted here from the hands' stored tokens, not by the app's scoring."""
from __future__ import annotations

import pytest

from .test_team_games import recount

PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
TEAMS = [["Ana", "Cy"], ["Ben", "Dee"]]
HELD = [
    {"Ana": [], "Ben": ["red-9", "wild-draw4"], "Cy": ["green-5"], "Dee": ["blue-skip"]},
    {"Dee": [], "Ana": ["yellow-7"], "Ben": ["red-2"], "Cy": ["wild", "green-1"]},
    {"Cy": [], "Ana": ["red-3"], "Ben": ["blue-reverse"], "Dee": ["4", "5"]},
]


def new_team_game(client, **options) -> dict:
    made = client.post("/api/games", json={"players": PLAYERS, "teams": TEAMS, **options})
    assert made.status_code == 201, made.json
    return made.json


def play(client, game: dict, held: dict):
    return client.post(f"/api/games/{game['id']}/hands", json={"held": held},
                       headers={"Authorization": f"Bearer {game['edit_key']}"})


@pytest.mark.parametrize("scoring", ["winner-takes-points", "lowest-total"])
def test_team_totals_equal_a_recount_of_the_stored_cards(client, scoring):
    game = new_team_game(client, scoring=scoring, target=10000)
    assert game["teams"] == [{"players": ["Ana", "Cy"], "score": 0}, {"players": ["Ben", "Dee"], "score": 0}]
    for held in HELD:
        assert play(client, game, held).status_code == 201
    client.put(f"/api/games/{game['id']}/hands/2", json={"held": {**HELD[1], "Cy": ["green-1"]}},
               headers={"Authorization": f"Bearer {game['edit_key']}"})
    client.delete(f"/api/games/{game['id']}/hands/1", headers={"Authorization": f"Bearer {game['edit_key']}"})
    state = client.get(f"/api/games/{game['id']}").json
    stored = [(next(n for n, cards in h["held"].items() if not cards),
               {n: cards for n, cards in h["held"].items() if cards}) for h in state["hands"]]
    assert len(stored) == 2
    assert [t["score"] for t in state["teams"]] == recount(scoring, stored)
    assert not state["finished"] and state["winners"] == []


def test_the_team_that_reaches_the_target_wins_together(client):
    game = new_team_game(client, target=79)  # hand 1: Ana's side takes Ben 59 + Dee 20 = 79
    answer = play(client, game, HELD[0]).json["game"]
    assert answer["finished"] and answer["winners"] == ["Ana", "Cy"]
    assert answer["teams"][0]["score"] == 79
    assert play(client, game, HELD[1]).status_code == 409


def test_a_game_without_teams_has_no_teams_key(client):
    made = client.post("/api/games", json={"players": PLAYERS}).json
    assert "teams" not in made and "teams" not in client.get(f"/api/games/{made['id']}").json


@pytest.mark.parametrize("teams, words", [
    ([["Ana", "Cy"], ["Ben", "Cy", "Dee"]], "two teams"),
    ([["Ana", "Ben", "Cy", "Dee"]], "at least two"),
    ([["Ana", "Cy"], ["Ben"]], "Dee is in no team"),
    ([["Ana", "Cy"], ["Ben", "Dee", "Eve"]], "Eve"),
    ([["Ana", "Cy"], []], "nobody"),
    ({"a": ["Ana"]}, "list of teams"),
])
def test_bad_teams_are_a_422_and_create_nothing(app, client, teams, words):
    made = client.post("/api/games", json={"players": PLAYERS, "teams": teams})
    assert made.status_code == 422 and words in made.json["error"]
    assert game_count(app) == 0
    again = client.post("/api/games", json={"players": PLAYERS, "teams": TEAMS})
    assert again.status_code == 201 and game_count(app) == 1


def game_count(app) -> int:
    from sqlalchemy import func, select
    from scorekeeper.models import Game, db
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Game))


def test_a_team_game_at_a_table(client):
    table = client.post("/api/tables", json={"name": "Kitchen"}).json
    made = client.post("/api/games", json={"players": PLAYERS, "teams": TEAMS, "table": table["id"]},
                       headers={"Authorization": f"Bearer {table['edit_key']}"})
    assert made.status_code == 201 and [t["players"] for t in made.json["teams"]] == TEAMS


def test_keep_playing_in_a_team_game_is_checked_against_the_team_totals(client):
    game = new_team_game(client, target=79)
    play(client, game, HELD[0])  # Ana and Cy 79 (Ana alone would have 84)
    auth = {"Authorization": f"Bearer {game['edit_key']}"}
    refused = client.patch(f"/api/games/{game['id']}", json={"target": 79}, headers=auth)
    assert refused.status_code == 422 and "A team already has 79 points" in refused.json["error"]
    raised = client.patch(f"/api/games/{game['id']}", json={"target": 80}, headers=auth)
    assert raised.status_code == 200 and not raised.json["finished"]
    assert play(client, game, HELD[1]).status_code == 201
