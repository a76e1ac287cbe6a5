"""Concurrency (issue 7): 20 threads recording and editing hands on one game at once.

No 500, no lost or doubled hand, no lost edit, and standings equal to a recomputation
from the cards stored in the database.
"""
import json
import threading
from collections import Counter

from sqlalchemy import text

from scorekeeper.domain.editions import get_edition, parse_house_rules
from scorekeeper.domain.scoring import SYSTEMS, ScoreSheet, build_hand
from scorekeeper.models import db

from tests.support.helpers import auth, new_game

THREADS = 20
ROUNDS = 3
PLAYERS = ["Ana", "Ben", "Cy"]
BUSY_RETRIES = 30  # a phone told "busy, try again" (409) tries again, like the app's pages do


def tag(thread: int, round_: int) -> int:
    """Each hand carries a unique number, Ben's typed total, so it can be found again."""
    return thread * 100 + round_ + 1


def posted(n: int) -> dict:
    return {"held": {"Ana": [], "Ben": [], "Cy": ["7"]}, "typed_totals": {"Ben": n}}


def edited(n: int) -> dict:
    return {"held": {"Ana": ["3", "skip"], "Ben": [], "Cy": []}, "typed_totals": {"Ben": n}}


def run_threads(target, count=THREADS):
    barrier = threading.Barrier(count)
    errors: list[BaseException] = []

    def guarded(i):
        try:
            barrier.wait(timeout=60)
            target(i)
        except BaseException as err:  # noqa: BLE001 - reported by the test below
            errors.append(err)

    threads = [threading.Thread(target=guarded, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert not any(t.is_alive() for t in threads), "a thread hung"
    if errors:
        raise errors[0]


def send(client, method, url, game, body, statuses, record):
    for _ in range(BUSY_RETRIES):
        response = client.open(url, method=method, json=body, headers=auth(game))
        record.append(response.status_code)
        if response.status_code != 409:
            assert response.status_code in statuses, (method, url, response.status_code, response.json)
            return response
    raise AssertionError(f"{method} {url} was still busy after {BUSY_RETRIES} tries")


def stored_sheet(app, game_id: int) -> ScoreSheet:
    """The game recomputed with the domain from the raw rows (not through games.py)."""
    with app.app_context():
        conn = db.session.connection()
        edition_slug, scoring, target, rules = conn.execute(text(
            "SELECT edition, scoring, target, house_rules FROM games WHERE id = :g"), {"g": game_id}).one()
        players = [r[0] for r in conn.execute(text(
            "SELECT name FROM players WHERE game_id = :g ORDER BY seat"), {"g": game_id})]
        rows = conn.execute(text(
            "SELECT h.number, p.name, c.cards, c.typed_total FROM hands h "
            "JOIN held_cards c ON c.hand_id = h.id JOIN players p ON p.id = c.player_id "
            "WHERE h.game_id = :g ORDER BY h.number, p.seat"), {"g": game_id}).all()
        db.session.rollback()
    edition = get_edition(edition_slug)
    if isinstance(rules, str):  # SQLite hands the JSON column back as text
        rules = json.loads(rules)
    by_number: dict[int, tuple[dict, dict]] = {}
    for number, name, cards, typed in rows:
        held, totals = by_number.setdefault(number, ({}, {}))
        held[name] = cards.split()
        if typed is not None:
            totals[name] = typed
    hands = [build_hand(edition, players, *by_number[n]) for n in sorted(by_number)]
    assert sorted(by_number) == list(range(1, len(hands) + 1)), "hand numbers have gaps or repeats"
    return ScoreSheet(edition=edition, rules=parse_house_rules(rules, edition), scoring=scoring,
                      target=target, players=players, hands=hands)


def test_twenty_threads_record_and_edit_one_game(app, client):
    game = new_game(client, players=PLAYERS, target=100_000)
    hands_url = f"/api/games/{game['id']}/hands"
    statuses: list[int] = []

    def phone(i: int) -> None:
        mine = app.test_client()
        for r in range(ROUNDS):
            n = tag(i, r)
            response = send(mine, "POST", hands_url, game, {**posted(n), "request_id": f"t{i}-r{r}"},
                            (201,), statuses)
            number = response.json["hand"]["number"]
            assert response.json["hand"]["typed_totals"] == {"Ben": n}
            send(mine, "PUT", f"{hands_url}/{number}", game, edited(n), (200,), statuses)
            # ...and a repeat of the first POST (a phone that never saw the answer): no new hand
            again = send(mine, "POST", hands_url, game, {**posted(n), "request_id": f"t{i}-r{r}"},
                         (200, 201), statuses)
            assert again.status_code == 200 and again.json["hand"]["number"] == number

    run_threads(phone)
    assert not [s for s in statuses if s >= 500]
    state = client.get(f"/api/games/{game['id']}").json
    hands = state["hands"]
    assert len(hands) == THREADS * ROUNDS  # none lost, none doubled
    tags = Counter(h["typed_totals"]["Ben"] for h in hands)
    assert tags == Counter(tag(i, r) for i in range(THREADS) for r in range(ROUNDS))
    for hand in hands:  # every edit landed: no hand is left as first posted
        assert hand["held"] == edited(0)["held"], hand
    sheet = stored_sheet(app, game["id"])
    for system in SYSTEMS:
        assert state["standings"][system] == sheet.standings(system)
    assert state["standings"]["winner-takes-points"]["Cy"] == sum(tags) + 23 * len(hands)  # 3 + Skip


def test_twenty_threads_sending_the_same_request_id_record_one_hand(app, client):
    game = new_game(client, players=PLAYERS)
    hands_url = f"/api/games/{game['id']}/hands"
    statuses: list[int] = []
    numbers: list[int] = []

    def phone(i: int) -> None:
        response = send(app.test_client(), "POST", hands_url, game,
                        {**posted(7), "request_id": "the-same-tap"}, (200, 201), statuses)
        numbers.append(response.json["hand"]["number"])

    run_threads(phone)
    final = [s for s in statuses if s != 409]
    assert final.count(201) == 1 and final.count(200) == THREADS - 1, statuses
    assert numbers == [1] * THREADS
    assert len(client.get(f"/api/games/{game['id']}").json["hands"]) == 1


def test_twenty_threads_editing_and_deleting_keep_numbers_consecutive(app, client):
    game = new_game(client, players=PLAYERS, target=100_000)
    hands_url = f"/api/games/{game['id']}/hands"
    for n in range(THREADS):
        assert client.post(hands_url, json=posted(n + 1), headers=auth(game)).status_code == 201
    statuses: list[int] = []

    def phone(i: int) -> None:
        mine = app.test_client()
        if i % 4 == 0:  # a few phones delete the last hand, while others edit and record
            send(mine, "DELETE", f"{hands_url}/1", game, None, (200, 404), statuses)
        elif i % 2:
            send(mine, "PUT", f"{hands_url}/{i}", game, edited(1000 + i), (200, 404), statuses)
        else:
            send(mine, "POST", hands_url, game, posted(2000 + i), (201,), statuses)

    run_threads(phone)
    assert not [s for s in statuses if s >= 500]
    state = client.get(f"/api/games/{game['id']}").json
    assert [h["number"] for h in state["hands"]] == list(range(1, len(state["hands"]) + 1))
    deletes = sum(1 for i in range(THREADS) if i % 4 == 0)
    posts = sum(1 for i in range(THREADS) if i % 4 and not i % 2)
    assert len(state["hands"]) == THREADS - deletes + posts
    sheet = stored_sheet(app, game["id"])
    for system in SYSTEMS:
        assert state["standings"][system] == sheet.standings(system)
