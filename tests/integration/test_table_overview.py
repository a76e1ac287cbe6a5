"""Issue 30: a family table's overview (what its page shows) is stored after every request
that changed the table or one of its games. A worker that has kept nothing of the table reads
it instead of combining every game's summary, and shows exactly what combining them shows;
an overview that is not for the table's stamp is never shown."""
import re

from sqlalchemy import delete, select
from sqlalchemy.exc import OperationalError

from scorekeeper.models import TableOverview, db
from scorekeeper.services import table_overview, table_stats, tables
from scorekeeper.services.tables import table_stamp
from tests.integration.test_table_rights import upload
from tests.integration.test_tables import keeper_client, new_table, play
from tests.support.helpers import new_game, post_hand

CSRF = re.compile(rb'name="csrf_token" type="hidden" value="[^"]*"')
FLASH = re.compile(rb"<!--flash-->.*?<!--/flash-->", re.S)  # said once, to the first look after a form


def overview_row(app, table_id: str):
    with app.app_context():
        row = db.session.execute(select(TableOverview.stamp, TableOverview.data)
                                 .where(TableOverview.table_id == table_id)).first()
        current = tables.stamp_text(table_stamp(table_id))
        db.session.rollback()
    return row, current


def looks(app, table_id: str, clients: list, monkeypatch, stored: bool) -> list[bytes]:
    """Each client's table page, API answer and current season page, seen by a worker that
    has kept nothing: reading the stored overview, or (stored=False) ignoring it."""
    if not stored:
        monkeypatch.setattr(table_stats, "_stored_overview", lambda table_id, stamp: None)
    try:
        table_stats.clear()
        seen = []
        for client in clients:
            page = client.get(f"/tables/{table_id}")
            assert page.status_code == 200
            seen.append(FLASH.sub(b"", CSRF.sub(b"", page.data)))
        seen.append(clients[0].get(f"/api/tables/{table_id}").data)
        with app.app_context():
            current = len(_seasons(table_id)) + 1
        season = clients[0].get(f"/tables/{table_id}/league/{current}")
        assert season.status_code == 200
        seen.append(season.data)
        return seen
    finally:
        monkeypatch.undo()
        table_stats.clear()


def assert_overview_shows_the_table(app, table_id: str, clients: list, monkeypatch) -> None:
    """The stored overview is for the table's stamp now, a first look reads it and combines no
    game's summary, and every page and answer equals one combined from the summaries."""
    row, current = overview_row(app, table_id)
    assert row is not None and row.stamp == current
    combined = []
    monkeypatch.setattr(table_stats, "_compute", lambda *a, **k: combined.append(a) or original(*a, **k))
    table_stats.clear()
    assert clients[0].get(f"/tables/{table_id}").status_code == 200
    assert combined == []  # the page came from the overview alone
    monkeypatch.undo()
    assert looks(app, table_id, clients, monkeypatch, stored=True) == \
        looks(app, table_id, clients, monkeypatch, stored=False)


original = table_stats._compute


def _seasons(table_id: str) -> list:
    from scorekeeper.models import TableSeason
    return db.session.scalars(select(TableSeason.number).where(TableSeason.table_id == table_id)).all()


def test_every_write_by_a_request_stores_the_overview_a_look_would_combine(app, client, monkeypatch):
    table = new_table(client)
    tid = table["id"]
    keeper, watcher = keeper_client(app, table), app.test_client()
    clients = [watcher, keeper]
    key = {"Authorization": f"Bearer {table['edit_key']}"}
    a = play(client, table, ["Ana", "Ben", "Cy"], [{"Ana": [], "Ben": ["7"], "Cy": ["skip"]}], target=60)
    assert_overview_shows_the_table(app, tid, clients, monkeypatch)  # a game started, a hand saved
    assert client.put(f"/api/games/{a['id']}/hands/1", json={"held": {"Ana": [], "Ben": ["wild"], "Cy": ["skip"]}},
                      headers=key).json["game"]["finished"]
    assert_overview_shows_the_table(app, tid, clients, monkeypatch)  # an edit that finishes it
    assert not client.put(f"/api/games/{a['id']}/hands/1", json={"held": {"Ana": [], "Ben": ["1"], "Cy": ["2"]}},
                          headers=key).json["game"]["finished"]
    assert_overview_shows_the_table(app, tid, clients, monkeypatch)  # an edit that un-finishes it
    assert post_hand(client, a | {"edit_key": table["edit_key"]},
                     {"Ana": ["2"], "Ben": [], "Cy": ["wild", "wild"]}).status_code == 201
    assert_overview_shows_the_table(app, tid, clients, monkeypatch)  # a save that finishes it
    gone = client.delete(f"/api/games/{a['id']}/hands/1", headers=key).json["deleted"]
    assert_overview_shows_the_table(app, tid, clients, monkeypatch)  # a delete
    assert client.post(f"/api/games/{a['id']}/hands/{gone}/restore", headers=key).status_code == 201
    assert_overview_shows_the_table(app, tid, clients, monkeypatch)  # Undo
    assert client.patch(f"/api/games/{a['id']}", json={"target": 900}, headers=key).status_code == 200
    assert_overview_shows_the_table(app, tid, clients, monkeypatch)  # a target raised: unfinished again
    team = play(client, table, ["Ana", "Ben", "Cy", "Dee"],
                [{"Ana": [], "Ben": ["9"], "Cy": ["5"], "Dee": ["draw2"]}], teams=[["Ana", "Cy"], ["Ben", "Dee"]],
                target=10)
    play(client, table, ["Cy", "Dee"], [{"Cy": ["2"], "Dee": []}], scoring="lowest-total", target=2)
    assert_overview_shows_the_table(app, tid, clients, monkeypatch)  # a team game, a lowest-total game
    assert keeper.post(f"/tables/{tid}/rematch", data={"game": team["id"]}).status_code == 302
    assert_overview_shows_the_table(app, tid, clients, monkeypatch)  # a rematch from the page
    assert keeper.post(f"/tables/{tid}/rename", data={"old": "Ana", "new": "Anna"}).status_code == 302
    assert_overview_shows_the_table(app, tid, clients, monkeypatch)  # a rename
    loose = new_game(client, ["Anna", "Zed"])
    assert post_hand(client, loose, {"Anna": [], "Zed": ["reverse"]}).status_code == 201
    with app.test_request_context():  # as the "into the table" form does, at its request's end
        tables.adopt_game(tid, loose["id"])
        table_overview.store_changed()
    assert_overview_shows_the_table(app, tid, clients, monkeypatch)  # a loose game joined
    assert keeper.post(f"/tables/{tid}/merge", data={"spelling": "Zed", "into": "Dee"}).status_code == 302
    assert_overview_shows_the_table(app, tid, clients, monkeypatch)  # a merge
    assert keeper.post(f"/tables/{tid}/seasons", data={"number": 2}).status_code == 302
    assert_overview_shows_the_table(app, tid, clients, monkeypatch)  # a new season: its league is empty
    play(client, table, ["Ben", "Cy"], [{"Ben": [], "Cy": ["wild"]}], target=10)
    assert_overview_shows_the_table(app, tid, clients, monkeypatch)  # season 2's first finished game
    source = new_table(client, "Old phone")
    play(client, source, ["Ana", "Ben"], [{"Ana": [], "Ben": ["wild"]}], target=10)
    backup = keeper_client(app, source).get(f"/tables/{source['id']}/backup.json").data
    assert upload(keeper, table, backup).status_code == 302
    assert_overview_shows_the_table(app, tid, clients, monkeypatch)  # a restore into the table
    page = watcher.get(f"/tables/{tid}").get_data(as_text=True)
    assert "Anna" in page and "Zed" not in page and "season 2" in page


def test_many_games_list_the_newest_and_count_the_rest(app, client, monkeypatch):
    table = new_table(client)
    for n in range(table_stats.SHOWN + 3):
        play(client, table, ["Ana", "Ben"], [{"Ana": [], "Ben": ["wild"]}], target=10)
    going = play(client, table, ["Ana", "Ben"], [{"Ana": [], "Ben": ["7"]}], target=500)
    assert_overview_shows_the_table(app, table["id"], [app.test_client()], monkeypatch)
    table_stats.clear()
    page = app.test_client().get(f"/tables/{table['id']}").get_data(as_text=True)
    assert page.count('href="/games/') == table_stats.SHOWN + 1
    assert f'href="/games/{going["id"]}"' in page
    assert "And 3 older games" in page


def test_an_overview_for_another_stamp_is_never_shown(app, client):
    table = new_table(client)
    play(client, table, ["Ana", "Ben"], [{"Ana": [], "Ben": ["wild"]}], target=10)
    with app.app_context():  # a write outside any request (a script): nothing stores the overview
        tables.rename_player(table["id"], "Ana", "Anabel")
    row, current = overview_row(app, table["id"])
    assert row.stamp != current and "Ana" in str(row.data) and "Anabel" not in str(row.data)
    table_stats.clear()
    page = app.test_client().get(f"/tables/{table['id']}").get_data(as_text=True)
    assert "Anabel" in page and ">Ana<" not in page


def test_a_write_whose_overview_cannot_be_stored_still_answers_and_shows_true_numbers(app, client, monkeypatch):
    table = new_table(client)
    game = play(client, table, ["Ana", "Ben"], [{"Ana": [], "Ben": ["7"]}], target=500)
    before, _ = overview_row(app, table["id"])

    def disk_full(*args, **kwargs):
        raise OperationalError("UPDATE table_overviews", {}, Exception("database or disk is full"))

    monkeypatch.setattr(table_overview, "update", disk_full)  # the overview's UPDATE fails
    saved = post_hand(client, game | {"edit_key": table["edit_key"]}, {"Ana": ["9"], "Ben": []})
    assert saved.status_code == 201  # the hand is saved and said so
    monkeypatch.undo()
    after, current = overview_row(app, table["id"])
    assert after.stamp == before.stamp != current  # stale: ignored
    table_stats.clear()
    players = {p["name"]: p for p in app.test_client().get(f"/api/tables/{table['id']}").json["players"]}
    assert players["Ben"]["hands_won"] == 1 and players["Ana"]["hands_played"] == 2
    table_stats.clear()
    page = app.test_client().get(f"/tables/{table['id']}").get_data(as_text=True)
    assert "2 hands" in page


def test_a_refused_save_stores_nothing(app, client, monkeypatch):
    table = new_table(client)
    game = play(client, table, ["Ana", "Ben"], [{"Ana": [], "Ben": ["7"]}], target=500)
    stored = []
    monkeypatch.setattr(table_overview, "store", lambda table_id, written=(): stored.append(table_id))
    refused = client.post(f"/api/games/{game['id']}/hands", json={"held": {"Ana": [], "Ben": ["nonsense"]}},
                          headers={"Authorization": f"Bearer {table['edit_key']}"})
    assert refused.status_code == 422 and stored == []
    assert post_hand(client, game | {"edit_key": table["edit_key"]}, {"Ana": ["9"], "Ben": []}).status_code == 201
    assert stored == [table["id"]]


def test_the_operator_stores_the_overviews_an_upgraded_database_lacks(app, client, runner, monkeypatch):
    table = new_table(client)
    play(client, table, ["Ana", "Ben"], [{"Ana": [], "Ben": ["wild"]}], target=10)
    with app.app_context():  # as migration 0013 leaves every table
        db.session.execute(delete(TableOverview))
        db.session.commit()
    assert overview_row(app, table["id"])[0] is None
    result = runner.invoke(args=["tables", "summarise"])
    assert result.exit_code == 0 and "Tables whose overview is stored now: 1." in result.output
    assert_overview_shows_the_table(app, table["id"], [app.test_client()], monkeypatch)


def test_a_hand_saved_in_a_game_going_moves_the_overview_without_combining_the_table(app, client, monkeypatch):
    table = new_table(client)
    tid, key = table["id"], {"Authorization": f"Bearer {table['edit_key']}"}
    play(client, table, ["Ana", "Ben", "Cy"], [{"Ana": [], "Ben": ["wild"], "Cy": ["9"]}], target=10)
    going = play(client, table, ["Ana", "Ben", "Cy"], [{"Ana": [], "Ben": ["7"], "Cy": ["1"]}], target=150)
    going |= {"edit_key": table["edit_key"]}
    made = []
    real = table_stats.table_summary
    monkeypatch.setattr(table_stats, "table_summary", lambda *a, **k: made.append(k) or real(*a, **k))
    for held in ({"Ana": ["2"], "Ben": [], "Cy": ["skip"]}, {"Ana": [], "Ben": ["3"], "Cy": ["4"]}):
        assert post_hand(client, going, held).status_code == 201
    assert client.delete(f"/api/games/{going['id']}/hands/3", headers=key).status_code == 200
    assert made == []  # each moved the stored overview by its own game's hands
    monkeypatch.undo()
    assert_overview_shows_the_table(app, tid, [app.test_client()], monkeypatch)
    monkeypatch.setattr(table_stats, "table_summary", lambda *a, **k: made.append(k) or real(*a, **k))
    lowered = {"held": {"Ana": [], "Ben": ["1"], "Cy": ["1"]}}  # Ana's best hand (27) goes down to 2
    assert client.put(f"/api/games/{going['id']}/hands/1", json=lowered, headers=key).status_code == 200
    assert made == [{"read_stored": False}]  # her best hand looked for again: made afresh
    finishing = {"Ana": ["wild"] * 2, "Ben": [], "Cy": ["wild"] * 2}  # Ben 22 + 200
    finished = post_hand(client, going, finishing)
    assert finished.status_code == 201 and finished.json["game"]["finished"], finished.json
    assert len(made) == 2  # the league changes: made afresh
    monkeypatch.undo()
    assert_overview_shows_the_table(app, tid, [app.test_client()], monkeypatch)


def test_an_overview_made_while_the_table_changed_is_not_stored(app, client, monkeypatch):
    table = new_table(client)
    play(client, table, ["Ana", "Ben"], [{"Ana": [], "Ben": ["wild"]}], target=10)
    before, _ = overview_row(app, table["id"])
    stamps = []
    real = table_overview.table_stamp

    def moving(table_id):  # another phone's save lands while the overview is being made
        stamp = real(table_id)
        stamps.append(stamp)
        return stamp if len(stamps) == 1 else (*stamp[:2], stamp[2] + 1, stamp[3])

    monkeypatch.setattr(table_overview, "table_stamp", moving)
    assert keeper_client(app, table).post(f"/tables/{table['id']}/rename",
                                          data={"old": "Ana", "new": "Anabel"}).status_code == 302
    assert len(stamps) == 2
    monkeypatch.undo()
    after, current = overview_row(app, table["id"])
    assert after == before and after.stamp != current  # left stale: never shown
    table_stats.clear()
    assert "Anabel" in app.test_client().get(f"/tables/{table['id']}").get_data(as_text=True)
