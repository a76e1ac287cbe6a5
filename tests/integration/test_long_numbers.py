"""Issue 12, finding 5: a number of thousands of digits is a clear refusal, never a 500.

Python's int() refuses text of more than 4,300 digits; every number field checks the length first.
"""
import io
import json

import pytest

from tests.support.helpers import auth, game_backup, keep_score, new_game, post_hand

HUGE = "9" * 5000
HAND = {"Ana": [], "Ben": ["7"], "Cy": ["skip"], "Dee": ["wild"]}


@pytest.fixture
def keeper(client, game):
    """The test client keeps score for `game`, which has one hand."""
    post_hand(client, game, HAND)
    keep_score(client, game)
    return game


def test_html_delete_with_a_huge_revision_deletes_nothing(csrf_off, client, keeper):
    response = client.post(f"/games/{keeper['id']}/hands/1/delete", data={"revision": HUGE})
    assert response.status_code == 302
    assert len(client.get(f"/api/games/{keeper['id']}").json["hands"]) == 1


def test_html_edit_with_a_huge_revision_is_a_conflict_not_a_crash(csrf_off, client, keeper):
    data = {"out": "0", "p1_7": "1", "p2_7": "1", "p3_7": "1", "revision": HUGE}
    response = client.post(f"/games/{keeper['id']}/hands/1/edit", data=data)
    assert response.status_code == 409, response.get_data(as_text=True)


def test_html_number_fields_refuse_huge_numbers_beside_the_field(csrf_off, client, keeper):
    data = {"out": "0", "p1_7": HUGE, "request_id": "x"}
    response = client.post(f"/games/{keeper['id']}/hands/new", data=data)
    assert response.status_code == 422
    assert "at most 18 digits" in response.get_data(as_text=True)
    fields = {"players-0": "Ana", "players-1": "Ben", "edition": "classic",
              "scoring": "winner-takes-points", "target": HUGE}
    page = client.post("/games/new", data=fields)
    assert page.status_code == 200 and "at most 18 digits" in page.get_data(as_text=True)


def test_api_delete_with_a_huge_revision_is_a_400(client, keeper):
    url = f"/api/games/{keeper['id']}/hands/1?revision={HUGE}"
    response = client.delete(url, headers=auth(keeper))
    assert response.status_code == 400 and "revision" in response.json["error"]


def test_api_json_with_a_huge_number_is_a_400(client, keeper):
    body = '{"held": %s, "revision": %s}' % (json.dumps(HAND), HUGE)
    response = client.put(f"/api/games/{keeper['id']}/hands/1", data=body,
                          content_type="application/json", headers=auth(keeper))
    assert response.status_code == 400 and "error" in response.json


@pytest.mark.parametrize("path", [f"/games/{HUGE}", f"/api/games/{HUGE}",
                                  f"/games/1/hands/{HUGE}/edit", f"/games/{HUGE}/export.json"])
def test_huge_numbers_in_urls_name_nothing(client, path):
    assert client.get(path).status_code == 404


def test_huge_number_in_a_backup_is_refused_with_a_reason(client, runner, tmp_path):
    backup = game_backup(client, new_game(client)).decode()
    broken = backup.replace('"target": 500', f'"target": {HUGE}', 1)
    assert broken != backup
    path = tmp_path / "huge.json"
    path.write_text(broken)
    result = runner.invoke(args=["restore", str(path)])
    assert result.exit_code != 0 and "more than 18 digits" in result.output


def test_huge_number_in_an_uploaded_backup_is_a_422(csrf_off, client):
    backup = game_backup(client, new_game(client)).decode().replace(
        '"target": 500', f'"target": {HUGE}', 1)
    response = client.post("/restore", data={"backup": (io.BytesIO(backup.encode()), "b.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 422 and "more than 18 digits" in response.get_data(as_text=True)
