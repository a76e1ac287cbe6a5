"""Issue 18: reading never writes, polls load no ORM objects, and device ids come from the server."""
import re

from sqlalchemy import event, func, select

from scorekeeper.access import visits
from scorekeeper.models import DeviceGame, db

from tests.integration.test_scorepad import game_id_of, start_game
from tests.integration.test_storage_failures import break_storage
from tests.support.helpers import keep_score, new_game, post_hand

HAND = {"Ana": [], "Ben": ["7"], "Cy": ["wild"], "Dee": ["3"]}


def write_visits(app) -> None:
    """What the views noted, written as the next batch would (visits.py)."""
    with app.app_context():
        visits.write_pending()


def visit_rows(app) -> int:
    write_visits(app)
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(DeviceGame))


def device_cookie(response) -> str | None:
    found = [h for h in response.headers.getlist("Set-Cookie") if h.startswith("device=")]
    return re.match(r"device=([^;]*)", found[0]).group(1) if found else None


def test_a_first_look_without_a_device_cookie_stores_nothing(app):
    game = new_game(app.test_client())
    crawler = app.test_client()
    first = crawler.get(f"/games/{game['id']}")
    assert first.status_code == 200 and visit_rows(app) == 0
    assert device_cookie(first)  # the phone gets an id; its next look is remembered
    assert crawler.get(f"/games/{game['id']}").status_code == 200 and visit_rows(app) == 1


def test_a_watch_link_works_on_read_only_storage(app, backend):
    game = new_game(app.test_client())
    phone = app.test_client()
    phone.get(f"/games/{game['id']}")  # has its device cookie now, no visit row yet
    break_storage(app, backend, "read-only")
    assert phone.get(f"/games/{game['id']}").status_code == 200
    assert app.test_client().get(f"/games/{game['id']}").status_code == 200


def test_an_id_the_server_never_issued_is_replaced_before_anything_is_granted(app, csrf_off):
    planted = "A" * 43
    phone = app.test_client()
    phone.set_cookie("device", planted)
    made = start_game(phone, ["Ana", "Ben"])
    issued = device_cookie(made)
    assert issued and not issued.startswith(planted)
    game_id = game_id_of(made)
    thief = app.test_client()
    thief.set_cookie("device", planted)  # whoever planted it holds no right
    assert thief.get(f"/games/{game_id}/hands/new").status_code == 403
    assert phone.get(f"/games/{game_id}/hands/new").status_code == 200
    forged = app.test_client()
    forged.set_cookie("device", issued.split(".")[0] + ".AAAAAAAAAAAAAAAAAAAAAA")
    assert forged.get(f"/games/{game_id}/hands/new").status_code == 403


def count_orm_loads(app, action) -> int:
    loaded = []
    with app.app_context():
        def note(target, context):
            loaded.append(type(target).__name__)
        event.listen(db.Model, "load", note, propagate=True)
        try:
            action()
        finally:
            event.remove(db.Model, "load", note)
    return len(loaded)


def test_polls_a_watchers_scoreboard_and_the_device_check_load_no_orm_objects(app, client, game):
    post_hand(client, game, HAND)
    keeper = app.test_client()
    keep_score(keeper, game)
    watcher = app.test_client()
    for phone in (keeper, watcher):  # first looks: the cookie, the visit, the page rendered
        phone.get(f"/games/{game['id']}")
        phone.get(f"/games/{game['id']}")
    for phone in (keeper, watcher):
        board = phone.get(f"/games/{game['id']}/board")
        assert board.status_code == 200
        etag = board.headers["ETag"]
        assert count_orm_loads(app, lambda p=phone: p.get(f"/games/{game['id']}/board")) == 0
        not_modified = lambda p=phone: p.get(f"/games/{game['id']}/board", headers={"If-None-Match": etag})
        assert count_orm_loads(app, not_modified) == 0
    assert count_orm_loads(app, lambda: watcher.get(f"/games/{game['id']}")) == 0
