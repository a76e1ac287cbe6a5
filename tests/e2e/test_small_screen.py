"""The smallest phone, 320 px wide (issue 31), in English and Polish, and a 390 px one in Polish: the header is one line with
the whole brand and every link inside the screen, and every link outside a sentence ("Every hand
with its cards", "Back to the scores", "Season 1", "Back to <table>") is a full 48 px tap target,
the keeper's backup links included."""
import pytest
from playwright.sync_api import expect

from tests.e2e.test_accessibility import AUDIT, _api

HEADER = """() => {
  const header = document.querySelector('header.top'), brand = header.querySelector('.brand');
  const links = [...header.querySelectorAll('a')];
  return {rows: new Set(links.map((a) => Math.round(a.getBoundingClientRect().top))).size,
          brandClipped: brand.scrollWidth > brand.clientWidth + 1,
          outside: links.filter((a) => { const r = a.getBoundingClientRect();
                                        return r.left < 0 || r.right > innerWidth + 0.5; })
                        .map((a) => a.textContent.trim())};
}"""
PLAYERS = ["Mum", "Dad", "Ola", "Kuba"]


def keep(page, url: str) -> None:
    page.goto(url)
    page.get_by_role("button", name="Yes, keep score on this phone").tap()
    page.wait_for_url(lambda url: "keep-score" not in url)


@pytest.fixture
def small_phone(page, live_server):
    """A keeper of a 6-hand game and of a family table with one finished game and a past season."""
    game = _api(live_server, "POST", "/api/games", {"players": PLAYERS, "target": 10000})
    for n in range(6):
        held = {name: ([] if i == n % 4 else [f"red-{n + i}"]) for i, name in enumerate(PLAYERS)}
        _api(live_server, "POST", f"/api/games/{game['id']}/hands", {"held": held}, game["edit_key"])
    table = _api(live_server, "POST", "/api/tables", {"name": "Kitchen table"})
    played = _api(live_server, "POST", "/api/games", {"players": PLAYERS[:2], "table": table["id"], "target": 50},
                  table["edit_key"])
    _api(live_server, "POST", f"/api/games/{played['id']}/hands", {"held": {"Mum": [], "Dad": ["wild"]}},
         table["edit_key"])
    page.set_viewport_size({"width": 320, "height": 700})
    keep(page, f"{live_server}/games/{game['id']}/keep-score#key={game['edit_key']}")
    keep(page, f"{live_server}/tables/{table['id']}/keep-score#key={table['edit_key']}")
    page.goto(f"{live_server}/tables/{table['id']}")
    page.get_by_role("link", name="Start a new season…").tap()  # the table asks first
    with page.expect_navigation():
        page.get_by_role("button", name="Yes, start season 2").tap()
    season = page.get_by_role("link", name="Season 1")
    expect(season).to_be_visible()
    player = page.locator("a[href*='/players/']").first.get_attribute("href")
    return {"board": f"/games/{game['id']}", "share": f"/games/{game['id']}/share",
            "rules": f"/rules/classic?game={game['id']}", "referee": f"/referee?game={game['id']}",
            "table": f"/tables/{table['id']}", "player": player, "season": f"/tables/{table['id']}/league/1"}


def test_one_header_line_and_full_size_links_at_320_px(page, live_server, small_phone):
    for width, lang in ((320, "en"), (320, "pl"), (390, "pl")):
        page.set_viewport_size({"width": width, "height": 700})
        page.goto(f"{live_server}/?lang={lang}")
        for name, path in small_phone.items():
            page.goto(live_server + path)
            header = page.evaluate(HEADER)
            assert header == {"rows": 1, "brandClipped": False, "outside": []}, (width, lang, name, header)
            assert page.evaluate(AUDIT)["targets"] == [], (width, lang, name)
    page.set_viewport_size({"width": 320, "height": 700})
    page.goto(f"{live_server}/?lang=en")
    page.goto(live_server + small_phone["board"])
    for label in ("Backup (JSON)", "Score sheet (CSV)", "Every hand with its cards"):
        box = page.get_by_role("link", name=label).bounding_box()
        assert box["height"] >= 47.5 and box["width"] >= 47.5, label
    with page.expect_download() as download:
        page.get_by_role("link", name="Score sheet (CSV)").tap()
    assert download.value.suggested_filename.endswith(".csv")
