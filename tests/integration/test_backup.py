"""Backup and restore (issue 7): JSON and CSV out, JSON back in, all-or-nothing."""
import copy
import csv
import io
import json
import re

import pytest

from scorekeeper.services.backups import FORMAT, VERSION
from scorekeeper.services.backups.export import export_all, json_text
from scorekeeper.models import Game, db
from sqlalchemy import select

from tests.support.helpers import auth, csrf_token, keep_score, new_game, post_hand
from tests.support.routes import snapshot

HANDS = [
    {"held": {"Ana": [], "Ben": ["7", "red-skip", "wild"], "Cy": ["0"], "Dee": ["wild-draw4"]}},
    {"held": {"Ana": ["blue-9"], "Ben": [], "Cy": [], "Dee": ["draw2"]}, "typed_totals": {"Cy": 42}},
    {"held": {"Ana": ["yellow-reverse"], "Ben": ["3", "3"], "Cy": ["wild"], "Dee": []}},
]


def fill(client) -> list[dict]:
    """Three games: hands with cards and typed totals, another edition, an empty one."""
    first = new_game(client, house_rules={"zero_counts_ten": True})
    for hand in HANDS:
        assert post_hand(client, first, hand["held"], **{k: v for k, v in hand.items() if k != "held"}).status_code == 201
    second = new_game(client, players=["Zoë", "=cmd|' /C calc'!A0", "@SUM(1)"], edition="classic-112",
                      scoring="lowest-total", target=200, house_rules={"blank_points": 25})
    assert post_hand(client, second, {"Zoë": [], "=cmd|' /C calc'!A0": ["blank"], "@SUM(1)": ["5"]}).status_code == 201
    third = new_game(client, players=["Greg", "Rowley"], edition="wimpy-kid")
    return [first, second, third]


def comparable(state: dict) -> dict:
    """A game as the API shows it, without what a restore renumbers (ids, and the hands'
    revisions, which count the writes to the new game)."""
    game = {k: v for k, v in state.items() if k not in ("id", "url", "edit_key")}
    game["hands"] = [{k: v for k, v in hand.items() if k != "revision"} for hand in game["hands"]]
    return game


def states(client) -> list[dict]:
    """Every game on the client's server, oldest first (ids are random: the database lists them)."""
    with client.application.app_context():
        ids = db.session.scalars(select(Game.id).order_by(Game.created_at)).all()
        db.session.rollback()
    return [client.get(f"/api/games/{game_id}").json for game_id in ids]


def whole_backup(client) -> bytes:
    """What `flask backup` writes for the client's server (no web page offers it any more)."""
    with client.application.app_context():
        return json_text(export_all()).encode()


def test_export_a_game_as_json(client):
    first, *_ = fill(client)
    assert client.get(f"/games/{first['id']}/export.json").status_code == 403  # keepers only
    keep_score(client, first)
    response = client.get(f"/games/{first['id']}/export.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert f'attachment; filename="scorekeeper-game-{first["id"]}.json"' == response.headers["Content-Disposition"]
    data = json.loads(response.get_data(as_text=True))
    assert data["format"] == FORMAT and data["version"] == VERSION and len(data["games"]) == 1
    record = data["games"][0]
    assert record["players"] == ["Ana", "Ben", "Cy", "Dee"] and record["house_rules"]["zero_counts_ten"]
    assert [h["held"] for h in record["hands"]] == [h["held"] for h in HANDS]
    assert record["hands"][1]["typed_totals"] == {"Cy": 42}
    assert "edit_key" not in json.dumps(data) and "hash" not in json.dumps(data)
    assert client.get("/games/99/export.json").status_code == 404


def test_backup_of_everything_restores_into_an_empty_instance(client, make_app, fresh_database):
    fill(client)
    assert client.get("/backup.json").status_code == 404  # no web page hands out every game
    backup = whole_backup(client)
    empty = make_app(fresh_database()).test_client()
    assert states(empty) == []
    with empty.application.app_context():
        from scorekeeper.services.backups.restore import restore
        restored = restore(json.loads(backup))
    assert [r.original_id for r in restored] == [s["id"] for s in states(client)]
    assert [comparable(s) for s in states(empty)] == [comparable(s) for s in states(client)]
    for state in states(empty):  # restored hands get revisions of their own, below the next write's
        assert [h["revision"] for h in state["hands"]] == list(range(1, len(state["hands"]) + 1))
    # New edit keys open the restored games, and only them.
    keys = {r.id: r.edit_key for r in restored}
    assert len(set(keys.values())) == 3
    game = {"id": restored[0].id, "edit_key": keys[restored[0].id]}
    assert post_hand(empty, game, HANDS[0]["held"]).status_code == 201
    assert post_hand(empty, {"id": restored[1].id, "edit_key": keys[restored[0].id]},
                     {"Zoë": [], "=cmd|' /C calc'!A0": ["1"], "@SUM(1)": ["5"]}).status_code == 403
    assert new_game(empty)["id"] not in keys


def test_restoring_into_a_non_empty_instance_adds_new_games(app, client, runner, tmp_path):
    fill(client)
    before = states(client)
    path = tmp_path / "backup.json"
    result = runner.invoke(args=["backup", str(path)])
    assert result.exit_code == 0, result.output
    assert "Backed up 3 games (4 hands)" in result.output
    result = runner.invoke(args=["restore", str(path)])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if line.startswith("game ")]
    old = [s["id"] for s in before]
    new = {s["id"] for s in states(client)} - set(old)
    found = [re.match(r"game (\S+) \(was game (\S+)\):", line).groups() for line in lines]
    assert [o for _, o in found] == old and {n for n, _ in found} == new and len(new) == 3
    assert all(re.search(r"edit key \S{20,}$", line) for line in lines)
    after = {s["id"]: s for s in states(client)}
    assert [after[i] for i in old] == before  # the originals are untouched
    copies = {n: o for n, o in found}
    assert all(comparable(after[n]) == comparable(after[copies[n]]) for n in new)


def test_backup_to_standard_output_and_restore_from_standard_input(runner, app, make_app, fresh_database):
    client = app.test_client()
    fill(client)
    result = runner.invoke(args=["backup"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    other = make_app(fresh_database())
    result = other.test_cli_runner().invoke(args=["restore", "-"], input=json.dumps(data))
    assert result.exit_code == 0, result.output
    assert [comparable(s) for s in states(other.test_client())] == [comparable(s) for s in states(client)]


def broken(data: dict, change) -> dict:
    data = copy.deepcopy(data)
    change(data)
    return data


def set_hand(game, number, held):
    game["hands"][number - 1]["held"] = held


BAD_BACKUPS = [
    (lambda d: d.update(format="something-else"), "not a Scorekeeper backup"),
    (lambda d: d.update(version=99), "version 99"),
    (lambda d: d.update(extra=1), "unknown field extra"),
    (lambda d: d.update(games={"a": 1}), "'games' must be a list"),
    (lambda d: d["games"][2].update(players=["Greg", "greg"]), "Game 3 (id *): Two players"),
    (lambda d: d["games"][2].update(players=["Greg", ""]), "needs a name"),
    (lambda d: d["games"][2].update(players=["Greg", "x" * 41]), "at most 40"),
    (lambda d: d["games"][2].update(edition="deluxe"), "Unknown edition"),
    (lambda d: d["games"][2].update(scoring="golf"), "Unknown scoring"),
    (lambda d: d["games"][2].update(target=0), "target"),
    (lambda d: d["games"][2].update(house_rules={"seven_swap": True}), "Unknown house rule"),
    (lambda d: d["games"][2].update(colour="red"), "unknown field colour"),
    (lambda d: d["games"][2].pop("players"), "'players' is missing"),
    (lambda d: d["games"][2].update(created_at="yesterday"), "not an ISO 8601 time"),
    (lambda d: d["games"][2].update(hands=[{"held": {"Greg": [], "Rowley": ["wild"] * 5}}]),
     "Game 3 (id *), hand 1: Too many Wild cards"),
    (lambda d: set_hand(d["games"][0], 3, {"Ana": [], "Ben": [], "Cy": ["1"], "Dee": ["2"]}),
     "Game 1 (id *), hand 3: Only one player can go out"),
    (lambda d: set_hand(d["games"][0], 3, {"Ana": [], "Ben": ["purple-7"], "Cy": ["1"], "Dee": ["2"]}),
     "hand 3: Ben"),
    (lambda d: set_hand(d["games"][0], 1, {"Ana": [], "Ben": ["1"], "Cy": ["1"], "Eve": ["2"]}),
     "'Eve' is not playing"),
    (lambda d: d["games"][0]["hands"][1].update(typed_totals={"Cy": -5}), "whole number from 0"),
    (lambda d: d["games"][0]["hands"][1].update(number=7), "numbered 1, 2, 3"),
    (lambda d: d["games"][0]["hands"][1].update(winner="Ana"), "unknown field winner"),
    (lambda d: d["games"][0]["hands"][1].update(id=d["games"][0]["hands"][0]["id"]), "hand 2: 'id' must be the hand's own id"),
    (lambda d: d["games"][0]["hands"][1].update(id="../x"), "hand 2: 'id' must be"),
    (lambda d: d["games"][2].update(players=["Gr\x00eg", "Rowley"]), "NUL characters"),
    (lambda d: d["games"][2].update(players=["Greg", "\udc80"]), "broken Unicode"),
]


@pytest.mark.parametrize("change, words", BAD_BACKUPS, ids=[w for _, w in BAD_BACKUPS])
def test_a_bad_backup_restores_nothing(app, client, runner, tmp_path, change, words):
    fill(client)
    data = json.loads(whole_backup(client))
    before = snapshot(app)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(broken(data, change)))
    result = runner.invoke(args=["restore", str(path)])
    assert result.exit_code == 1
    output = re.sub(r"\(id [A-Za-z0-9_-]{16}\)", "(id *)", result.output)  # ids are random
    assert "Nothing was restored" in output and words in output, result.output
    assert snapshot(app) == before  # the good games before the bad one were not added either


@pytest.mark.parametrize("raw", [b"", b"not json", b"[1, 2]", b"null", b"[" * 100_000, "é".encode("latin-1")])
def test_garbage_restores_nothing(app, runner, tmp_path, raw):
    before = snapshot(app)
    path = tmp_path / "garbage.json"
    path.write_bytes(raw)
    result = runner.invoke(args=["restore", str(path)])
    assert result.exit_code == 1 and "Nothing was restored" in result.output
    assert snapshot(app) == before


def test_score_sheet_as_csv(client):
    first, second, third = fill(client)
    assert client.get(f"/games/{first['id']}/export.csv").status_code == 403  # keepers only
    keep_score(client, first)
    keep_score(client, second)
    response = client.get(f"/games/{first['id']}/export.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"] == f'attachment; filename="scorekeeper-game-{first["id"]}.csv"'
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0] == ["hand", "dealer", "went out", "Ana points", "Ana cards", "Ben points", "Ben cards",
                       "Cy points", "Cy cards", "Dee points", "Dee cards"]
    assert rows[1] == ["1", "Ana", "Ana", "0", "", "77", "7 red-skip wild", "10", "0", "50", "wild-draw4"]
    assert rows[2][:3] == ["2", "Ben", "Ben"] and rows[2][7:9] == ["42", "typed total"]
    state = client.get(f"/api/games/{first['id']}").json
    totals = {row[0]: row for row in rows[4:]}
    assert set(totals) == {"total: winner takes points", "total: lowest total"}
    for system, label in (("winner-takes-points", "total: winner takes points"),
                          ("lowest-total", "total: lowest total")):
        assert [int(totals[label][3 + 2 * i]) for i in range(4)] == list(state["standings"][system].values())
    # Names a spreadsheet would run as formulas are defused.
    text = client.get(f"/games/{second['id']}/export.csv").get_data(as_text=True)
    header = next(csv.reader(io.StringIO(text)))
    assert "'=cmd|' /C calc'!A0 points" in header and "'@SUM(1) points" in header
    assert not any(cell.startswith(("=", "@", "+", "-")) for row in csv.reader(io.StringIO(text)) for cell in row)
    assert client.get("/games/99/export.csv").status_code == 404


def test_home_page_has_the_restore_form_and_no_backup_of_everything(client):
    html = client.get("/").get_data(as_text=True)
    assert "/backup.json" not in html and "Download a backup" not in html
    form = re.search(r'<form method="post" action="/restore"[^>]*>.*?</form>', html, re.S).group(0)
    assert 'enctype="multipart/form-data"' in form and 'name="csrf_token"' in form
    assert 'type="file" name="backup"' in form


def upload(client, payload: bytes, token: str | None):
    data = {"backup": (io.BytesIO(payload), "backup.json")}
    if token:
        data["csrf_token"] = token
    return client.post("/restore", data=data, content_type="multipart/form-data")


def test_restore_from_the_home_page(app, client, make_app, fresh_database):
    fill(client)
    payload = whole_backup(client)
    browser = make_app(fresh_database()).test_client()
    before = snapshot(browser.application)
    assert upload(browser, payload, None).status_code == 400  # no CSRF token: refused
    assert snapshot(browser.application) == before
    response = upload(browser, payload, csrf_token(browser))
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Restored 3 games" in page and page.count("Edit key:") == 3
    assert "=cmd|&#39; /C calc&#39;!A0" in page  # names escaped on this page too
    for state in states(browser):  # this phone, and no other, may keep score
        assert browser.get(f"/games/{state['id']}/hands/new").status_code == 200
        assert browser.application.test_client().get(f"/games/{state['id']}/hands/new").status_code == 403
    assert [comparable(s) for s in states(browser)] == [comparable(s) for s in states(client)]


def test_restore_upload_refuses_bad_files_and_changes_nothing(app, client):
    fill(client)
    before = snapshot(app)
    token = csrf_token(client)
    response = client.post("/restore", data={"csrf_token": token}, content_type="multipart/form-data")
    assert response.status_code == 400 and "Choose a backup file" in response.get_data(as_text=True)
    response = upload(client, b"{\"format\": \"scorekeeper-backup\", \"version\": 1, \"games\": [{}]}", token)
    assert response.status_code == 422 and "Nothing was restored" in response.get_data(as_text=True)
    assert upload(client, b"\x00\xff garbage", token).status_code == 422
    assert snapshot(app) == before


def test_a_large_backup_can_be_uploaded(app, client):
    """Bigger than an API request may be (256 KB): a restore takes up to 16 MB."""
    fill(client)
    data = json.loads(whole_backup(client))
    data["games"] = data["games"] * 250
    payload = json.dumps(data).encode()
    assert len(payload) > 300 * 1024
    response = upload(client, payload, csrf_token(client))
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    with app.app_context():
        assert db.session.query(Game).count() == 3 + 750


def test_the_api_body_limit_still_holds(client, game):
    response = client.post(f"/api/games/{game['id']}/hands", data=b"x" * 300_000,
                           content_type="application/json", headers=auth(game))
    assert response.status_code == 413
