"""Issue 30, gaps left open: each attack reproduced, each answered as a person would expect."""
from __future__ import annotations

import json
import re
import threading
from html import unescape
from io import BytesIO
from html.parser import HTMLParser

import pytest
from sqlalchemy import event, func, select

from scorekeeper import create_app, rate_limits
from scorekeeper.access import visits
from scorekeeper.models import Game, db

from tests.integration.test_team_forms import games, keeper
from tests.support.helpers import keep_score, new_game, post_hand

OPENS_ISOLATE, OPENS_EMBEDDING = set("\u2066\u2067\u2068"), set("\u202a\u202b\u202d\u202e")
PDI, PDF = "\u2069", "\u202c"


class BdiTexts(HTMLParser):
    """The text of every <bdi> element, whole."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth, self.texts = 0, []

    def handle_starttag(self, tag, attrs):
        if tag == "bdi":
            self.depth += 1
            self.texts.append("")

    def handle_endtag(self, tag):
        if tag == "bdi":
            self.depth -= 1

    def handle_data(self, data):
        if self.depth:
            self.texts[-1] += data


def closes_only_what_it_opens(text: str) -> bool:
    """No PDI or PDF without its opener (UAX #9 pairing); the isolate's end closes the rest."""
    opened: list[str] = []
    for ch in text:
        if ch in OPENS_ISOLATE or ch in OPENS_EMBEDDING:
            opened.append(ch)
        elif ch == PDI:
            if not any(c in OPENS_ISOLATE for c in opened):
                return False
            while opened.pop() not in OPENS_ISOLATE:
                pass
        elif ch == PDF:
            if not opened or opened.pop() in OPENS_ISOLATE:
                return False
    return True


@pytest.mark.parametrize("name", ["\u2069\u202eAna", "Ben\u2069\u2069\u202e", "\u202c\u2067Cy"])
def test_a_name_with_stray_bidi_controls_cannot_close_the_pages_isolate(client, name):
    game = new_game(client, players=[name, "Dee"])
    keep_score(client, game)
    post_hand(client, game, {name: [], "Dee": ["7"]})
    for path in (f"/games/{game['id']}", f"/games/{game['id']}/hands/new"):
        page = client.get(path).get_data(as_text=True)
        bdis = BdiTexts()
        bdis.feed(page)
        assert bdis.texts and all(closes_only_what_it_opens(t) for t in bdis.texts), bdis.texts
        title = re.search(r"<title>(.*?)</title>", page, re.S)[1]
        assert closes_only_what_it_opens(unescape(title)), title
    assert client.get(f"/api/games/{game['id']}").json["players"][0]["name"] == name  # kept as typed


def test_team_names_on_the_keypad_are_escaped_once(client):
    game = new_game(client, players=["O'Brien", "Ana", "B<b>en", "Dee"],
                    teams=[["O'Brien", "B<b>en"], ["Ana", "Dee"]])
    keep_score(client, game)
    keypad = client.get(f"/games/{game['id']}/hands/new").get_data(as_text=True)
    names = json.loads(unescape(re.search(r'data-team-names="([^"]+)"', keypad)[1]))
    assert names == ["O'Brien & B<b>en", "Ana & Dee"]


@pytest.mark.parametrize("value", ["²", "①", "١"])
def test_a_table_start_with_a_unicode_digit_for_a_team_is_a_clear_error(app, client, value):
    table = keeper(app, client)
    before = games(app)
    for teams in ({"team:Ana": "1", "team:Ben": "2", "team:Cy": value}, {"team:Ana": value, "team:Ben": value}):
        page = client.post(f"/tables/{table['id']}/games", data={"seat": ["Ana", "Ben", "Cy"], **teams})
        assert page.status_code == 422 and games(app) == before
        assert "with the team buttons" in page.get_data(as_text=True)
    polish = client.post(f"/tables/{table['id']}/games?lang=pl", data={"seat": ["Ana", "Ben"], "team:Ana": value})
    assert polish.status_code == 422 and "przyciskami drużyn" in polish.get_data(as_text=True)


def test_a_secret_key_made_only_of_digits_signs_forms(monkeypatch, tmp_path):
    monkeypatch.setenv("FLASK_SQLALCHEMY_DATABASE_URI", f"sqlite:///{tmp_path / 'digits.sqlite3'}")
    monkeypatch.setenv("FLASK_SECRET_KEY", "12345678901234567890")
    monkeypatch.setenv("FLASK_GC_FREEZE", "false")
    app = create_app()
    try:
        assert app.config["SECRET_KEY"] == "12345678901234567890"
        client = app.test_client()
        for path in ("/games/new", "/tables/new", "/judge"):
            assert client.get(path).status_code == 200, path
    finally:
        with app.app_context():
            db.engine.dispose()


def test_a_phone_on_https_never_adopts_a_planted_plain_device_cookie(app, csrf_off):
    """An attacker gets an id from the server over plain HTTP and plants it as `device` in a
    phone that uses HTTPS: what the phone then creates must not open to the attacker's id."""
    attacker, phone = app.test_client(), app.test_client()
    attacker.get(f"/games/{new_game(attacker)['id']}")  # a first look: the server issues an id
    planted = attacker.get_cookie("device").value
    phone.set_cookie("device", planted)
    made = phone.post("/games/new", base_url="https://localhost",
                      data={"players-0": "Ana", "players-1": "Ben", "edition": "classic",
                            "scoring": "winner-takes-points", "target": "500"})
    assert made.status_code == 302
    game_id = made.headers["Location"].rstrip("/").split("/")[-1]
    own = phone.get_cookie("__Host-device", domain="localhost")
    assert own is not None and own.value.split(".")[0] != planted.split(".")[0]
    assert phone.get(f"/games/{game_id}/hands/new", base_url="https://localhost").status_code == 200
    assert attacker.get(f"/games/{game_id}/hands/new").status_code == 403
    assert attacker.get(f"/games/{game_id}/hands/new", base_url="https://localhost",
                        headers={"Cookie": f"device={planted}"}).status_code == 403


class Writes:
    """Every INSERT, UPDATE or DELETE the app's engine runs while counting."""

    def __init__(self, app):
        self.app, self.seen = app, []

    def __enter__(self):
        with self.app.app_context():
            self.engine = db.engine
        event.listen(self.engine, "before_cursor_execute", self.note)
        return self

    def __exit__(self, *exc):
        event.remove(self.engine, "before_cursor_execute", self.note)

    def note(self, conn, cursor, statement, parameters, context, executemany):
        if statement.lstrip().split(" ", 1)[0].upper() in {"INSERT", "UPDATE", "DELETE"}:
            self.seen.append(statement)


def test_looking_at_scoreboards_writes_nothing_and_visits_are_written_in_one_batch(app, monkeypatch):
    monkeypatch.setattr(visits, "WRITE_EVERY", 3600.0)
    owner = app.test_client()
    made = [new_game(owner, players=["Ana", f"P{n}"])["id"] for n in range(3)]
    phone = app.test_client()
    phone.get(f"/games/{made[0]}")  # the first look gives the phone its device cookie
    with Writes(app) as writes:
        for _ in range(3):  # two scoreboards (and a third) viewed in turn
            for game_id in made:
                assert phone.get(f"/games/{game_id}").status_code == 200
    assert writes.seen == []
    monkeypatch.setattr(visits, "WRITE_EVERY", 0.0)
    with Writes(app) as writes:
        phone.get(f"/games/{made[0]}")  # the next answer after the interval writes the batch
    assert 1 <= len(writes.seen) <= 3, writes.seen  # one upsert, one prune, no row per look
    home = phone.get("/").get_data(as_text=True)
    assert all(game_id in home for game_id in made)


def test_what_one_worker_holds_to_write_is_bounded(app, monkeypatch):
    monkeypatch.setattr(visits, "WRITE_EVERY", 3600.0)
    monkeypatch.setattr(visits, "PENDING_MAX", 5)
    owner = app.test_client()
    made = [new_game(owner, players=["Ana", f"P{n}"])["id"] for n in range(8)]
    phone = app.test_client()
    phone.get(f"/games/{made[0]}")
    for game_id in made:
        phone.get(f"/games/{game_id}")
    with app.app_context():
        assert len(app.extensions["scorekeeper.pending_visits"].noted) == 5


@pytest.mark.parametrize("how", ["full", "read-only"])
def test_a_table_keepers_first_look_at_a_table_game_needs_no_write(app, backend, how):
    from tests.integration.test_storage_failures import break_storage
    from tests.integration.test_tables import keeper_client, new_table, table_game

    table = new_table(app.test_client())
    keeper = keeper_client(app, table)
    game = table_game(app.test_client(), table, ["Ana", "Ben"]).json
    with Writes(app) as writes:
        assert keeper.get(f"/games/{game['id']}").status_code == 200
    assert writes.seen == []  # the table's key is not copied into a row for the game
    other = table_game(app.test_client(), table, ["Cy", "Dee"]).json
    break_storage(app, backend, how)
    for path in (f"/games/{other['id']}", f"/games/{other['id']}/board", f"/games/{other['id']}/hands/new"):
        page = keeper.get(path)
        assert page.status_code == 200, (path, page.status_code)
    assert f"/games/{other['id']}/hands/new" in keeper.get(f"/games/{other['id']}").get_data(as_text=True)


def restore_upload(client, backup: dict):
    return client.post("/restore", data={"backup": (BytesIO(json.dumps(backup).encode()), "b.json")},
                       content_type="multipart/form-data")


def backup_of(client, games: int) -> dict:
    from tests.support.helpers import game_backup
    backup = json.loads(game_backup(client, new_game(client)))
    backup["games"] = backup["games"] * games
    return backup


def stored_games(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Game))


def test_restores_at_once_never_make_more_games_than_the_limit(make_app, database_url):
    app = make_app(database_url, RATELIMIT_ENABLED=True, WTF_CSRF_ENABLED=False,
                   RATELIMIT_CREATION="11 per minute; 100 per day", RATELIMIT_RESTORE="50 per minute")
    backup = backup_of(app.test_client(), 5)  # 1 of 11
    start = threading.Barrier(6)
    statuses = []

    def one_restore():
        client = app.test_client()
        start.wait()
        statuses.append(restore_upload(client, backup).status_code)

    threads = [threading.Thread(target=one_restore) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200, 200] + [429] * 4, statuses
    assert stored_games(app) == 1 + 2 * 5


def test_a_familys_backup_bigger_than_a_minutes_limit_restores_with_the_default_limits(make_app, database_url):
    app = make_app(database_url, RATELIMIT_ENABLED=True, WTF_CSRF_ENABLED=False)
    assert rate_limits.DEFAULTS["RATELIMIT_CREATION"] == "20 per minute; 200 per day"
    maker, family = app.test_client(), app.test_client()
    family.environ_base["REMOTE_ADDR"] = "10.0.0.9"  # another evening's phone
    backup = backup_of(maker, 25)
    assert restore_upload(family, backup).status_code == 200
    assert stored_games(app) == 1 + 25
    # The same again at once (a stranger's burst): the minute is spent, nothing more is made.
    assert restore_upload(family, backup).status_code == 429
    assert family.post("/api/games", json={"players": ["Ana", "Ben"]}).status_code == 429
    assert stored_games(app) == 1 + 25
    too_big = restore_upload(maker, backup_of(maker, 201))
    assert too_big.status_code == 422 and stored_games(app) == 2 + 25
    assert "at most 200 games a day" in too_big.get_data(as_text=True)
    assert "flask restore" in too_big.get_data(as_text=True)


def test_a_table_restore_killed_mid_way_leaves_nothing_on_the_tables_page_api_or_stats(app, monkeypatch):
    from scorekeeper.services.backups import restore as restoring
    from tests.integration.test_tables import keeper_client, new_table, play

    table = new_table(app.test_client())
    play(app.test_client(), table, ["Ana", "Ben"], [{"Ana": [], "Ben": ["7"]}])
    keeper = keeper_client(app, table)
    before = app.test_client().get(f"/api/tables/{table['id']}").json
    backup = backup_of(app.test_client(), 3)  # Ana, Ben, Cy and Dee: two new to the roster
    monkeypatch.setattr(restoring, "CHUNK_ROWS", 1)  # a transaction per game
    inserted, chunks = restoring.insert_games, []

    def killed_after_the_first_chunk(plans, batch):
        if chunks:
            raise SystemExit("SIGKILL")  # nothing after this point runs in a killed process
        chunks.append(batch)
        return inserted(plans, batch)

    monkeypatch.setattr(restoring, "insert_games", killed_after_the_first_chunk)
    monkeypatch.setattr(restoring, "_discard", lambda batch: None)
    with pytest.raises(SystemExit):
        keeper.post(f"/tables/{table['id']}/restore", content_type="multipart/form-data",
                    data={"backup": (BytesIO(json.dumps(backup).encode()), "b.json")})
    with app.app_context():
        half_written = db.session.scalars(select(Game.id).where(Game.restore_batch.is_not(None))).all()
    assert len(half_written) == 1
    after = app.test_client().get(f"/api/tables/{table['id']}").json
    assert after["games"] == before["games"] and after["players"] == before["players"]
    assert after["league"] == before["league"]
    page = keeper.get(f"/tables/{table['id']}").get_data(as_text=True)
    assert before["games"][0]["id"] in page and half_written[0] not in page
    assert "Dee" not in page  # nobody the killed restore would have added is on the roster
    monkeypatch.undo()  # a restore that runs to the end adds the games and the people
    restored = keeper.post(f"/tables/{table['id']}/restore", content_type="multipart/form-data",
                           data={"backup": (BytesIO(json.dumps(backup).encode()), "b.json")})
    assert restored.status_code == 302
    done = app.test_client().get(f"/api/tables/{table['id']}").json
    assert len(done["games"]) == 4
    seated = {p["name"]: p["games_played"] + p["games_in_progress"] for p in done["players"]}
    assert seated == {"Ana": 4, "Ben": 4, "Cy": 3, "Dee": 3}  # games_played counts finished games only


def test_healthz_stays_failing_while_hand_saves_fail_though_small_writes_succeed(app, backend, client):
    from tests.integration.test_storage_failures import HAND, break_storage

    game = new_game(client, target=100_000)
    break_storage(app, backend, "full" if backend == "sqlite" else "read-only")
    for _ in range(300):  # until the pages the file already has are used up
        if post_hand(client, game, HAND).status_code != 201:
            break
    assert post_hand(client, game, HAND).status_code == 503
    probes = []
    for n in range(6):  # small writes between probes, that may still fit (a new table's row)
        fitted = client.post("/api/tables", json={"name": f"T{n}"}).status_code == 201
        probes.append((fitted, client.get("/healthz").status_code))
    assert [status for _, status in probes] == [503] * 6, probes
    assert post_hand(client, game, HAND).status_code == 503  # saves still fail: health agreed


def test_healthz_is_ok_at_the_first_probe_after_the_fault_heals(app, backend, client, make_app, database_url):
    from tests.integration.test_storage_failures import HAND, break_storage

    game = new_game(client)
    break_storage(app, backend, "read-only")
    assert post_hand(client, game, HAND).status_code == 503
    assert client.get("/healthz").status_code == 503
    healed = make_app(database_url).test_client()  # the fault heals: a worker on sound storage
    assert healed.get("/healthz").status_code == 200  # at once, not a minute later
    assert post_hand(healed, game, HAND).status_code == 201
