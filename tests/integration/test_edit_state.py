"""Issues 30 and 36: after a hand is edited (keypad or PUT), deleted (delete page or DELETE),
put back (Undo or restore) or a deleted hand's number reused, every worker answers the game
scored afresh from every stored hand: its API JSON byte for byte, and its scoreboard HTML the
same in the worker that wrote, in one that showed the game a version behind, and in one that
never saw it (nothing of a game is kept between requests but pages under their version)."""
import json
import re
from collections import Counter

import pytest

from scorekeeper.domain.editions import EDITIONS, parse_house_rules
from scorekeeper.domain.scoring import LOWEST_TOTAL, ScoreSheet, build_hand
from scorekeeper.scorepad.forms import field_name

from tests.integration.test_game_state import PLAYERS, held, recomputed
from tests.support.helpers import auth, keep_score, new_game, post_hand

PAGES = ("", "?system=lowest-total", "/board", "/hands")
TOKEN = re.compile(r'(name="csrf_token"[^>]*value=")[^"]+"')


@pytest.fixture(params=["plain", "teams", "finishes"])
def game(request, client):
    options = {"target": 5000}
    if request.param == "teams":
        options["teams"] = [["Ana", "Cy"], ["Ben", "Dee"]]
    if request.param == "finishes":  # ends in hand 9; the edits move that hand, and reopen it
        options = {"target": ending_in_hand_9(), "scoring": "lowest-total"}
    return new_game(client, PLAYERS, **options)


def ending_in_hand_9() -> int:
    """The lowest-total target the game below reaches first in its ninth hand."""
    edition = EDITIONS["classic"]
    played = [build_hand(edition, list(PLAYERS), held(n % 4, n)) for n in range(9)]
    rows = ScoreSheet(edition=edition, rules=parse_house_rules({}, edition), scoring=LOWEST_TOTAL, target=1,
                      players=list(PLAYERS), hands=played).running(LOWEST_TOTAL)
    target = max(rows[8].values())
    assert max(rows[7].values()) < target
    return target


def keypad(cards: dict) -> dict:
    """The keypad form's fields for `cards` (each player's bare kinds)."""
    data = {"out": str(next(seat for seat, name in enumerate(PLAYERS) if not cards[name]))}
    for seat, name in enumerate(PLAYERS):
        for kind, count in Counter(cards[name]).items():
            data[field_name(seat, kind)] = str(count)
    return data


def hand(client, game, number: int) -> dict:
    return client.get(f"/api/games/{game['id']}").json["hands"][number - 1]


def edit_by_keypad(client, game, number: int, cards: dict):
    now = hand(client, game, number)
    return client.post(f"/games/{game['id']}/hands/{number}/edit",
                       data=keypad(cards) | {"revision": str(now["revision"]), "hand_id": now["id"]})


def delete_by_page(client, game, number: int):
    now = hand(client, game, number)
    response = client.post(f"/games/{game['id']}/hands/{number}/delete",
                           data={"revision": str(now["revision"]), "hand_id": now["id"]})
    return response, now["id"]


def pages(client, game) -> dict[str, str]:
    """The scoreboard pages as this client sees them (CSRF tokens, per session, left out)."""
    return {page: TOKEN.sub(r"\1-", client.get(f"/games/{game['id']}{page}").get_data(as_text=True))
            for page in PAGES}


def forget_everything(app, made_with: set) -> None:
    """The app as a worker that never saw any game: every state, page and answer it kept gone."""
    for name in set(app.extensions) - made_with:
        del app.extensions[name]


def test_every_edit_delete_and_put_back_reads_the_same_in_every_worker(app, client, make_app, database_url, game, csrf_off):
    url = f"/api/games/{game['id']}"
    behind_app, fresh_app = make_app(database_url), make_app(database_url)
    made_with = set(fresh_app.extensions)
    behind, fresh = behind_app.test_client(), fresh_app.test_client()
    keeper = app.test_client()  # a phone keeping score with the keypad, in the worker that writes
    keep_score(keeper, game)
    keep_score(fresh, game)
    fresh.get(f"/games/{game['id']}")  # its "can now keep score" said, once
    for n in range(9):
        assert post_hand(client, game, held(n % 4, n)).status_code == 201
    deleted = {}

    def undo(name):
        return keeper.post(f"/games/{game['id']}/hands/{deleted[name]}/restore")

    def delete_page(number, name):
        response, deleted[name] = delete_by_page(keeper, game, number)
        return response

    def delete_api(number, name):
        response = client.delete(f"{url}/hands/{number}", headers=auth(game))
        deleted[name] = response.json["deleted"]
        return response

    writes = {
        "keypad edit of an early hand": lambda: edit_by_keypad(keeper, game, 2, held(3, 50)),
        "PUT of the last hand": lambda: client.put(f"{url}/hands/9", json={"held": held(1, 51)}, headers=auth(game)),
        "delete page, first hand": lambda: delete_page(1, "first"),
        "Undo": lambda: undo("first"),
        "DELETE of the last hand": lambda: delete_api(9, "last"),
        "restore of it": lambda: client.post(f"{url}/hands/{deleted['last']}/restore", headers=auth(game)),
        "DELETE of a middle hand": lambda: delete_api(4, "middle"),
        "a new hand in its place": lambda: post_hand(client, game, held(2, 52)),
        "restore behind the new hand": lambda: client.post(f"{url}/hands/{deleted['middle']}/restore",
                                                           headers=auth(game)),
        "keypad edit of the first hand": lambda: edit_by_keypad(keeper, game, 1, held(0, 53)),
        "delete page, last hand": lambda: delete_page(10, "again"),
        "a resent PUT": lambda: client.put(f"{url}/hands/3", json={"held": held(2, 54)}, headers=auth(game)),
        "the same PUT again": lambda: client.put(f"{url}/hands/3", json={"held": held(2, 54)}, headers=auth(game)),
    }
    finished = {client.get(url).json["finished"]}
    board = f"/games/{game['id']}"
    for name, write in writes.items():
        behind.get(board)  # this worker keeps the game as it was before the write (its pages' state)
        response = write()
        assert response.status_code < 400, (name, response.get_data(as_text=True)[:300])
        whole = recomputed(app, game["id"])
        finished.add(json.loads(whole)["finished"])
        assert client.get(url).data == whole, name
        assert behind.get(url).data == whole, name
        forget_everything(fresh_app, made_with)
        assert fresh.get(url).data == whole, name
        # the same pages for a keeper (Edit links, Undo, the end-of-game forms) and a watcher,
        # in workers that showed the game before the write and in one that never saw it
        keeper.get(f"/games/{game['id']}")  # shows what the write said, once (never kept)
        kept_pages, kept_watched = pages(keeper, game), pages(behind, game)
        forget_everything(fresh_app, made_with)
        assert pages(fresh, game) == kept_pages, name
        forget_everything(fresh_app, made_with)
        assert pages(fresh_app.test_client(), game) == kept_watched, name
    if game["target"] != 5000:
        assert finished == {True, False}  # the game ended, and the writes reopened it
