"""Schema changes never lose data (issue 7): every start upgrades the schema, safely.

The data below is written with plain SQL in the *first* migration's schema, the way a
database made by the first release looks, then the app upgrades it to the newest.
"""
import json
import os
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask_migrate import downgrade, upgrade
from hypothesis import HealthCheck, given, settings
from sqlalchemy import create_engine, delete, inspect, text, update
from sqlalchemy.pool import NullPool

from scorekeeper import MIGRATIONS
from scorekeeper.services import games, hand_scores, keys
from scorekeeper.ids import looks_like_hand_id, looks_like_public_id
from scorekeeper.domain.editions import get_edition, parse_house_rules
from scorekeeper.domain.scoring import SYSTEMS, ScoreSheet, build_hand
from scorekeeper.models import db
from tests.integration.test_hand_scores import check_went_out, writes

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ScriptDirectory(str(MIGRATIONS))
FIRST = SCRIPTS.get_base()
HEAD = SCRIPTS.get_current_head()
KEY = "old-edit-key"

# Real games as a family plays them: every edition, both systems, house rules, typed totals,
# colours and bare kinds, and names that are not plain ASCII.
GAMES = [
    {"edition": "classic", "scoring": "winner-takes-points", "target": 500,
     "house_rules": {"zero_counts_ten": True, "stacking": False, "uno_penalty": None},
     "players": ["Ana", "Ben", "Cy", "Dee"],
     "hands": [
         ({"Ana": [], "Ben": ["red-7", "7", "skip", "wild"], "Cy": ["0", "blue-0"], "Dee": ["wild-draw4"]}, {}),
         ({"Ana": ["green-reverse"], "Ben": [], "Cy": [], "Dee": ["yellow-9", "draw2"]}, {"Cy": 35}),
         ({"Ana": ["1"], "Ben": ["2"], "Cy": ["3"], "Dee": []}, {}),
     ]},
    {"edition": "classic-112", "scoring": "lowest-total", "target": 300,
     "house_rules": {"zero_counts_ten": False, "stacking": True, "uno_penalty": 3, "blank_points": 25},
     "players": ["Zoë", "Łukasz", "李"],
     "hands": [
         ({"Zoë": ["blank", "blank"], "Łukasz": [], "李": ["wild"]}, {}),
         ({"Zoë": [], "Łukasz": ["blue-draw2"], "李": []}, {"李": 120}),
     ]},
    {"edition": "wimpy-kid", "scoring": "winner-takes-points", "target": 100,
     "house_rules": {"zero_counts_ten": False, "stacking": False, "uno_penalty": None},
     "players": ["Greg", "Rowley"],
     "hands": [({"Greg": [], "Rowley": ["cheese-touch", "cheese-touch", "yellow-5"]}, {}),
               ({"Greg": ["1"], "Rowley": []}, {}),
               ({"Greg": [], "Rowley": ["2"]}, {})]},
    {"edition": "classic", "scoring": "lowest-total", "target": 500,
     "house_rules": {"zero_counts_ten": False, "stacking": False, "uno_penalty": None},
     "players": ["Solo", "Duo"], "hands": []},
]


def expected_sheet(record) -> ScoreSheet:
    edition = get_edition(record["edition"])
    return ScoreSheet(edition=edition, rules=parse_house_rules(record["house_rules"], edition),
                      scoring=record["scoring"], target=record["target"], players=record["players"],
                      hands=[build_hand(edition, record["players"], held, typed)
                             for held, typed in record["hands"]])


# Hands saved by a phone (a request id that can be a hand's id), through the API without one,
# and with one that cannot name a hand in a URL.
OLD_REQUEST_IDS = ["req-{g}-{n}", None, "req {g}/{n}"]


def write_first_release_data(conn) -> list[int]:
    """Insert GAMES with SQL against the first migration's tables (not today's models).

    The database numbers the rows itself (RETURNING id), as it did for the first release.
    """
    ids = []
    for g, record in enumerate(GAMES, start=1):
        game_id = conn.execute(text(
            "INSERT INTO games (edition, scoring, target, house_rules, edit_key_hash, version, "
            "created_at, updated_at) VALUES (:edition, :scoring, :target, :rules, :hash, 1, "
            ":created, :created) RETURNING id"),
            {"edition": record["edition"], "scoring": record["scoring"],
             "target": record["target"], "rules": json.dumps(record["house_rules"]),
             "hash": keys.hash_key(KEY), "created": datetime(2026, g, 1, 20)}).scalar_one()
        ids.append(game_id)
        player_ids = {}
        for seat, name in enumerate(record["players"]):
            player_ids[name] = conn.execute(text(
                "INSERT INTO players (game_id, seat, name) VALUES (:g, :seat, :name) RETURNING id"),
                {"g": game_id, "seat": seat, "name": name}).scalar_one()
        for number, (held, typed) in enumerate(record["hands"], start=1):
            hand_id = conn.execute(text(
                "INSERT INTO hands (game_id, number, request_id, revision, created_at) "
                "VALUES (:g, :n, :rid, 1, :created) RETURNING id"),
                {"g": game_id, "n": number, "rid": (OLD_REQUEST_IDS[number - 1] or "").format(g=g, n=number) or None,
                 "created": datetime(2026, g, 1, 20, number)}).scalar_one()
            for name in record["players"]:
                conn.execute(text(
                    "INSERT INTO held_cards (hand_id, player_id, cards, typed_total) "
                    "VALUES (:h, :p, :cards, :typed)"),
                    {"h": hand_id, "p": player_ids[name], "cards": " ".join(held.get(name, [])),
                     "typed": typed.get(name)})
    return ids


def test_migrations_form_one_line_from_the_first_to_the_newest():
    assert FIRST and HEAD and len(SCRIPTS.get_heads()) == 1, "two migration heads: merge them"
    chain = [r.revision for r in SCRIPTS.walk_revisions("base", "heads")]
    assert chain[-1] == FIRST and chain[0] == HEAD


def test_upgrading_from_the_first_migration_keeps_every_game_and_hand(make_app, fresh_database):
    url = fresh_database()
    app = make_app(url, MIGRATE_ON_START=False)
    with app.app_context():
        upgrade(directory=str(MIGRATIONS), revision=FIRST)
        with db.engine.begin() as conn:
            ids = write_first_release_data(conn)
            counts_before = {t: conn.execute(text(f"SELECT COUNT(*) FROM {t}")).scalar_one()
                             for t in ("games", "players", "hands", "held_cards")}
        db.engine.dispose()

    app = make_app(url)  # a normal start: upgrades to the newest revision
    with app.app_context():
        assert MigrationContext.configure(db.session.connection()).get_current_revision() == HEAD
        for table, count in counts_before.items():
            assert db.session.execute(text(f"SELECT COUNT(*) FROM {table}")).scalar_one() == count, table
        # Family tables (0002): the old games stand alone, their seats on no roster.
        assert db.session.execute(text(
            "SELECT COUNT(*) FROM games WHERE table_id IS NOT NULL")).scalar_one() == 0
        assert db.session.execute(text(
            "SELECT COUNT(*) FROM players WHERE roster_id IS NOT NULL")).scalar_one() == 0
        db.session.rollback()
        # Each game got a new unguessable id; its creation time tells which game it was.
        new_ids = dict(db.session.execute(text("SELECT created_at, id FROM games")).all())
        db.session.rollback()
    by_month = {(created if isinstance(created, datetime) else datetime.fromisoformat(created)).month:
                public for created, public in new_ids.items()}
    public_ids = [by_month[g] for g in range(1, len(GAMES) + 1)]
    assert all(looks_like_public_id(i) for i in public_ids) and len(set(public_ids)) == len(GAMES)
    client = app.test_client()
    hand_ids = []
    for number in ids:  # the old numbered URLs name nothing any more
        assert client.get(f"/api/games/{number}").status_code == 404
        assert client.get(f"/games/{number}").status_code == 404
    for game_id, record in zip(public_ids, GAMES):
        state = client.get(f"/api/games/{game_id}").json
        assert state["id"] == game_id
        expected = expected_sheet(record)
        assert (state["edition"], state["scoring"], state["target"]) == (
            record["edition"], record["scoring"], record["target"])
        assert {k: v for k, v in state["house_rules"].items() if v is not None} == {
            k: v for k, v in record["house_rules"].items() if v is not None}
        assert [p["name"] for p in state["players"]] == record["players"]
        assert len(state["hands"]) == len(record["hands"])
        for number, (hand, (held, typed)) in enumerate(zip(state["hands"], record["hands"]), 1):
            assert hand["held"] == {n: held.get(n, []) for n in record["players"]}
            hand_ids.append(hand["id"])
            if number == 1:  # 0007: a phone's request id became the hand's id
                assert hand["id"] == f"req-{GAMES.index(record) + 1}-1"
            assert hand["dealer"] == record["players"][(number - 1) % len(record["players"])]
            assert hand.get("typed_totals", {}) == typed
        # 0017: who went out (a seat with no cards beside a typed total did not) as the domain says
        assert [hand["winner"] for hand in state["hands"]] == [hand.winner for hand in expected.hands]
        for system in SYSTEMS:
            assert state["standings"][system] == expected.standings(system)
        with app.app_context():  # 0014 scored every stored hand into its seats' rows
            head = games.load_game_head(game_id)
            assert {s: hand_scores.standings(head, s) for s in SYSTEMS} == {
                s: expected.standings(s) for s in SYSTEMS}
            check_went_out(games.load_game(game_id), expected)
            db.session.rollback()
        # The dealers the board showed before dealers were stored: hand n, seat (n - 1) mod players.
        seated = record["players"]
        assert [h["dealer"] for h in state["hands"]] == [
            seated[(n - 1) % len(seated)] for n in range(1, len(record["hands"]) + 1)]
        board = client.get(f"/games/{game_id}").get_data(as_text=True)
        for n in range(1, len(record["hands"]) + 1):
            assert f"Hand {n} <small>· {seated[(n - 1) % len(seated)]} dealt</small>" in board
        assert f"{seated[len(record['hands']) % len(seated)]} deals hand" in board or state["finished"]
    assert len(set(hand_ids)) == len(hand_ids) and all(looks_like_hand_id(i) for i in hand_ids)
    # A migrated hand is deleted and put back by its id, exactly as it was.
    before = client.get(f"/api/games/{public_ids[0]}").json
    old_key = {"Authorization": f"Bearer {KEY}"}
    gone = client.delete(f"/api/games/{public_ids[0]}/hands/2", headers=old_key).json["deleted"]
    assert gone == before["hands"][1]["id"]
    assert client.post(f"/api/games/{public_ids[0]}/hands/{gone}/restore", headers=old_key).status_code == 201
    assert client.get(f"/api/games/{public_ids[0]}").json == before
    # The games stay alive: the old edit key still opens them, and new ids do not collide.
    response = client.post(f"/api/games/{public_ids[3]}/hands", json={"held": {"Solo": ["9"], "Duo": []}},
                           headers={"Authorization": f"Bearer {KEY}"})
    assert response.status_code == 201, response.json
    assert client.post("/api/games", json={"players": ["New", "Game"]}).json["id"] not in public_ids


def test_a_repeated_start_changes_nothing(app, client, make_app, database_url):
    game = client.post("/api/games", json={"players": ["Ana", "Ben"]}).json
    again = make_app(database_url).test_client()
    assert again.get(f"/api/games/{game['id']}").json == client.get(f"/api/games/{game['id']}").json


def test_the_models_match_the_migrations(app):
    """A model changed without a migration would fail here (`flask db migrate` makes one)."""
    with app.app_context():
        with db.engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), db.metadata)
    assert diff == []


STARTER = """
import sys, time
from pathlib import Path
from scorekeeper import MIGRATIONS, create_app, database
app = create_app()  # FLASK_MIGRATE_ON_START=false: everything but the upgrade
folder = Path(sys.argv[1])
(folder / f"ready-{sys.argv[2]}").touch()
deadline = time.monotonic() + 60
while not (folder / "go").exists() and time.monotonic() < deadline:
    time.sleep(0.002)
database.upgrade_schema(app, MIGRATIONS)  # what create_app runs on every start
"""


def test_servers_starting_together_upgrade_once(fresh_database, tmp_path):
    """gunicorn workers (or several machines) reach the upgrade at the same moment on a new
    database: they take turns, one creates the schema, the others find it done.
    (Without the lock in database.migration_lock, most of them fail here.)"""
    url = fresh_database()
    env = {**os.environ, "FLASK_SQLALCHEMY_DATABASE_URI": url, "FLASK_SECRET_KEY": "x",
           "FLASK_MIGRATE_ON_START": "false"}
    starters = 4
    procs = [subprocess.Popen([sys.executable, "-c", STARTER, str(tmp_path), str(i)], cwd=ROOT,
                              env=env, stderr=subprocess.PIPE, text=True) for i in range(starters)]
    deadline = time.monotonic() + 60
    while len(list(tmp_path.glob("ready-*"))) < starters and time.monotonic() < deadline:
        assert all(p.poll() is None for p in procs), [p.stderr.read() for p in procs if p.poll()]
        time.sleep(0.01)
    (tmp_path / "go").touch()
    results = [(p.wait(timeout=120), p.stderr.read()) for p in procs]
    for p in procs:
        p.stderr.close()
    assert [code for code, _ in results] == [0] * starters, [err for _, err in results]
    engine = create_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as conn:
            assert conn.execute(text("SELECT version_num FROM alembic_version")).scalars().all() == [HEAD]
            assert {"games", "players", "hands", "held_cards"} <= set(inspect(conn).get_table_names())
    finally:
        engine.dispose()


def test_the_hand_scores_migration_scores_every_stored_hand(make_app, fresh_database):
    """0014 fills the per-hand-and-seat rows from the held cards of a database the code before
    it wrote (team games, typed totals, house rules, both systems), on either database."""
    url = fresh_database()
    app = make_app(url)
    client = app.test_client()
    made = [client.post("/api/games", json=options).json for options in (
        {"players": ["Ana", "Ben", "Cy", "Dee"], "teams": [["Ana", "Cy"], ["Ben", "Dee"]]},
        {"players": ["Ana", "Ben", "Cy"], "scoring": "lowest-total", "target": 900,
         "house_rules": {"zero_counts_ten": True}},
        {"players": ["Ana", "Ben", "Cy", "Dee"], "scoring": "lowest-total", "target": 900,
         "teams": [["Ana", "Ben"], ["Cy", "Dee"]]})]
    for n, game in enumerate(made * 3):
        names = [p["name"] for p in game["players"]]
        held = {name: [] if seat == n % len(names) else ["0", "wild", "7"][:1 + (n + seat) % 3]
                for seat, name in enumerate(names)}
        response = client.post(f"/api/games/{game['id']}/hands", json={"held": held},
                               headers={"Authorization": f"Bearer {game['edit_key']}"})
        assert response.status_code == 201, response.json
    with app.app_context():
        before = [(g["id"], hand_scores.standings(games.load_game_head(g["id"])),
                   hand_scores.team_standings(games.load_game_head(g["id"]))) for g in made]
        db.session.remove()
        downgrade(directory=str(MIGRATIONS), revision="0013_table_overviews")
        assert "hand_scores" not in inspect(db.engine).get_table_names()
        upgrade(directory=str(MIGRATIONS))
        for game_id, standings, teams in before:
            head = games.load_game_head(game_id)
            sheet = games.sheet_of(games.load_game(game_id))
            assert hand_scores.standings(head) == standings == sheet.standings()
            assert hand_scores.team_standings(head) == teams == sheet.team_standings()
            assert hand_scores.outcome(head) == sheet.outcome()
            check_went_out(games.load_game(game_id), sheet)  # 0017 filled who went out
        db.session.rollback()


def test_the_upgrade_fills_a_big_table_made_by_the_code_before_it(make_app, fresh_database):
    """A database as main at 0014 leaves it (d17d6f1: held cards and their hand_scores, made
    here by bulk inserts): a family table of 500 finished games and a game of 1,000 hands.
    After the upgrade the old stored copies are gone, the per-seat rows (filled by 0018, their
    final order by 0019; no `tables summarise`) equal a rescoring, the table's reads count every
    game, and the backups are the same bytes as before the upgrade; a stale row is filled again
    by 0018; downgrade counts the cards back as 0011 did."""
    from benchmarks.tables import KEY, NAMES, _insert, _rows, public
    from scorekeeper.ids import new_hand_id
    from scorekeeper.models import utcnow
    from scorekeeper.services import table_game_seats
    from tests.integration.test_table_game_seats import rescored, stored
    url = fresh_database()
    app = make_app(url, MIGRATE_ON_START=False)
    table_id = "bigtable00000001"
    with app.app_context():
        upgrade(directory=str(MIGRATIONS), revision="0014_hand_scores")
        now = utcnow()
        db.session.execute(text("INSERT INTO family_tables (id, name, edit_key_hash, created_at, updated_at) "
                                "VALUES (:id, 'Big', :h, :at, :at)"), {"id": table_id, "h": keys.hash_key(KEY), "at": now})
        roster = {name: 7_000 + i for i, name in enumerate(NAMES)}
        for name, rid in roster.items():
            db.session.execute(text("INSERT INTO table_players (id, table_id, name, name_key) VALUES (:i, :t, :n, :k)"),
                               {"i": rid, "t": table_id, "n": name, "k": name.casefold()})
        ids = range(1, 501)
        seats, hands, cards = _rows(ids, table_id, roster)
        long_game = 501  # a game of 1,000 hands at the same table, still going
        seats += [{"id": long_game * 10 + s, "g": public(long_game), "seat": s, "name": n, "r": roster[n]}
                  for s, n in enumerate(NAMES[:2])]
        for n in range(1, 1_001):
            hands.append({"id": 100_000 + n, "pid": new_hand_id(), "g": public(long_game), "n": n, "at": now})
            cards += [{"h": 100_000 + n, "p": long_game * 10 + s, "c": "" if s == n % 2 else "7"} for s in range(2)]
        made = [{"id": public(g), "t": table_id, "at": now, "h": keys.hash_key(KEY)} for g in (*ids, long_game)]
        _insert(made, seats, hands, cards, target=200)
        db.session.execute(text("UPDATE games SET target = 100000 WHERE id = :g"), {"g": public(long_game)})
        db.session.commit()
        db.engine.dispose()
    backup_before = _table_backup(app, table_id)
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))
        names = inspect(db.engine).get_table_names()
        assert "table_overviews" not in names and "table_game_summaries" not in names
        assert "card_rows" not in {c["name"] for c in inspect(db.engine).get_columns("family_tables")}
        assert table_game_seats.stale_games(table_id) == []  # 0018 filled every game's rows
        for game_id in (public(1), public(250), public(500), public(long_game)):
            assert stored(game_id) == rescored(game_id), game_id
        assert db.session.scalar(text("SELECT COUNT(*) FROM table_game_seats")) == 500 * 4 + 2
        # A row left behind its game (hand-made SQL) is filled again by 0018, and only that game.
        db.session.execute(text("UPDATE table_game_seats SET version = 0, hands = 7 WHERE game_id = :g"),
                           {"g": public(250)})
        db.session.commit()
        downgrade(directory=str(MIGRATIONS), revision="0017_hand_scores_went_out")
        upgrade(directory=str(MIGRATIONS))
        assert table_game_seats.stale_games(table_id) == []
        assert stored(public(250)) == rescored(public(250))
        db.session.remove()
    answer = app.test_client().get(f"/api/tables/{table_id}").json
    assert len(answer["games"]) == 501
    assert sum(row["games_won"] for row in answer["league"]) == 500  # each finished game has one winner
    assert {p["name"]: p["hands_played"] for p in answer["players"]} == {
        "Ana": 4 * 500 + 1_000, "Ben": 4 * 500 + 1_000, "Cy": 4 * 500, "Dee": 4 * 500}
    assert _table_backup(app, table_id) == backup_before
    with app.app_context():
        downgrade(directory=str(MIGRATIONS), revision="0014_hand_scores")
        assert db.session.scalar(text("SELECT card_rows FROM family_tables WHERE id = :t"), {"t": table_id}) \
            == 500 * 4 * 4 + 1_000 * 2
        db.session.rollback()  # PostgreSQL: an open read would hold the upgrade's DROP TABLE back
        upgrade(directory=str(MIGRATIONS))
        db.session.remove()


def _table_backup(app, table_id: str) -> bytes:
    """The table's backup as its keeper downloads it (services/backups/export.py), but for
    the moment it was made."""
    import re
    from scorekeeper.services.backups.export import streamed, table_records
    with app.app_context():
        body = re.sub(r'"exported_at": "[^"]*"', '"exported_at": ""', "".join(streamed(table_records(table_id)))).encode()
        db.session.rollback()
        return body


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(writes())
def test_0018_and_0019_fill_rows_equal_to_a_rescoring_after_random_writes(app, run):
    """0018's fill (pure domain over the hand_scores rows), then 0019's final order, write every
    table game's rows as a whole rescoring of its held cards makes them: both systems, teams, typed totals, edits,
    deletes and undos; a game with rows at its version is left as it is."""
    from scorekeeper.models import TableGameSeat
    from scorekeeper.services import tables
    from tests.integration.test_hand_scores import PLAYERS, play
    from tests.integration.test_table_game_seats import rescored, stored
    scoring, teams, goal, steps = run
    with app.test_request_context():
        table, _ = tables.create_table("Evening")
        game = tables.start_game(table.id, PLAYERS, teams=[["Ana", "Cy"], ["Ben", "Dee"]] if teams else None,
                                 scoring=scoring, target=goal)
        play(game.id, steps)
        kept = tables.start_game(table.id, PLAYERS[:2], target=goal)
        db.session.execute(delete(TableGameSeat).where(TableGameSeat.game_id == game.id))
        db.session.execute(update(TableGameSeat).where(TableGameSeat.game_id == kept.id).values(hands=7))
        db.session.commit()
        SCRIPTS.get_revision("0018_fill_table_game_seats").module.fill_stale(db.session.connection())
        SCRIPTS.get_revision("0019_league_places").module._fill_places(db.session.connection())  # as upgrade does
        db.session.commit()
        assert stored(game.id) == rescored(game.id)
        assert {row["hands"] for row in stored(kept.id).values()} == {7}
