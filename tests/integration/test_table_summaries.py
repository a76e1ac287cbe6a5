"""Issue 30: a family table's game summaries are stored with every write to the game, equal
to scoring the game afresh from its cards; a look at the table reads them and scores no game;
a summary not for the game's version is scored instead; held-card rows per table are
bounded on hand saves too, counted without counting the table's rows."""
import threading

import pytest
from sqlalchemy import func, select, update

from scorekeeper.models import FamilyTable, Game, Hand, HeldCards, TableGameSummary, db
from scorekeeper.services import game_state, hands, rematch, table_game_seats, table_summaries, tables, target
from scorekeeper.services.errors import Conflict
from tests.integration.test_concurrency import run_threads
from tests.integration.test_scorepad import hand_data
from tests.integration.test_table_game_seats import rows_as_scored
from tests.integration.test_table_rights import upload
from tests.integration.test_tables import keeper_client, new_table, play, table_game
from tests.support.helpers import new_game, post_hand


def stored_rows(table_id: str) -> list:
    return db.session.execute(
        select(Game.id, Game.version, Game.updated_at, Game.created_at, Game.scoring,
               TableGameSummary.version.label("stored"), TableGameSummary.data, TableGameSummary.card_rows)
        .outerjoin(TableGameSummary, TableGameSummary.game_id == Game.id)
        .where(Game.table_id == table_id)).all()


def counted_card_rows(table_id: str) -> int:
    """The table's held-card rows counted from the rows themselves."""
    return db.session.scalar(select(func.count(HeldCards.id)).join(Hand, HeldCards.hand_id == Hand.id)
                             .join(Game, Hand.game_id == Game.id).where(Game.table_id == table_id))


def assert_stored_as_scored(app, table_id: str, unstored: tuple = ()) -> None:
    """Every game's stored summary is for its version and equals the game scored afresh from
    its cards (games in `unstored` have none yet); the table's count is its true count."""
    with app.app_context():
        rows = stored_rows(table_id)
        for row in rows:
            assert row.stored == (None if row.id in unstored else row.version), row.id
        rows_as_scored(table_id, unstored)  # issue 36: the seats' rows, after the same write
        count = counted_card_rows(table_id)
        assert db.session.get(FamilyTable, table_id).card_rows == count == sum(r.card_rows for r in rows)
        db.session.rollback()


def test_every_kind_of_write_stores_the_summary_a_full_scoring_gives(app, client):
    table = new_table(client)
    tid = table["id"]
    a = play(client, table, ["Ana", "Ben", "Cy"], [{"Ana": [], "Ben": ["7"], "Cy": ["skip"]}], target=60)
    assert_stored_as_scored(app, tid)  # started, then a save
    finishing = {"held": {"Ana": [], "Ben": ["wild"], "Cy": ["skip"]}}
    key = {"Authorization": f"Bearer {table['edit_key']}"}
    assert client.put(f"/api/games/{a['id']}/hands/1", json=finishing, headers=key).status_code == 200
    assert client.get(f"/api/games/{a['id']}").json["finished"]
    assert_stored_as_scored(app, tid)  # an edit that finishes it: its league record
    assert client.put(f"/api/games/{a['id']}/hands/1", json={"held": {"Ana": [], "Ben": ["1"], "Cy": ["2"]}},
                      headers=key).status_code == 200
    assert not client.get(f"/api/games/{a['id']}").json["finished"]
    assert_stored_as_scored(app, tid)  # an edit that un-finishes it
    assert post_hand(client, a | {"edit_key": table["edit_key"]},
                     {"Ana": ["2"], "Ben": [], "Cy": ["wild", "wild"]}).status_code == 201
    assert_stored_as_scored(app, tid)  # a save that finishes it (Ben 102)
    gone = client.delete(f"/api/games/{a['id']}/hands/1", headers=key).json["deleted"]
    assert_stored_as_scored(app, tid)  # a delete
    assert client.post(f"/api/games/{a['id']}/hands/{gone}/restore", headers=key).status_code == 201
    assert_stored_as_scored(app, tid)  # Undo
    with app.app_context():
        gone = hands.delete_hand(a["id"], 2).deleted
        hands.restore_hand(a["id"], gone, {"Ana": ["3"], "Ben": [], "Cy": ["wild", "wild"]})
    assert_stored_as_scored(app, tid)  # brought back with other cards
    with app.app_context():
        new = rematch.rematch(a["id"], "lowest-total").game.id
        target.change_target(a["id"], 900)
    assert_stored_as_scored(app, tid)  # a rematch (a new game), a target raised
    team = play(client, table, ["Ana", "Ben", "Cy", "Dee"], [{"Ana": [], "Ben": ["9"], "Cy": ["5"], "Dee": ["draw2"]}],
                teams=[["Ana", "Cy"], ["Ben", "Dee"]], target=10)
    assert_stored_as_scored(app, tid)  # a team game, finished
    loose = new_game(client, ["Ana", "Zed"])
    assert post_hand(client, loose, {"Ana": [], "Zed": ["reverse"]}).status_code == 201
    with app.app_context():
        tables.adopt_game(tid, loose["id"])
    assert_stored_as_scored(app, tid)  # a loose game joined
    with app.app_context():
        tables.rename_player(tid, "Ana", "Anna")
        tables.merge_players(tid, "Zed", "Dee")
        rows = {r.id: r for r in stored_rows(tid)}
        assert rows[team["id"]].data["seats"][0] == ["Anna", rows[team["id"]].data["seats"][0][1]]
        db.session.rollback()
    assert_stored_as_scored(app, tid)  # renamed and merged: carried, not rescored
    source = new_table(client, "Old phone")
    old = play(client, source, ["Ana", "Ben"], [{"Ana": [], "Ben": ["wild"]}], target=10)
    backup = keeper_client(app, source).get(f"/tables/{source['id']}/backup.json").data
    with app.app_context():
        before = {r.id for r in stored_rows(tid)}
        db.session.rollback()
    assert upload(keeper_client(app, table), table, backup).status_code == 302
    with app.app_context():
        restored = [r.id for r in stored_rows(tid) if r.id not in before]
        db.session.rollback()
    assert len(restored) == 1 and restored[0] != old["id"]
    assert_stored_as_scored(app, tid)  # a restore into the table: counted and stored
    with app.app_context():
        target.change_target(restored[0], 500)
    assert_stored_as_scored(app, tid)
    assert {new, team["id"], loose["id"]} <= {g["id"] for g in client.get(f"/api/tables/{tid}").json["games"]}


def _some_table(client) -> dict:
    table = new_table(client)
    play(client, table, ["Ana", "Ben", "Cy"], [{"Ana": [], "Ben": ["7"], "Cy": ["skip"]}], target=20)
    play(client, table, ["Ben", "Cy"], [{"Ben": [], "Cy": ["wild"]}, {"Ben": ["1"], "Cy": []}], target=500)
    play(client, table, ["Ana", "Ben", "Cy", "Dee"], [{"Ana": [], "Ben": ["9"], "Cy": ["5"], "Dee": ["draw2"]}],
         teams=[["Ana", "Cy"], ["Ben", "Dee"]], target=10)
    play(client, table, ["Cy", "Dee"], [{"Cy": ["2"], "Dee": []}], scoring="lowest-total", target=2)
    return table


def test_a_save_past_the_tables_bound_is_refused_and_writes_nothing(app, client, monkeypatch):
    monkeypatch.setattr(table_summaries, "MAX_TABLE_CARD_ROWS", 6)
    table = new_table(client)
    game = play(client, table, ["Ana", "Ben"], [{"Ana": [], "Ben": ["1"]}, {"Ana": ["2"], "Ben": []}])
    game |= {"edit_key": table["edit_key"]}
    assert post_hand(client, game, {"Ana": [], "Ben": ["3"]}).status_code == 201  # 6: at the bound
    with app.app_context():
        version = db.session.get(Game, game["id"]).version
        db.session.rollback()
    refused = post_hand(client, game, {"Ana": [], "Ben": ["4"]})
    assert refused.status_code == 409 and "table is full" in refused.json["error"]
    polish = client.post(f"/api/games/{game['id']}/hands", json={"held": {"Ana": [], "Ben": ["4"]}},
                         headers={"Authorization": f"Bearer {table['edit_key']}", "Accept-Language": "pl"})
    assert polish.status_code == 409 and "stół jest pełny" in polish.json["error"]
    keeper = keeper_client(app, table)
    form = keeper.post(f"/games/{game['id']}/hands/new", data=hand_data(0, {1: ["5"]}, request_id="past-bound"))
    assert form.status_code == 409 and "table is full" in form.get_data(as_text=True)
    with app.app_context():
        assert db.session.get(Game, game["id"]).version == version
        assert counted_card_rows(table["id"]) == db.session.get(FamilyTable, table["id"]).card_rows == 6
        db.session.rollback()
    with app.app_context():  # the state each refused write built was never kept
        kept = game_state.kept_states().get(game["id"])
        assert kept is not None and kept.version == version and len(kept.keys) == 3
    assert len(client.get(f"/api/games/{game['id']}").json["hands"]) == 3
    assert client.delete(f"/api/games/{game['id']}/hands/3",
                         headers={"Authorization": f"Bearer {table['edit_key']}"}).status_code == 200
    assert post_hand(client, game, {"Ana": [], "Ben": ["4"]}).status_code == 201  # room again


def test_two_games_saving_at_once_keep_the_tables_bound(app, client, monkeypatch):
    """Each thread's game is its own (no write lock shared): only the table's count stands
    between them, and it lets exactly one of the two last hands in."""
    monkeypatch.setattr(table_summaries, "MAX_TABLE_CARD_ROWS", 6)
    table = new_table(client)
    games = [play(client, table, ["Ana", "Ben"], [{"Ana": [], "Ben": ["1"]}]) | {"edit_key": table["edit_key"]}
             for _ in range(2)]  # 4 rows: room for one more hand of two
    answers = []
    run_threads(lambda i: answers.append(post_hand(app.test_client(), games[i], {"Ana": [], "Ben": ["2"]})),
                count=2)
    assert sorted(a.status_code for a in answers) == [201, 409]
    with app.app_context():
        assert counted_card_rows(table["id"]) == db.session.get(FamilyTable, table["id"]).card_rows == 6
        db.session.rollback()


def test_the_bound_holds_for_undo_and_joining_games(app, client, monkeypatch):
    monkeypatch.setattr(table_summaries, "MAX_TABLE_CARD_ROWS", 4)
    table = new_table(client)
    game = play(client, table, ["Ana", "Ben"], [{"Ana": [], "Ben": ["1"]}]) | {"edit_key": table["edit_key"]}
    key = {"Authorization": f"Bearer {table['edit_key']}"}
    gone = client.delete(f"/api/games/{game['id']}/hands/1", headers=key).json["deleted"]
    assert post_hand(client, game, {"Ana": [], "Ben": ["2"]}).status_code == 201
    assert post_hand(client, game, {"Ana": [], "Ben": ["3"]}).status_code == 201  # 4: full
    assert client.post(f"/api/games/{game['id']}/hands/{gone}/restore", headers=key).status_code == 409
    loose = new_game(client, ["Ana", "Zed"])
    assert post_hand(client, loose, {"Ana": [], "Zed": ["reverse"]}).status_code == 201
    with app.app_context(), pytest.raises(Conflict):
        tables.adopt_game(table["id"], loose["id"])
    assert len(client.get(f"/api/tables/{table['id']}").json["games"]) == 1
    with app.app_context():
        assert counted_card_rows(table["id"]) == db.session.get(FamilyTable, table["id"]).card_rows == 4
        db.session.rollback()


def test_the_league_kept_after_an_edit_is_the_league_combined_afresh(app, client):
    """The season's league and the players' stats are brought up to date by the games that
    changed only, and answer as if combined afresh."""
    table = _some_table(client)
    key = {"Authorization": f"Bearer {table['edit_key']}"}
    first = client.get(f"/api/tables/{table['id']}").json  # kept from here on
    going = [g for g in first["games"] if g["players"] == ["Ben", "Cy"]][0]
    assert client.put(f"/api/games/{going['id']}/hands/1", json={"held": {"Ben": [], "Cy": ["1"]}},
                      headers=key).status_code == 200  # Ben's best hand (50) was this one

    def best(state, name):
        return next(p["best_hand"] for p in state["players"] if p["name"] == name)
    kept = client.get(f"/api/tables/{table['id']}").json
    assert best(kept, "Ben") < best(first, "Ben")  # looked for again among his games
    assert client.get(f"/api/tables/{table['id']}").json == kept
    finished = [g for g in first["games"] if g["finished"] and len(g["players"]) == 3][0]
    changed = {"held": {"Ana": ["5"], "Ben": [], "Cy": ["wild"]}}  # Ben goes out instead: 55, he wins
    assert client.put(f"/api/games/{finished['id']}/hands/1", json=changed, headers=key).status_code == 200
    kept = client.get(f"/api/tables/{table['id']}").json
    assert kept["league"] != first["league"]
    assert client.get(f"/api/tables/{table['id']}").json == kept
    gone = client.delete(f"/api/games/{finished['id']}/hands/1", headers=key).json["deleted"]  # no longer over
    kept = client.get(f"/api/tables/{table['id']}").json
    assert client.get(f"/api/tables/{table['id']}").json == kept
    assert client.post(f"/api/games/{finished['id']}/hands/{gone}/restore", headers=key).status_code == 201
    assert client.get(f"/api/tables/{table['id']}").json["league"] != kept["league"]


def test_the_operator_stores_the_summaries_an_upgraded_database_lacks(app, client, runner):
    table = _some_table(client)
    with app.app_context():  # as migration 0011 leaves the games it found
        db.session.execute(update(TableGameSummary).values(version=None, data=None))
        db.session.commit()
    result = runner.invoke(args=["tables", "summarise"])
    assert result.exit_code == 0 and "Stored the summaries of 4 table games." in result.output
    assert_stored_as_scored(app, table["id"])
    assert "of 0 table games" in runner.invoke(args=["tables", "summarise"]).output


def test_migration_0011_counts_the_cards_of_existing_table_games(make_app, fresh_database):
    """Games from before: counted at once (the bound holds), scored at a look until stored."""
    from flask_migrate import upgrade
    from sqlalchemy import text

    from scorekeeper import MIGRATIONS
    from scorekeeper.services import keys
    url = fresh_database()
    app = make_app(url, MIGRATE_ON_START=False)
    with app.app_context():
        upgrade(directory=str(MIGRATIONS), revision="0010_game_save_window")
        with db.engine.begin() as conn:
            at = {"at": "2026-11-01 20:00:00", "h": keys.hash_key("old-key")}
            conn.execute(text("INSERT INTO family_tables (id, name, edit_key_hash, created_at, updated_at) "
                              "VALUES ('oldtable00000001', 'Old', :h, :at, :at)"), at)
            conn.execute(text("INSERT INTO table_players (id, table_id, name, name_key) VALUES "
                              "(1, 'oldtable00000001', 'Ana', 'ana'), (2, 'oldtable00000001', 'Ben', 'ben')"))
            for n, table in ((1, "'oldtable00000001'"), (2, "'oldtable00000001'"), (3, "NULL")):
                conn.execute(text(
                    "INSERT INTO games (id, edition, scoring, target, house_rules, edit_key_hash, table_id, "
                    f"version, created_at, updated_at) VALUES ('oldgame00000000{n}', 'classic', "
                    f"'winner-takes-points', 500, '{{}}', :h, {table}, 3, :at, :at)"), at)
                conn.execute(text(f"INSERT INTO players (id, game_id, seat, name, roster_id) VALUES "
                                  f"({n}0, 'oldgame00000000{n}', 0, 'Ana', 1), "
                                  f"({n}1, 'oldgame00000000{n}', 1, 'Ben', 2)"))
                for h in range(1, n + 1):
                    conn.execute(text(f"INSERT INTO hands (id, game_id, number, revision, created_at) "
                                      f"VALUES ({n}{h}, 'oldgame00000000{n}', {h}, 1, :at)"), at)
                    conn.execute(text(f"INSERT INTO held_cards (hand_id, player_id, cards) VALUES "
                                      f"({n}{h}, {n}0, ''), ({n}{h}, {n}1, '7 skip')"))
        db.engine.dispose()
    app = make_app(url)  # upgrades to 0011
    with app.app_context():
        rows = {r.id: r for r in stored_rows("oldtable00000001")}
        assert {i: (r.stored, r.card_rows) for i, r in rows.items()} == {
            "oldgame000000001": (None, 2), "oldgame000000002": (None, 4)}
        assert db.session.get(FamilyTable, "oldtable00000001").card_rows == 6
        assert db.session.get(TableGameSummary, "oldgame000000003") is None  # not at a table
        db.session.rollback()
    client = app.test_client()
    answer = client.get("/api/tables/oldtable00000001").json
    assert {p["name"]: p["hands_won"] for p in answer["players"]} == {"Ana": 3, "Ben": 0}
    assert_stored_as_scored(app, "oldtable00000001", unstored=("oldgame000000001", "oldgame000000002"))
    with app.app_context():
        assert table_summaries.store_missing() == 2
        table_game_seats.store_fresh("oldtable00000001")  # as `flask tables summarise` does
    assert_stored_as_scored(app, "oldtable00000001")
    assert client.get("/api/tables/oldtable00000001").json == answer


def test_a_table_games_write_builds_its_state_once(app, client, monkeypatch):
    """The state a write builds to store the game's summary is kept once the write commits:
    its answer does not build it again."""
    table = new_table(client)
    game = play(client, table, ["Ana", "Ben"], [{"Ana": [], "Ben": ["1"]}]) | {"edit_key": table["edit_key"]}
    built = []
    for name in ("_whole", "_caught_up"):
        original = getattr(game_state, name)
        monkeypatch.setattr(game_state, name, lambda *a, _o=original, _n=name: built.append(_n) or _o(*a))
    saved = post_hand(client, game, {"Ana": ["2"], "Ben": []})
    assert saved.status_code == 201 and len(saved.json["game"]["hands"]) == 2
    assert built == ["_caught_up"]
    edited = client.put(f"/api/games/{game['id']}/hands/1", json={"held": {"Ana": [], "Ben": ["9"]}},
                        headers={"Authorization": f"Bearer {table['edit_key']}"})
    assert edited.status_code == 200 and built == ["_caught_up"] * 2


def test_a_state_built_in_a_write_that_rolls_back_is_never_kept(app, client):
    from scorekeeper.models import utcnow
    from scorekeeper.services.games import load_game_head
    table = new_table(client)
    game = play(client, table, ["Ana", "Ben"], [{"Ana": [], "Ben": ["1"]}])
    with app.app_context():
        kept = game_state.kept_states().get(game["id"])
        head = load_game_head(game["id"])
        head.updated_at = utcnow()  # a write's new version, flushed, then given up
        db.session.flush()
        assert game_state.state_of_write(head).version == kept.version + 1
        db.session.rollback()
        db.session.execute(select(Game.id)).all()  # a later transaction in the same session commits
        db.session.commit()
        assert game_state.kept_states().get(game["id"]) is kept
