"""Issue 30: after a hand is edited (keypad or PUT), deleted (delete page or DELETE), put back
(Undo or restore) or a deleted hand's number reused, the game a worker caught up from its kept
state (game_state, ScoreSheet.with_hands) is exactly the game scored afresh from every stored
hand: its totals, outcome and points per hand, its API JSON byte for byte, and its scoreboard
HTML. Checked in the worker that wrote, in a worker that kept the game a version behind, and
in a worker that never saw it."""
import json
import re
from collections import Counter

import pytest

from scorekeeper.domain.editions import EDITIONS, parse_house_rules
from scorekeeper.domain.scoring import LOWEST_TOTAL, WINNER_TAKES_POINTS, ScoreSheet, build_hand
from scorekeeper.scorepad.forms import field_name
from scorekeeper.services import games
from scorekeeper.services import game_state
from scorekeeper.services.game_state import kept_states

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


def scored_afresh(app, game_id: str) -> dict:
    """Totals, outcome and points per hand: from the kept state, and from every stored hand."""
    with app.test_request_context():
        state = kept_states().get(game_id)
        whole = games.sheet_of(games.load_game(game_id))
        assert state is not None and state.version == games.game_stamp(game_id)[0]
        # every hand's numbers and cards as stored, and no card kept for a hand that is gone
        assert [(k.row, k.number, k.revision) for k in state.keys] == \
            [(h.id, h.number, h.revision) for h in games.load_game(game_id).hands]
        assert [h.number for h in state.view.hands] == list(range(1, len(state.keys) + 1))
        assert set(state.stored) == {(k.row, k.revision) for k in state.keys}
        kept = state.sheet
        return {name: (value(kept), value(whole)) for name, value in {
            "points": lambda s: s.points(),
            "running": lambda s: [s.running(WINNER_TAKES_POINTS), s.running(LOWEST_TOTAL)],
            "standings": lambda s: [s.standings(WINNER_TAKES_POINTS), s.standings(LOWEST_TOTAL)],
            "teams": lambda s: [s.team_running(), s.team_standings()],
            "outcome": lambda s: s.outcome(),
            "dealers": lambda s: [s.dealers, s.next_dealer],
        }.items()}


def test_every_edit_delete_and_put_back_is_caught_up_exactly(app, client, make_app, database_url, game, csrf_off):
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
        client.get(board), behind.get(board)  # each worker's pages catch up (the API keeps nothing)
        for worker in (app, behind_app):
            for what, (kept, afresh) in scored_afresh(worker, game["id"]).items():
                assert kept == afresh, (name, what)
        # the same pages for a keeper (Edit links, Undo, the end-of-game forms) and a watcher,
        # rendered from the caught-up state and by a worker that never saw the game
        keeper.get(f"/games/{game['id']}")  # shows what the write said, once (never kept)
        kept_pages, kept_watched = pages(keeper, game), pages(behind, game)
        forget_everything(fresh_app, made_with)
        assert pages(fresh, game) == kept_pages, name
        forget_everything(fresh_app, made_with)
        assert pages(fresh_app.test_client(), game) == kept_watched, name
    if game["target"] != 5000:
        assert finished == {True, False}  # the game ended, and the writes reopened it


class Counted:
    """Stands in for a statement: counts its reads, and refuses them while `refused`."""

    def __init__(self, statement):
        self.statement, self.reads, self.refused = statement, 0, False

    def all_on(self, *args):
        assert not self.refused, "every hand's key was read"
        self.reads += 1
        return self.statement.all_on(*args)


def test_a_worker_that_kept_the_version_a_write_started_from_reads_no_other_hand(app, client, make_app,
                                                                                 database_url, monkeypatch):
    """The write's note (games.hands_reshape) is enough: neither the writing worker nor one that
    kept the game just before the write reads every hand's key. A worker further behind does,
    and shows the same game."""
    game = new_game(client, PLAYERS, target=5000)
    url = f"/api/games/{game['id']}"
    for n in range(6):
        post_hand(client, game, held(n % 4, n))
    other = make_app(database_url).test_client()
    keys = Counted(game_state._KEYS)
    monkeypatch.setattr(game_state, "_KEYS", keys)
    deleted = []

    def delete(number):
        response = client.delete(f"{url}/hands/{number}", headers=auth(game))
        deleted.append(response.json["deleted"])
        return response

    writes = [lambda: client.put(f"{url}/hands/6", json={"held": held(1, 60)}, headers=auth(game)),
              lambda: client.put(f"{url}/hands/2", json={"held": held(2, 61)}, headers=auth(game)),
              lambda: delete(1),
              lambda: client.post(f"{url}/hands/{deleted[-1]}/restore", headers=auth(game)),
              lambda: delete(6),
              lambda: client.post(f"{url}/hands/{deleted[-1]}/restore", headers=auth(game))]
    board = f"/games/{game['id']}"
    client.get(board)
    for write in writes:
        other.get(board)
        keys.refused = True
        assert write().status_code < 300
        assert other.get(board).data == client.get(board).data  # each caught up by the note
        assert other.get(url).data == client.get(url).data == recomputed(app, game["id"])
        keys.refused = False
    assert keys.reads == 0
    writes[1](), delete(3)  # two writes the other worker has not seen
    assert other.get(board).status_code == 200
    assert other.get(url).data == recomputed(app, game["id"])
    assert keys.reads == 1  # it read every hand's key, once
