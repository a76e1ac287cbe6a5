"""Issue 36: the JSON API's game is read from the hands' rows and their per-seat points
(services/game_rows.py), never scored again. Whatever the writes through the API, GET equals
the whole game scored afresh from its held cards, each write's answer equals the GET that
follows it, and an answer is never a mix of two versions of the game."""
import threading

import pytest
from flask import current_app
from hypothesis import HealthCheck, given, settings, strategies as st
from sqlalchemy import event

from scorekeeper.models import db
from scorekeeper.services import game_rows, hand_scores

from tests.integration.test_game_state import PLAYERS, held, recomputed
from tests.integration.test_hand_scores import writes
from tests.support.helpers import auth, new_game, post_hand


def api_writes(client, game: dict, steps):
    """Each step sent through the API (an Undo "with other cards" is a plain restore there);
    yields each answer, before the next step is sent."""
    url, deleted = f"/api/games/{game['id']}", []
    for kind, at, (cards, typed) in steps:
        count = len(client.get(url).json["hands"])
        body = {"held": cards, "typed_totals": typed}
        if kind == "save" or count == 0 and kind in ("edit", "delete"):
            response = post_hand(client, game, cards, typed_totals=typed)
        elif kind == "edit":
            response = client.put(f"{url}/hands/{1 + at % count}", json=body, headers=auth(game))
        elif kind == "delete":
            response = client.delete(f"{url}/hands/{1 + at % count}", headers=auth(game))
            deleted.append(response.json["deleted"])
        elif deleted:
            response = client.post(f"{url}/hands/{deleted.pop()}/restore", headers=auth(game))
        else:
            continue
        if response.status_code == 409:  # a finished game takes no new hand: nothing changed
            continue
        assert response.status_code < 300, response.json
        yield response


def same_as_the_next_get(client, game: dict, response) -> None:
    """A write's answer holds the game the next GET shows (no write came between), and the
    hand it wrote as that game lists it."""
    shown = client.get(f"/api/games/{game['id']}").json
    assert response.json["game"] == shown
    if "hand" in response.json:
        assert response.json["hand"] == next(h for h in shown["hands"] if h["id"] == response.json["hand"]["id"])


@pytest.mark.postgres
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(writes(), st.sampled_from([None, 300, 5000]))
def test_the_api_equals_a_whole_rescoring_after_random_writes(app, client, run, new_target):
    scoring, teams, target, steps = run
    game = new_game(client, PLAYERS, scoring=scoring, target=target,
                    **({"teams": [["Ana", "Cy"], ["Ben", "Dee"]]} if teams else {}))
    url = f"/api/games/{game['id']}"
    for response in api_writes(client, game, steps):
        same_as_the_next_get(client, game, response)
    assert client.get(url).data == recomputed(app, game["id"])
    if new_target is not None:
        raised = client.patch(url, json={"target": new_target}, headers=auth(game))
        assert raised.status_code in (200, 422), raised.json  # 422: at or below a total reached
        assert client.get(url).data == recomputed(app, game["id"])
        if raised.status_code == 200:
            assert raised.json == client.get(url).json


@pytest.mark.postgres
@pytest.mark.parametrize("write", ["save", "edit", "delete", "undo"])
def test_a_writes_answer_is_the_game_it_committed_and_a_read_is_never_mixed(app, client, make_app, database_url,
                                                                             monkeypatch, write):
    """A write's answer is read in its own transaction, which holds the game: another worker's
    save waits for its commit, and the answer is the game this write made, without that save.
    A GET's reads are separate statements: when a save lands after it read the hands and
    before it summed them, it is read again, and is the game after that save, whole."""
    game = new_game(client, PLAYERS, target=5000, teams=[["Ana", "Cy"], ["Ben", "Dee"]])
    url = f"/api/games/{game['id']}"
    for n in range(5):
        post_hand(client, game, held(n % 4, n))
    deleted = client.delete(f"{url}/hands/2", headers=auth(game)).json["deleted"] if write == "undo" else None
    other = make_app(database_url).test_client()
    sums, reads, saved = hand_scores.game_sums, [], []
    waiting = threading.Thread(target=lambda: saved.append(post_hand(other, game, held(1, 77)).status_code))

    def another_save_waits(head):
        if current_app._get_current_object() is app:
            reads.append(head.version)
            waiting.start()
            waiting.join(timeout=0.5)
            assert waiting.is_alive()  # it waits for this write to commit
        return sums(head)

    monkeypatch.setattr(hand_scores, "game_sums", another_save_waits)
    sent = {"save": lambda: post_hand(client, game, held(2, 78)),
            "edit": lambda: client.put(f"{url}/hands/1", json={"held": held(3, 79)}, headers=auth(game)),
            "delete": lambda: client.delete(f"{url}/hands/1", headers=auth(game)),
            "undo": lambda: client.post(f"{url}/hands/{deleted}/restore", headers=auth(game))}[write]()
    waiting.join(timeout=30)
    monkeypatch.setattr(hand_scores, "game_sums", sums)
    assert sent.status_code < 300, sent.json
    assert saved == [201] and len(reads) == 1  # read once: nothing could land meanwhile
    after = client.get(url).json
    assert sent.json["game"]["hands"] == after["hands"][:-1]  # all but the waiting save's hand
    assert sent.json["game"] != after

    reads.clear()
    before = recomputed(app, game["id"])

    def a_save_lands_first(head):
        if current_app._get_current_object() is app:
            reads.append(head.version)
            if len(reads) == 1:
                assert post_hand(other, game, held(0, 76)).status_code == 201
        return sums(head)

    monkeypatch.setattr(hand_scores, "game_sums", a_save_lands_first)
    answer = client.get(url)
    assert len(reads) == 2 and reads[1] == reads[0] + 1  # read again, at the later version
    monkeypatch.setattr(hand_scores, "game_sums", sums)
    assert answer.data == recomputed(app, game["id"]) != before
    assert answer.headers["ETag"] == f'"g{game["id"]}v{reads[1]}"'  # the version it shows


def test_a_game_that_never_stops_changing_answers_busy_not_a_mixed_game(app, client, make_app, database_url,
                                                                       monkeypatch):
    game = new_game(client, PLAYERS, target=5000)
    other = make_app(database_url).test_client()
    sums = hand_scores.game_sums

    def a_save_lands_every_time(head):
        if current_app._get_current_object() is not app:
            return sums(head)
        assert post_hand(other, game, held(0, 1)).status_code == 201
        return sums(head)

    monkeypatch.setattr(hand_scores, "game_sums", a_save_lands_every_time)
    answer = client.get(f"/api/games/{game['id']}")
    assert answer.status_code == 409 and "busy" in answer.json["error"]
    monkeypatch.setattr(hand_scores, "game_sums", sums)
    assert len(client.get(f"/api/games/{game['id']}").json["hands"]) == game_rows.ATTEMPTS


@pytest.mark.postgres
def test_an_api_save_is_one_transaction_of_a_few_statements_however_long_the_game(app, client):
    """Each statement is a round trip, on PostgreSQL most of a save's cost (docs/budgets.md,
    36pg): the write locks and reads the game's row with its players in one statement, asks
    for the hand count with the last dealer in one and whether the new hand's id is taken in
    one, and the answer is read in the write's own transaction (no second transaction, no
    re-read of the game's row, players or the written hand)."""
    game = new_game(client, PLAYERS, target=50_000)
    with app.app_context():
        engine = db.engine
    counts = []
    for hands_played in (3, 45):
        while len(client.get(f"/api/games/{game['id']}").json["hands"]) < hands_played:
            assert post_hand(client, game, held(hands_played % 4, hands_played)).status_code == 201
        seen, begun = [], []
        listeners = (("before_cursor_execute", lambda conn, cursor, statement, *args: seen.append(statement)),
                     ("begin", lambda conn: begun.append(conn)))
        for name, listener in listeners:
            event.listen(engine, name, listener)
        try:
            assert post_hand(client, game, held(1, hands_played)).status_code == 201
        finally:
            for name, listener in listeners:
                event.remove(engine, name, listener)
        counts.append((len(seen), len(begun)))
    # 20 statements in two transactions before (2026-11-28); SQLite adds its BEGIN IMMEDIATE
    # and sends each seat's held cards alone (no round trips there: one file)
    most = 11 if engine.dialect.name == "postgresql" else 13
    assert counts[0] == counts[1] and counts[0][0] <= most and counts[0][1] == 1, counts
