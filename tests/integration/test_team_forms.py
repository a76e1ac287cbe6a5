"""Teams on the new-game page: picked beside each player, partners seated apart unless the
table keeps its order, every bad choice shown beside the field with nothing created."""
from __future__ import annotations

import re

import pytest
from sqlalchemy import func, select

from scorekeeper.models import Game, db

BASE = {"edition": "classic", "scoring": "winner-takes-points", "target": "500"}


def form(names: list[str], teams: list[str], **extra) -> dict:
    data = dict(BASE, **extra)
    for i, (name, team) in enumerate(zip(names, teams)):
        data[f"players-{i}"] = name
        data[f"teams-{i}"] = team
    return data


def seats(app) -> list[tuple[str, int | None]]:
    with app.app_context():
        game = db.session.scalars(select(Game).order_by(Game.created_at.desc())).first()
        return [(p.name, p.team) for p in sorted(game.players, key=lambda p: p.seat)]


def games(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Game))


def test_partners_are_seated_apart_by_default(app, client, csrf_off):
    made = client.post("/games/new", data=form(["Ana", "Cy", "Ben", "Dee"], ["1", "1", "2", "2"]))
    assert made.status_code == 302
    assert seats(app) == [("Ana", 0), ("Ben", 1), ("Cy", 0), ("Dee", 1)]


def test_the_table_may_keep_its_own_order(app, client, csrf_off):
    client.post("/games/new", data=form(["Ana", "Cy", "Ben", "Dee"], ["1", "1", "2", "2"], keep_order="y"))
    assert seats(app) == [("Ana", 0), ("Cy", 0), ("Ben", 1), ("Dee", 1)]


def test_no_team_picked_is_a_game_without_teams(app, client, csrf_off):
    client.post("/games/new", data=form(["Ana", "Ben", "Cy"], ["", "", ""]))
    assert seats(app) == [("Ana", None), ("Ben", None), ("Cy", None)]


@pytest.mark.parametrize("teams, words", [
    (["1", "1", "2", ""], "Dee is in no team"),
    (["2", "2", "2", "2"], "at least two teams"),
])
def test_bad_teams_are_shown_beside_the_field_and_create_nothing(app, client, csrf_off, teams, words):
    page = client.post("/games/new", data=form(["Ana", "Cy", "Ben", "Dee"], teams))
    assert page.status_code == 200 and games(app) == 0
    text = page.get_data(as_text=True)
    assert re.search(rf'<p class="error" id="teams-error">[^<]*{words}', text)
    assert 'value="Dee"' in text  # what was typed is kept


def test_the_page_offers_a_team_beside_each_player_in_polish_too(client):
    page = client.get("/games/new?lang=pl").get_data(as_text=True)
    assert page.count('class="team-pick"') == 10 and "Drużyna 2" in page


def keeper(app, client):
    table = client.post("/api/tables", json={"name": "Kitchen"}).json
    app.config["WTF_CSRF_ENABLED"] = False
    client.post(f"/tables/{table['id']}/keep-score", data={"key": table["edit_key"]})
    for names in (["Ana", "Ben", "Cy", "Dee"],):  # a first game puts them on the roster
        client.post("/api/games", json={"players": names, "table": table["id"]},
                    headers={"Authorization": f"Bearer {table['edit_key']}"})
    return table


def test_a_table_starts_a_team_game_from_taps(app, client):
    table = keeper(app, client)
    page = client.get(f"/tables/{table['id']}").get_data(as_text=True)
    assert page.count('name="team:') == 4 * 5  # – and 1 to 4 beside each of the four
    data = {"seat": ["Ana", "Cy", "Ben", "Dee"], "team:Ana": "1", "team:Cy": "1", "team:Ben": "2", "team:Dee": "2"}
    made = client.post(f"/tables/{table['id']}/games", data=data)
    assert made.status_code == 302
    assert seats(app) == [("Ana", 0), ("Ben", 1), ("Cy", 0), ("Dee", 1)]


def test_a_team_given_without_a_tick_seats_the_player_as_a_tap_would(app, client):
    # Without JavaScript a team tap cannot tick the player: the team says they play.
    table = keeper(app, client)
    data = {"seat": ["Ana", "Ben", "Cy"], "team:Ana": "1", "team:Ben": "2", "team:Cy": "1",
            "team:Dee": "2"}
    assert client.post(f"/tables/{table['id']}/games", data=data).status_code == 302
    assert seats(app) == [("Ana", 0), ("Ben", 1), ("Cy", 0), ("Dee", 1)]


def test_a_table_start_with_someone_left_out_of_the_teams_says_who(app, client):
    table = keeper(app, client)
    before = games(app)
    page = client.post(f"/tables/{table['id']}/games", data={"seat": ["Ana", "Ben", "Cy"], "team:Ana": "1",
                                                             "team:Ben": "2"})
    assert page.status_code == 422 and games(app) == before
    assert "Cy is in no team" in page.get_data(as_text=True)
