"""Table rights that last (kept per phone on the server, like game grants) and the tables
a phone knows on its home page. Runs on SQLite and PostgreSQL."""
from sqlalchemy import select

from scorekeeper.models import DeviceTable, db
from tests.integration.test_reads_never_write import write_visits
from tests.integration.test_tables import keeper_client, new_table, table_game


def restart_browser(client):
    """What a browser restart does: the session cookie goes, the long-lived device cookie stays."""
    client.delete_cookie("session")


def test_a_tables_keep_score_right_outlasts_the_session_cookie(app, client):
    table = new_table(client)
    keeper = keeper_client(app, table)
    restart_browser(keeper)
    page = keeper.get(f"/tables/{table['id']}")
    assert b"Start the game" in page.data
    started = keeper.post(f"/tables/{table['id']}/games", data={"seat": ["Ana"], "new": "Ben"})
    assert started.status_code == 302
    game_id = started.headers["Location"].rsplit("/", 1)[-1]
    restart_browser(keeper)
    assert keeper.get(f"/games/{game_id}/hands/new").status_code == 200
    assert keeper.get(f"/tables/{table['id']}/share").status_code == 200
    keeper.delete_cookie("device")  # a phone that lost its cookie lost its rights
    assert keeper.get(f"/tables/{table['id']}/share").status_code == 403
    assert keeper.get(f"/games/{game_id}/hands/new").status_code == 403


def test_a_table_key_opens_a_game_started_elsewhere_without_a_session(app, client):
    """The table key adoption (access.games.key_hash_opens) reads the server-side grant."""
    table = new_table(client)
    keeper = keeper_client(app, table)
    game = table_game(client, table, ["Ana", "Ben"]).json  # started through the API
    restart_browser(keeper)
    assert keeper.get(f"/games/{game['id']}/hands/new").status_code == 200
    other = new_table(client, "Other")
    stranger_game = table_game(client, other, ["Cy", "Dee"]).json
    assert keeper.get(f"/games/{stranger_game['id']}/hands/new").status_code == 403


def test_the_database_holds_no_table_key(app, client):
    table = new_table(client)
    keeper_client(app, table)
    with app.app_context():
        rows = db.session.scalars(select(DeviceTable)).all()
    assert len(rows) == 1 and rows[0].sealed_key and table["edit_key"] not in rows[0].sealed_key


def test_a_key_an_older_version_kept_in_the_session_moves_to_the_server(app, client):
    table = new_table(client)
    phone = app.test_client()
    phone.get("/")
    with phone.session_transaction() as session:
        session["table_keys"] = {table["id"]: table["edit_key"]}
    assert b"Start the game" in phone.get(f"/tables/{table['id']}").data
    restart_browser(phone)
    assert b"Start the game" in phone.get(f"/tables/{table['id']}").data


def test_home_lists_the_tables_this_phone_made_joined_or_opened(app, client):
    app.config["WTF_CSRF_ENABLED"] = False
    made = client.post("/tables/new", data={"name": "Made here"})
    assert made.status_code == 302
    joined, watched, unknown = (new_table(app.test_client(), n) for n in ("Joined", "Watched", "Unknown"))
    client.post(f"/tables/{joined['id']}/keep-score", data={"key": joined["edit_key"]})
    client.get(f"/tables/{watched['id']}")
    restart_browser(client)
    home = client.get("/").get_data(as_text=True)
    for table in (joined, watched):
        assert f'href="/tables/{table["id"]}"' in home
    assert made.headers["Location"] in home and "Made here" in home
    assert unknown["id"] not in home and "Unknown" not in home
    assert "Family tables" not in app.test_client().get("/").get_data(as_text=True)


def test_watched_tables_are_remembered_up_to_a_bound(app, client):
    from scorekeeper.access.tables import VISITS_KEPT

    tables = [new_table(app.test_client(), f"T{n}") for n in range(VISITS_KEPT + 2)]
    for table in tables:
        client.get(f"/tables/{table['id']}")
    write_visits(app)
    with app.app_context():
        assert db.session.query(DeviceTable).count() == VISITS_KEPT
    home = client.get("/").get_data(as_text=True)
    assert tables[-1]["id"] in home and tables[0]["id"] not in home


def test_the_scoreboards_rematch_of_a_table_game_stays_at_the_table(app, client):
    from tests.support.helpers import post_hand

    table = new_table(client)
    keeper = keeper_client(app, table)
    game = table_game(client, table, ["Ana", "Ben"], target=10).json
    assert post_hand(client, game, {"Ana": [], "Ben": ["9", "5"]}).status_code == 201
    restart_browser(keeper)
    response = keeper.post(f"/games/{game['id']}/rematch")
    assert response.status_code == 302
    new_id = response.headers["Location"].rsplit("/", 1)[-1]
    state = client.get(f"/api/tables/{table['id']}").json
    assert [g["id"] for g in state["games"]] == [new_id, game["id"]]
    assert state["games"][0]["players"] == ["Ana", "Ben"] and len(state["players"]) == 2
    restart_browser(keeper)
    assert keeper.get(f"/games/{new_id}/hands/new").status_code == 200
    # The new game opens with the table's key, as every game of the table does.
    hand = post_hand(client, {"id": new_id, "edit_key": table["edit_key"]}, {"Ana": ["1"], "Ben": []})
    assert hand.status_code == 201


def upload(client, table, backup: bytes):
    from io import BytesIO

    return client.post(f"/tables/{table['id']}/restore",
                       data={"backup": (BytesIO(backup), "backup.json")},
                       content_type="multipart/form-data")


def test_a_keeper_restores_a_backup_into_the_table(app, client):
    from tests.support.helpers import post_hand

    source = new_table(client, "Old phone")
    game = table_game(client, source, ["Ana", "Zed"], target=10).json
    assert post_hand(client, game, {"Ana": [], "Zed": ["9", "5"]}).status_code == 201
    keeper_of_source = keeper_client(app, source)
    backup = keeper_of_source.get(f"/tables/{source['id']}/backup.json").data

    table = new_table(client)
    table_game(client, table, ["ana ", "Ben"])  # Ana is on this roster already
    keeper = keeper_client(app, table)
    assert upload(keeper, table, backup).status_code == 302
    state = client.get(f"/api/tables/{table['id']}").json
    assert len(state["games"]) == 2 and state["games"][0]["players"] == ["ana", "Ben"]  # restored games keep their dates
    restored = next(g for g in state["games"] if g["players"] == ["ana", "Zed"])
    assert restored["finished"] and restored["winners"] == ["ana"]
    assert {p["name"]: p["games_won"] for p in state["players"]} == {"ana": 1, "Ben": 0, "Zed": 0}
    restart_browser(keeper)
    assert keeper.get(f"/games/{restored['id']}/hands/new").status_code == 200
    # The restored game opens with the table's key (past the key check: it is over).
    for key, status in ((source["edit_key"], 403), (table["edit_key"], 409)):
        assert post_hand(client, {"id": restored["id"], "edit_key": key}, {"ana": [], "Zed": ["1"]}).status_code == status


def test_a_watcher_cannot_restore_and_a_bad_backup_changes_nothing(app, client):
    import json

    table = new_table(client)
    watcher = app.test_client()
    app.config["WTF_CSRF_ENABLED"] = False
    good = json.dumps({"format": "scorekeeper-backup", "version": 1, "games": []}).encode()
    assert upload(watcher, table, good).status_code == 403
    keeper = keeper_client(app, table)
    bad = {"format": "scorekeeper-backup", "version": 1, "games": [
        {"players": ["Ana", "Ben"], "edition": "classic", "scoring": "winner-takes-points",
         "target": 500, "hands": []},
        {"players": ["Cy", "cy"], "edition": "classic", "scoring": "winner-takes-points",
         "target": 500, "hands": []}]}
    response = upload(keeper, table, json.dumps(bad).encode())
    assert response.status_code == 422 and b"Nothing was restored" in response.data
    assert b'id="backup-error"' in response.data  # beside the field
    assert b'type="file"' in keeper.get(f"/tables/{table['id']}/restore").data
    assert watcher.get(f"/tables/{table['id']}/restore").status_code == 403
    too_many = dict(bad, games=[dict(bad["games"][0], players=[f"P{n}", f"Q{n}"]) for n in range(51)])
    response = upload(keeper, table, json.dumps(too_many).encode())
    assert response.status_code == 422 and b"100" in response.data
    state = client.get(f"/api/tables/{table['id']}").json
    assert state["games"] == [] and state["players"] == []
