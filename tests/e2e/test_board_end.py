"""The scoreboard on a phone: a delete that asks first, a rematch in one tap, and how the
finished board looks (screenshots under test-results/)."""
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
SHOTS = Path(__file__).resolve().parents[2] / "test-results"


def api_game(page, live_server, target=500):
    game = page.request.post(live_server + "/api/games",
                             data={"players": PLAYERS, "target": target}).json()
    return game, {"Authorization": f"Bearer {game['edit_key']}"}


def api_hand(page, live_server, game, headers, held, typed=None):
    response = page.request.post(f"{live_server}/api/games/{game['id']}/hands", headers=headers,
                                 data={"held": held, "typed_totals": typed or {}})
    assert response.status == 201, response.text()


def become_keeper(page, live_server, game):
    page.goto(f"{live_server}/games/{game['id']}/keep-score#key={game['edit_key']}")
    page.get_by_role("button", name="Yes, keep score on this phone").click()
    expect(page.locator(".flash-ok")).to_contain_text("can now keep score")


def hands_of(page, live_server, game):
    return page.request.get(f"{live_server}/api/games/{game['id']}").json()["hands"]


def test_delete_asks_first_and_keeping_the_hand_leaves_it_exactly(page, live_server):
    game, headers = api_game(page, live_server)
    api_hand(page, live_server, game, headers, {"Ana": [], "Ben": ["9"], "Cy": ["1"], "Dee": ["2"]})
    api_hand(page, live_server, game, headers,
             {"Ana": ["red-7", "wild"], "Ben": [], "Cy": ["blue-skip"]}, {"Dee": 42})
    api_hand(page, live_server, game, headers, {"Ana": ["3"], "Ben": ["4"], "Cy": [], "Dee": ["5"]})
    before = hands_of(page, live_server, game)
    become_keeper(page, live_server, game)

    page.locator("#hand-2 a", has_text="Edit").tap()
    page.locator("text=Delete hand 2…").tap()
    expect(page.locator("h1")).to_have_text("Delete hand 2?")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "delete-hand-confirm-390.png"), full_page=True)
    page.locator("text=Keep hand 2").tap()
    expect(page).to_have_url(re.compile(rf"/games/{game['id']}#hand-2$"))
    assert hands_of(page, live_server, game) == before  # cards, typed total, dealer, revision

    page.locator("#hand-2 a", has_text="Edit").tap()
    page.locator("text=Delete hand 2…").tap()
    page.locator("button", has_text="Delete hand 2").tap()
    expect(page.locator(".flash-ok")).to_contain_text("Hand 2 deleted")
    after = hands_of(page, live_server, game)
    assert [h["held"] for h in after] == [before[0]["held"], before[2]["held"]]
    assert [h["dealer"] for h in after] == ["Ana", "Cy"]  # hand 3 keeps its dealer
    expect(page.locator(".dealer")).to_have_text("Dee deals hand 3.")


def finished_game(page, live_server):
    """Ana reaches 500 in hand 3; hands dealt by Ana, Ben, Cy."""
    game, headers = api_game(page, live_server)
    for _ in range(3):
        api_hand(page, live_server, game, headers,
                 {"Ana": [], "Ben": ["wild-draw4"], "Cy": ["wild", "wild"], "Dee": ["wild-draw4"]})
    return game


def test_rematch_in_one_tap(page, live_server):
    game = finished_game(page, live_server)
    become_keeper(page, live_server, game)
    expect(page.locator(".over h2")).to_have_text("Ana wins!")
    expect(page.locator(".over-next")).to_contain_text("Dee deals first")
    page.get_by_role("button", name="Rematch", exact=True).tap()
    expect(page).not_to_have_url(re.compile(rf"/games/{game['id']}$"))
    expect(page.locator(".dealer")).to_have_text("Dee deals hand 1.")
    expect(page.locator("text=Record hand 1")).to_be_visible()
    expect(page.locator(".share-row")).to_be_visible()


@pytest.mark.parametrize("width", [320, 390, 768])
def test_the_finished_board_fits_and_is_captured(browser, live_server, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    game = finished_game(page, live_server)
    SHOTS.mkdir(exist_ok=True)
    for role in ("watcher", "keeper"):
        if role == "keeper":
            become_keeper(page, live_server, game)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.goto(f"{live_server}/games/{game['id']}")
            expect(page.locator(".over h2")).to_have_text("Ana wins!")
            overflow = page.evaluate("document.documentElement.scrollWidth - innerWidth")
            assert overflow <= 0, (role, scheme, overflow)
            page.screenshot(path=str(SHOTS / f"board-finished-{role}-{width}-{scheme}.png"))
    context.close()


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_at_320_px_the_final_scores_are_on_the_first_screen(browser, live_server, lang):
    """The smallest phones (320 x 568): who won and every final total without scrolling, for
    the keeper (whose rematch and target buttons come after the scores) as for a watcher."""
    context = browser.new_context(viewport={"width": 320, "height": 568})
    page = context.new_page()
    game = finished_game(page, live_server)
    page.goto(f"{live_server}/?lang={lang}")
    for role in ("watcher", "keeper"):
        if role == "keeper":
            page.goto(f"{live_server}/games/{game['id']}/keep-score#key={game['edit_key']}")
            page.locator("form.claim button[type=submit]").click()
            page.wait_for_url(re.compile(rf"/games/{game['id']}$"))
        page.goto(f"{live_server}/games/{game['id']}")
        expect(page.locator(".over h2")).to_contain_text("Ana")
        scores = page.locator("table.standings").bounding_box()
        rows = page.locator("table.standings tbody tr")
        expect(rows).to_have_count(4)
        assert scores["y"] >= 0 and scores["y"] + scores["height"] <= 568, (role, scores)
        assert page.evaluate("scrollY") == 0
        if role == "keeper":
            expect(page.locator(".over-next button.primary")).to_be_visible()
    context.close()
