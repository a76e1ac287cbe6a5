"""Issues 30 and 36: every kind of write to a family table's game leaves its per-seat rows
(table_game_seats) and every table read equal to a whole rescoring from held cards; held-card
rows per table are bounded on every write that adds some, summed from those rows."""
import pytest
from sqlalchemy import delete, func, select

from scorekeeper.models import Game, Hand, HeldCards, TableGameSeat, db
from scorekeeper.services import hands, rematch, table_game_seats, tables, target
from scorekeeper.services.errors import Conflict
from tests.integration.test_concurrency import run_threads
from tests.integration.test_scorepad import hand_data
from tests.integration.test_table_game_seats import rows_as_scored
from tests.integration.test_table_rights import upload
from tests.integration.test_tables import keeper_client, new_table, play
from tests.support.helpers import new_game, post_hand


def table_games(table_id: str) -> set:
    return set(db.session.scalars(select(Game.id).where(Game.table_id == table_id)))


def counted_card_rows(table_id: str) -> int:
    """The table's held-card rows counted from the rows themselves."""
    return db.session.scalar(select(func.count(HeldCards.id)).join(Hand, HeldCards.hand_id == Hand.id)
                             .join(Game, Hand.game_id == Game.id).where(Game.table_id == table_id))


def assert_stored_as_scored(app, table_id: str) -> None:
    """Every game's rows are at its version and equal the game scored afresh from its cards;
    the table's reads equal a whole rescoring; the table's count is its true count."""
    with app.app_context():
        rows_as_scored(table_id)  # its reads too (reads_as_rescored)
        assert table_game_seats.table_card_rows(table_id) == counted_card_rows(table_id)
        db.session.rollback()


def test_every_kind_of_write_leaves_rows_and_reads_as_a_whole_rescoring(app, client):
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
        assert not db.session.scalars(select(TableGameSeat).where(TableGameSeat.game_id == loose["id"])).all()
        tables.adopt_game(tid, loose["id"])
    assert_stored_as_scored(app, tid)  # a loose game joined
    with app.app_context():
        tables.rename_player(tid, "Ana", "Anna")
        tables.merge_players(tid, "Zed", "Dee")
    assert_stored_as_scored(app, tid)  # renamed and merged
    assert "Anna" in client.get(f"/api/tables/{tid}").json["games"][-1]["players"]
    source = new_table(client, "Old phone")
    old = play(client, source, ["Ana", "Ben"], [{"Ana": [], "Ben": ["wild"]}], target=10)
    backup = keeper_client(app, source).get(f"/tables/{source['id']}/backup.json").data
    with app.app_context():
        before = table_games(tid)
        db.session.rollback()
    assert upload(keeper_client(app, table), table, backup).status_code == 302
    with app.app_context():
        restored = sorted(table_games(tid) - before)
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
    monkeypatch.setattr(table_game_seats, "MAX_TABLE_CARD_ROWS", 6)
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
        assert counted_card_rows(table["id"]) == table_game_seats.table_card_rows(table["id"]) == 6
        db.session.rollback()
    assert len(client.get(f"/api/games/{game['id']}").json["hands"]) == 3
    assert client.delete(f"/api/games/{game['id']}/hands/3",
                         headers={"Authorization": f"Bearer {table['edit_key']}"}).status_code == 200
    assert post_hand(client, game, {"Ana": [], "Ben": ["4"]}).status_code == 201  # room again


def test_two_games_saving_at_once_keep_the_tables_bound(app, client, monkeypatch):
    """Each thread's game is its own (no write lock shared): only the table's count stands
    between them, and it lets exactly one of the two last hands in."""
    monkeypatch.setattr(table_game_seats, "MAX_TABLE_CARD_ROWS", 6)
    table = new_table(client)
    games = [play(client, table, ["Ana", "Ben"], [{"Ana": [], "Ben": ["1"]}]) | {"edit_key": table["edit_key"]}
             for _ in range(2)]  # 4 rows: room for one more hand of two
    answers = []
    run_threads(lambda i: answers.append(post_hand(app.test_client(), games[i], {"Ana": [], "Ben": ["2"]})),
                count=2)
    assert sorted(a.status_code for a in answers) == [201, 409]
    with app.app_context():
        assert counted_card_rows(table["id"]) == table_game_seats.table_card_rows(table["id"]) == 6
        db.session.rollback()


def test_the_bound_holds_for_undo_and_joining_games(app, client, monkeypatch):
    monkeypatch.setattr(table_game_seats, "MAX_TABLE_CARD_ROWS", 4)
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
        assert counted_card_rows(table["id"]) == table_game_seats.table_card_rows(table["id"]) == 4
        db.session.rollback()


def test_the_operator_writes_the_rows_an_upgraded_database_lacks(app, client, runner):
    table = _some_table(client)
    with app.app_context():  # as migration 0015 leaves the games it found: no rows
        db.session.execute(delete(TableGameSeat))
        db.session.commit()
        assert len(table_game_seats.stale_games(table["id"])) == 4
    result = runner.invoke(args=["tables", "summarise"])
    assert result.exit_code == 0 and "per-seat rows are true now: 1" in result.output
    with app.app_context():
        assert table_game_seats.stale_games(table["id"]) == []
    assert_stored_as_scored(app, table["id"])


