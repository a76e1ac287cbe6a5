"""How the dates look (issue 14): the family table's games by day and the home page's games
with their last-played date, in Polish, at 320, 390 and 768 px, light and dark. Screenshots go
to test-results/polish-dates/ for a person to look at; the test checks the dates show, fit the
screen and never break inside ("22 lis" / "2026" on two lines)."""
import threading
from datetime import datetime, timezone
from pathlib import Path

import pytest
from babel.dates import format_date
from sqlalchemy import update
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.models import Game, db
from tests.support.helpers import post_hand

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "polish-dates"
PL = {"Accept-Language": "pl-PL,pl;q=0.9"}
DAYS = [datetime(2026, 11, 22, 19), datetime(2026, 11, 22, 20), datetime(2026, 9, 3, 18)]


@pytest.fixture
def server(tmp_path):
    app = create_app({"SECRET_KEY": "e2e", "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False, "GC_FREEZE": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'e2e.sqlite3'}"})
    http = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    yield app, f"http://127.0.0.1:{http.server_port}"
    http.shutdown()
    thread.join()


def seed(app):
    """A table with three games on two days and a game of this phone's own; the phone's cookies."""
    client = app.test_client()
    table = client.post("/api/tables", json={"name": "Stół w kuchni"}).json
    client.post(f"/tables/{table['id']}/keep-score", data={"key": table["edit_key"]}, headers=PL)
    names = [["Babcia Józefina", "Wujek Bartłomiej", "Maksymiliana"], ["Ana", "Ben"], ["Ana", "Ben", "Cy"]]
    for players, day in zip(names, DAYS):
        game = client.post("/api/games", json={"players": players, "table": table["id"], "target": 50},
                           headers={"Authorization": f"Bearer {table['edit_key']}"}).json
        assert post_hand(client, game, {p: ([] if i == 0 else ["wild"]) for i, p in enumerate(players)}).status_code == 201
        with app.app_context():
            db.session.execute(update(Game).where(Game.id == game["id"]).values(  # a change: its version moves on
                created_at=day, updated_at=day, version=Game.version + 1))
            db.session.commit()
    client.post("/games/new", headers=PL, data={"players-0": "Ana", "players-1": "Ben", "edition": "classic",
                                               "scoring": "winner-takes-points", "target": "500"})
    return table, [(c.key, c.value) for c in client._cookies.values()]


@pytest.mark.parametrize("width", [320, 390, 768])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_dates_look_right_in_polish(browser, server, width, scheme):
    app, base = server
    table, cookies = seed(app)
    context = browser.new_context(viewport={"width": width, "height": 800}, color_scheme=scheme,
                                  locale="pl-PL", extra_http_headers=PL)
    context.add_cookies([{"name": k, "value": v, "url": base} for k, v in cookies])
    page = context.new_page()
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name, path, dates in (("table", f"/tables/{table['id']}", ["22 lis 2026", "3 wrz 2026"]),
                              ("home", "/", [format_date(datetime.now(timezone.utc), "medium", locale="pl")])):
        page.goto(base + path)
        for date in dates:
            shown = page.locator("time", has_text=date).first
            assert shown.is_visible(), (name, date)
            box = shown.bounding_box()
            line = page.evaluate("e => parseFloat(getComputedStyle(e).lineHeight) || 24", shown.element_handle())
            assert box["height"] < 1.6 * line, (name, date, "the date breaks over two lines")
        assert page.evaluate("document.documentElement.scrollWidth") <= width, name
        page.screenshot(path=str(SHOTS / f"{name}-{width}-{scheme}.png"), full_page=True)
    context.close()
