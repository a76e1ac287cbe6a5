"""Private by default (issue 13) and edit rights that last (issue 12 finding 6, issue 10):
unguessable ids, a home page of this phone's games only, grants kept on the server."""
import os
import re
from datetime import timedelta

from sqlalchemy import func, select

from scorekeeper.access import grants
from scorekeeper.access.games import VISITS_KEPT
from scorekeeper.models import DeviceGame, db
from scorekeeper.ids import looks_like_public_id, new_public_id
from tests.support.helpers import new_game

from tests.integration.test_reads_never_write import write_visits
from tests.integration.test_scorepad import game_id_of, start_game


def cookie(client, name):
    found = client.get_cookie(name)
    return found.value if found else None


def test_ids_are_unguessable_and_unrelated(client):
    first, second = new_game(client)["id"], new_game(client)["id"]
    assert looks_like_public_id(first) and looks_like_public_id(second)
    assert os.path.commonprefix([first, second]) == first[:len(os.path.commonprefix([first, second]))]
    assert len(os.path.commonprefix([first, second])) < 4  # not a counter, not a shared stem
    assert client.get(f"/api/games/{first}").json["id"] == first
    made = {new_public_id() for _ in range(2000)}
    assert len(made) == 2000 and all(len(i) == 16 for i in made)  # 96 random bits each


def test_numbered_urls_name_nothing(client):
    new_game(client, players=["Quorra", "Zebulon"])
    for path in ("/games/1", "/api/games/1", "/games/1/share", "/games/1/export.json", "/rules/classic?game=1"):
        response = client.get(path)
        assert response.status_code in (404, 200) and "Quorra" not in response.get_data(as_text=True), path


def test_a_fresh_browser_sees_none_of_the_servers_games(app, client):
    for _ in range(3):
        new_game(client)
    stranger = app.test_client()
    home = stranger.get("/").get_data(as_text=True)
    assert "Ana" not in home and not re.search(r'href="/games/[A-Za-z0-9_-]{16}"', home)
    assert "Download a backup" not in home and stranger.get("/backup.json").status_code == 404


def test_home_shows_what_this_phone_made_or_opened_only(app, csrf_off, client):
    mine = game_id_of(start_game(client, ["Mia", "Noa"]))
    watched = new_game(app.test_client(), players=["Wes", "Xia"])
    never = new_game(app.test_client(), players=["Yul", "Zed"])
    client.get(f"/games/{watched['id']}")
    home = client.get("/").get_data(as_text=True)
    assert f'href="/games/{mine}"' in home and f'href="/games/{watched["id"]}"' in home
    assert never["id"] not in home and "Yul" not in home


def test_a_watching_phone_cannot_edit(app, csrf_off, client):
    gid = game_id_of(start_game(client))
    watcher = app.test_client()
    assert "Record hand" not in watcher.get(f"/games/{gid}").get_data(as_text=True)
    for path in (f"/games/{gid}/hands/new", f"/games/{gid}/share", f"/games/{gid}/export.json",
                 f"/games/{gid}/export.csv"):
        assert watcher.get(path).status_code == 403, path
        assert client.get(path).status_code == 200, path


def test_the_41st_game_keeps_every_key(csrf_off, client):
    ids = [game_id_of(start_game(client, ["Ana", f"Ben {n}"])) for n in range(45)]
    for gid in ids:
        assert client.get(f"/games/{gid}/hands/new").status_code == 200, gid
    assert len(cookie(client, "device")) == 43 + 1 + 22  # the id and its signature, however many games


def test_edit_rights_outlast_the_session_cookie(csrf_off, client):
    gid = game_id_of(start_game(client))
    client.delete_cookie("session")  # what a browser restart does to a session cookie
    assert client.get(f"/games/{gid}/hands/new").status_code == 200
    client.delete_cookie("device")
    assert client.get(f"/games/{gid}/hands/new").status_code == 403


def test_the_device_cookie_is_private_long_lived_and_refreshed(csrf_off, client, monkeypatch):
    response = start_game(client)
    header = next(h for h in response.headers.getlist("Set-Cookie") if h.startswith("device="))
    assert "HttpOnly" in header and "SameSite=Lax" in header and "Secure" not in header
    assert "Max-Age=34560000" in header  # 400 days
    gid = game_id_of(response)
    soon = client.get(f"/games/{gid}")  # nothing to write, so no cookie to send again
    assert not any(h.startswith("device=") for h in soon.headers.getlist("Set-Cookie"))
    monkeypatch.setattr(grants, "TOUCH_EVERY", timedelta(0))  # as if TOUCH_EVERY had passed
    later = client.get(f"/games/{gid}")
    assert any(h.startswith("device=") for h in later.headers.getlist("Set-Cookie"))  # 400 days again
    monkeypatch.undo()
    # On HTTPS the phone gets a __Host-device cookie of its own: the plain one (which anyone on
    # plain HTTP could have planted) is not adopted, and is deleted.
    secure = client.get(f"/games/{gid}", base_url="https://localhost")
    host_only = [h for h in secure.headers.getlist("Set-Cookie") if h.startswith("__Host-device=")]
    assert host_only and "Secure" in host_only[0] and "Path=/" in host_only[0] and "Domain" not in host_only[0]
    assert any(h.startswith("device=;") for h in secure.headers.getlist("Set-Cookie"))


def test_the_database_holds_neither_device_ids_nor_edit_keys(app, csrf_off, client):
    gid = game_id_of(start_game(client))
    device = cookie(client, "device")
    share = client.get(f"/games/{gid}/share").get_data(as_text=True)
    key = re.search(r"#key=([A-Za-z0-9_-]+)", share).group(1)
    with app.app_context():
        row = db.session.scalars(select(DeviceGame)).one()
        assert row.device_hash != device and device not in row.device_hash
        assert row.sealed_key and key not in row.sealed_key
    # A forged device cookie opens nothing.
    client.set_cookie("device", "A" * 43)
    assert client.get(f"/games/{gid}/hands/new").status_code == 403


def test_watched_games_are_remembered_up_to_a_bound(app, csrf_off, client):
    mine = game_id_of(start_game(client))
    others = [new_game(app.test_client(), players=["Ana", f"P{n}"])["id"] for n in range(VISITS_KEPT + 5)]
    for gid in others:
        client.get(f"/games/{gid}")
    write_visits(app)
    with app.app_context():
        rows = db.session.scalar(select(func.count()).select_from(DeviceGame))
    assert rows == VISITS_KEPT + 1  # the oldest watched games are forgotten, never a grant
    assert client.get(f"/games/{mine}/hands/new").status_code == 200
    home = client.get("/").get_data(as_text=True)
    assert others[-1] in home and others[0] not in home
