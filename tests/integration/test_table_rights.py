"""Table rights that last (kept per phone on the server, like game grants) and the tables
a phone knows on its home page. Runs on SQLite and PostgreSQL."""
from sqlalchemy import select

from scorekeeper.models import DeviceTable, db
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
    """The table key adoption (edit_rights.key_hash_opens) reads the server-side grant."""
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
    from scorekeeper.tables.access import VISITS_KEPT

    tables = [new_table(app.test_client(), f"T{n}") for n in range(VISITS_KEPT + 2)]
    for table in tables:
        client.get(f"/tables/{table['id']}")
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
