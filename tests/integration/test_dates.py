"""Dates as a family reads them, via Babel (issue 14): when each game was last played on the
home page's list of this phone's games; the family table's games by the day they were played;
when each restored game was first played."""
import io
from datetime import datetime

import pytest
from sqlalchemy import update

from scorekeeper.models import Game, db
from tests.support.helpers import game_backup, keep_score, new_game, post_hand

PL = {"Accept-Language": "pl-PL,pl;q=0.9"}
EN = {"Accept-Language": "en-GB,en;q=0.9"}
PLAYED = {"first": datetime(2026, 11, 22, 18, 30), "second": datetime(2025, 3, 5, 9, 0)}


def played_on(app, game_id: str, moment: datetime) -> None:
    """As if the game had been played then: a change to its row, so its version moves on as
    every write's does (pages and the table's stored overview know a game changed by that)."""
    with app.app_context():
        db.session.execute(update(Game).where(Game.id == game_id).values(
            created_at=moment, updated_at=moment, version=Game.version + 1))
        db.session.commit()


@pytest.fixture
def two_games_at_a_table(app, client):
    table = client.post("/api/tables", json={"name": "Kuchnia"}).json
    assert client.post(f"/tables/{table['id']}/keep-score", data={"key": table["edit_key"]}).status_code == 302
    ids = []
    for moment in PLAYED.values():
        game = client.post("/api/games", json={"players": ["Ana", "Ben"], "table": table["id"]},
                           headers={"Authorization": f"Bearer {table['edit_key']}"}).json
        assert post_hand(client, game, {"Ana": [], "Ben": ["7"]}).status_code == 201
        played_on(app, game["id"], moment)
        ids.append(game["id"])
    return table, ids


def nbsp(date: str) -> str:
    return date.replace(" ", "\u00a0")  # a date never breaks over two lines


@pytest.mark.parametrize("headers, first, second", [
    (PL, nbsp("22 lis 2026"), nbsp("5 mar 2025")), (EN, nbsp("Nov 22, 2026"), nbsp("Mar 5, 2025"))])
def test_the_table_lists_when_each_game_was_played(csrf_off, client, two_games_at_a_table,
                                                    headers, first, second):
    table, _ = two_games_at_a_table
    html = client.get(f"/tables/{table['id']}", headers=headers).get_data(as_text=True)
    assert f'<time datetime="2026-11-22">{first}</time>' in html
    assert f'<time datetime="2025-03-05">{second}</time>' in html
    assert html.index(first) < html.index(second)  # the latest game first


def test_games_of_one_evening_share_one_date_line(csrf_off, app, client, two_games_at_a_table):
    table, ids = two_games_at_a_table
    played_on(app, ids[1], PLAYED["first"].replace(hour=21))
    html = client.get(f"/tables/{table['id']}", headers=PL).get_data(as_text=True)
    assert html.count(nbsp("22 lis 2026")) == 1 and nbsp("5 mar 2025") not in html


@pytest.mark.parametrize("headers, shown", [(PL, nbsp("22 lis 2026")), (EN, nbsp("Nov 22, 2026"))])
def test_the_home_page_says_when_this_phones_games_were_last_played(csrf_off, app, client, headers, shown):
    game = new_game(client)
    keep_score(client, game)
    played_on(app, game["id"], PLAYED["first"])
    html = client.get("/", headers=headers).get_data(as_text=True)
    assert f'<time datetime="2026-11-22">{shown}</time>' in html


@pytest.mark.parametrize("headers, shown", [(PL, nbsp("22 lis 2026")), (EN, nbsp("Nov 22, 2026"))])
def test_a_restore_says_when_each_game_was_first_played(csrf_off, app, client, headers, shown):
    game = new_game(client)
    played_on(app, game["id"], PLAYED["first"])
    backup = game_backup(client, game)
    response = client.post("/restore", headers=headers, content_type="multipart/form-data",
                           data={"backup": (io.BytesIO(backup), "backup.json")})
    assert response.status_code == 200
    assert f'<time datetime="2026-11-22">{shown}</time>' in response.get_data(as_text=True)
