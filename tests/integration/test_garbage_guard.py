"""Issue 18: on 3.11 the garbage guard freezes the start-up heap and collects after a request
only when database objects the request loaded are still alive at its end (in a reference cycle
only a collection frees). Polls and a watcher's scoreboard load none; pages that load a game
hand their templates plain values (services/page_values.py), so its rows are gone by then."""
import gc

from scorekeeper import create_app
from scorekeeper.services import games

from tests.integration.conftest import app_config, close_app
from tests.support.helpers import new_game, post_hand

HAND = {"Ana": [], "Ben": ["7"], "Cy": ["wild"], "Dee": ["3"]}


def full_collections(action) -> int:
    seen = []

    def note(phase, info):
        if phase == "stop" and info["generation"] == 2:
            seen.append(1)
    gc.callbacks.append(note)
    try:
        action()
    finally:
        gc.callbacks.remove(note)
    return len(seen)


def test_the_guard_freezes_start_up_and_collects_only_after_requests_that_loaded_objects(database_url, tmp_path):
    gc.unfreeze()
    app = create_app(app_config(database_url, GC_GUARD=True, GC_FREEZE=True, STORAGE_STATE_DIR=str(tmp_path)))

    @app.get("/_a_row_in_a_cycle/<game_id>")
    def a_row_in_a_cycle(game_id):  # what a template holding a row used to leave behind
        cycle = [games.load_game(game_id)]
        cycle.append(cycle)
        return "ok"
    try:
        assert gc.get_freeze_count() > 10_000  # the app, its templates and mappers: never scanned again
        client = app.test_client()
        game = new_game(client)
        post_hand(client, game, HAND)
        gid = game["id"]
        client.get(f"/games/{gid}")
        client.get(f"/games/{gid}")  # the phone's cookie, its visit, the page rendered and kept
        etag = client.get(f"/games/{gid}/board").headers["ETag"]
        gc.disable()  # only the guard's own collections are counted
        try:
            assert full_collections(lambda: client.get(f"/_a_row_in_a_cycle/{gid}")) >= 1
            assert full_collections(lambda: client.get(f"/games/{gid}/hands")) == 0  # plain values
            poll = lambda: client.get(f"/games/{gid}/board", headers={"If-None-Match": etag})  # noqa: E731
            assert full_collections(poll) == 0
            assert full_collections(lambda: client.get(f"/games/{gid}")) == 0
        finally:
            gc.enable()
    finally:
        close_app(app)
        gc.collect()  # what this app left, the guard on (its sessions are gone already)
        gc.freeze()  # the rest of the test session scans only what it makes (tests/conftest.py)
