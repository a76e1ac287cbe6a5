"""Around the table: watch and keep-score links, live polling with ETags, stale edits."""
import re
from pathlib import Path

import pytest

from tests.support.helpers import auth, new_game, post_hand, keep_score
from tests.integration.test_scorepad import hand_data

HAND = {"Ana": [], "Ben": ["7"], "Cy": ["skip"], "Dee": ["wild"]}


def hold_key(client, game):
    keep_score(client, game)


def test_share_page_offers_watch_and_keep_score_links(client, game):
    assert client.get(f"/games/{game['id']}/share").status_code == 403
    hold_key(client, game)
    page = client.get(f"/games/{game['id']}/share")
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    html = page.get_data(as_text=True)
    assert html.count("<svg") == 2  # a QR code for each link, drawn on the server
    assert f"http://localhost/games/{game['id']}</a>" in html
    keep = re.search(r'href="([^"]*keep-score[^"]*)"', html).group(1)
    assert keep == f"http://localhost/games/{game['id']}/keep-score#key={game['edit_key']}"
    assert "other phones cannot" in html  # localhost links are useless to the table: say so
    lan = "http://192.168.1.20:5000"
    keep_score(client, game, base_url=lan)
    elsewhere = client.get(f"/games/{game['id']}/share", base_url=lan)
    assert "other phones cannot" not in elsewhere.get_data(as_text=True)
    assert "http://192.168.1.20:5000/games/" in elsewhere.get_data(as_text=True)
    # Plain http on the home Wi-Fi: honest about what phones then withhold, and what still works.
    assert "no offline pages, no screen kept awake" in elsewhere.get_data(as_text=True)
    secure_lan = "https://192.168.1.20:5000"  # HTTPS: its own __Host-device cookie, its own grant
    form = client.get(f"/games/{game['id']}/keep-score", base_url=secure_lan).get_data(as_text=True)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', form).group(1)
    assert client.post(f"/games/{game['id']}/keep-score", base_url=secure_lan,
                       data={"key": game["edit_key"], "csrf_token": token},
                       headers={"Referer": f"{secure_lan}/games/{game['id']}/keep-score"}).status_code == 302
    secure = client.get(f"/games/{game['id']}/share", base_url=secure_lan)
    assert secure.status_code == 200 and "no offline pages" not in secure.get_data(as_text=True)


def test_the_key_never_appears_outside_the_share_page(client, game):
    post_hand(client, game, HAND)
    gid = game["id"]
    watcher_pages = [f"/games/{gid}", f"/games/{gid}/board", f"/games/{gid}/hands", f"/games/{gid}/keep-score",
                     "/", f"/api/games/{gid}"]
    for path in watcher_pages:
        assert game["edit_key"] not in client.get(path).get_data(as_text=True), path
    hold_key(client, game)
    for path in watcher_pages + [f"/games/{gid}/hands/new", f"/games/{gid}/hands/1/edit"]:
        assert game["edit_key"] not in client.get(path).get_data(as_text=True), path


def test_keep_score_link_lets_a_phone_record(csrf_off, client, game):
    gid = game["id"]
    assert "Yes, keep score on this phone" in client.get(f"/games/{gid}/keep-score").get_data(as_text=True)
    wrong = client.post(f"/games/{gid}/keep-score", data={"key": "guess"})
    assert wrong.status_code == 403 and "can only watch" in wrong.get_data(as_text=True)
    assert "guess" not in wrong.get_data(as_text=True)
    assert client.get(f"/games/{gid}/hands/new").status_code == 403
    right = client.post(f"/games/{gid}/keep-score", data={"key": game["edit_key"]})
    assert right.status_code == 302 and right.headers["Location"] == f"/games/{gid}"
    assert client.get(f"/games/{gid}/hands/new").status_code == 200
    assert "Record hand 1" in client.get(f"/games/{gid}").get_data(as_text=True)


def test_watchers_cannot_use_any_write_route(csrf_off, client, game):
    post_hand(client, game, HAND)
    gid = game["id"]
    html_writes = [("get", f"/games/{gid}/hands/new"), ("post", f"/games/{gid}/hands/new"),
                   ("get", f"/games/{gid}/hands/1/edit"), ("post", f"/games/{gid}/hands/1/edit"),
                   ("post", f"/games/{gid}/hands/1/delete"), ("post", f"/games/{gid}/target"),
                   ("get", f"/games/{gid}/share")]
    for method, path in html_writes:
        response = getattr(client, method)(path, data=hand_data(0, {1: ["1"], 2: ["1"], 3: ["1"]}))
        assert response.status_code == 403, path
        assert "can only watch" in response.get_data(as_text=True)
    api_writes = [("post", f"/api/games/{gid}/hands"), ("put", f"/api/games/{gid}/hands/1"),
                  ("delete", f"/api/games/{gid}/hands/1"), ("patch", f"/api/games/{gid}")]
    for method, path in api_writes:
        assert getattr(client, method)(path, json={"held": HAND, "target": 9}).status_code == 401, path
        assert getattr(client, method)(path, json={"held": HAND, "target": 9},
                                       headers={"Authorization": "Bearer watch"}).status_code == 403, path
    state = client.get(f"/api/games/{gid}").json
    assert len(state["hands"]) == 1 and state["target"] == 500


def test_live_board_answers_304_until_the_game_changes(client, game):
    url = f"/games/{game['id']}/board"
    first = client.get(url)
    assert first.status_code == 200 and first.headers["ETag"]
    assert "Cookie" in first.headers["Vary"]
    etag = first.headers["ETag"]
    same = client.get(url, headers={"If-None-Match": etag})
    assert same.status_code == 304 and same.data == b"" and same.headers["ETag"] == etag
    post_hand(client, game, HAND)
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert 'id="hand-1"' in changed.get_data(as_text=True)
    assert client.get("/games/999/board").status_code == 404


def test_board_etag_differs_for_keepers_and_systems(client, game):
    url = f"/games/{game['id']}/board"
    watch = client.get(url).headers["ETag"]
    other_system = client.get(url + "?system=lowest-total").headers["ETag"]
    hold_key(client, game)
    keeper = client.get(url).headers["ETag"]
    assert len({watch, other_system, keeper}) == 3


def test_scoreboard_page_carries_the_etag_the_poll_starts_from(client, game):
    page = client.get(f"/games/{game['id']}").get_data(as_text=True)
    etag = re.search(r'data-etag="([^"]+)"', page).group(1)
    assert client.get(f"/games/{game['id']}/board", headers={"If-None-Match": f'"{etag}"'}).status_code == 304


def test_api_game_answers_304_when_unchanged(client, game):
    url = f"/api/games/{game['id']}"
    first = client.get(url)
    etag = first.headers["ETag"]
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304
    post_hand(client, game, HAND)
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 200


def test_stale_edit_shows_both_versions_and_asks(csrf_off, client, game):
    post_hand(client, game, HAND)
    hold_key(client, game)
    gid = game["id"]
    form = client.get(f"/games/{gid}/hands/1/edit").get_data(as_text=True)
    revision = re.search(r'name="revision" type="hidden" value="(\d+)"', form).group(1)
    # Meanwhile another phone changes the same hand.
    client.put(f"/api/games/{gid}/hands/1", json={"held": {**HAND, "Ben": ["9"]}}, headers=auth(game))
    mine = {**hand_data(0, {1: ["2"], 2: ["skip"], 3: ["wild"]}), "revision": revision}
    clash = client.post(f"/games/{gid}/hands/1/edit", data=mine)
    assert clash.status_code == 409
    html = clash.get_data(as_text=True)
    assert "Which version of hand 1 is right?" in html and "Keep mine" in html and "Keep theirs" in html
    assert client.get(f"/api/games/{gid}").json["hands"][0]["held"]["Ben"] == ["9"]
    fresh_revision = re.search(r'name="revision" type="hidden" value="(\d+)"', html).group(1)
    assert fresh_revision != revision
    kept = client.post(f"/games/{gid}/hands/1/edit", data={**mine, "revision": fresh_revision})
    assert kept.status_code == 302
    assert client.get(f"/api/games/{gid}").json["hands"][0]["held"]["Ben"] == ["2"]


@pytest.mark.parametrize("path", ["/games/999", "/games/999/share", "/games/999/keep-score"])
def test_unknown_games_offer_the_home_page(client, path):
    response = client.get(path)
    assert response.status_code == 404 and "Go to the home page" in response.get_data(as_text=True)


def test_the_live_url_and_page_share_one_etag_and_junk_views_share_one_page(client, game):
    page = client.get(f"/games/{game['id']}").get_data(as_text=True)
    live = re.search(r'data-live="([^"]+)"', page).group(1)
    etag = re.search(r'data-etag="([^"]+)"', page).group(1)
    assert client.get(live, headers={"If-None-Match": f'"{etag}"'}).status_code == 304
    junk = client.get(f"/games/{game['id']}/board?system=nonsense")
    assert junk.headers["ETag"] == client.get(f"/games/{game['id']}/board").headers["ETag"]
    for n in range(300):  # junk views are the game's own view: they cannot flood the cache
        client.get(f"/games/{game['id']}/board?system=junk{n}")
    assert len(client.application.extensions["board_pages"]._pages) <= 2


def test_keep_playing_must_reopen_the_game(csrf_off, client):
    game = new_game(client, players=["Ana", "Ben"], target=100)
    post_hand(client, game, {"Ana": [], "Ben": ["wild", "wild", "wild"]})  # Ana 150: over
    hold_key(client, game)
    page = client.get(f"/games/{game['id']}").get_data(as_text=True)
    # Round choices above the score (150), not an odd suggestion; any target via the box.
    assert 'value="250">Keep playing to 250' in page and 'value="500">Keep playing to 500' in page
    assert re.search(r'<input[^>]*name="target"[^>]*value=""', page)
    refused = client.post(f"/games/{game['id']}/target", data={"target": "120"}, follow_redirects=True)
    assert "choose a target above 150" in refused.get_data(as_text=True)
    assert client.get(f"/api/games/{game['id']}").json["finished"] is True
    client.post(f"/games/{game['id']}/target", data={"target": "400"})
    assert client.get(f"/api/games/{game['id']}").json["finished"] is False


def test_keep_score_link_asks_first_naming_the_players(client, game):
    """Issue 12 finding 7: another site may open the link; the person must say yes first."""
    page = client.get(f"/games/{game['id']}/keep-score").get_data(as_text=True)
    assert "Keep score for Ana, Ben, Cy, Dee's game on this phone?" in page
    assert "No, only watch" in page
    assert client.get(f"/games/{game['id']}/hands/new").status_code == 403


def test_the_keep_score_script_never_submits_by_itself():
    """The page script fills the key from the link's fragment; only a tap may send it."""
    script = (Path(__file__).resolve().parents[2] / "static" / "app.js").read_text()
    claim = script[script.index("function claimKey"):]
    claim = claim[:claim.index("\n}\n")]
    assert "submit()" not in claim and "requestSubmit" not in claim and "fetch(" not in claim
