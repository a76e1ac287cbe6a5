"""The new-game form and the hand keypad in Polish on narrow phones, light and dark: longer
words must not push anything off the screen, and the keypad counts in Polish plurals."""
import pathlib
import re

import pytest
from playwright.sync_api import expect

ARTIFACTS = pathlib.Path(__file__).resolve().parents[2] / "test-results"
WIDTHS = [320, 390]
SCHEMES = ["light", "dark"]


@pytest.fixture(params=[(w, s) for w in WIDTHS for s in SCHEMES], ids=lambda p: f"{p[0]}-{p[1]}")
def polish_page(request, browser):
    width, scheme = request.param
    context = browser.new_context(
        viewport={"width": width, "height": 740}, device_scale_factor=2, is_mobile=True,
        has_touch=True, locale="pl-PL", color_scheme=scheme, service_workers="block")
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    yield page, f"{width}-{scheme}"
    context.close()


def snap(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"pl-{name}.png"), full_page=True)


def fits(page):
    """Nothing wider than the screen: no sideways scrolling."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_new_game_and_keypad_in_polish_fit_and_count_in_polish(polish_page, live_server):
    page, name = polish_page
    page.goto(live_server + "/games/new")
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    page.fill("#players-0", "Małgorzata")
    page.fill("#players-1", "Grzegorz Brzęczyszczykiewicz")
    snap(page, f"new-game-{name}")
    assert fits(page)
    page.locator("text=Zacznij grę").tap()
    expect(page).to_have_url(re.compile(r"/games/[A-Za-z0-9_-]{16}$"))
    page.goto(page.url + "/hands/new")
    page.locator("#seat-0 .out-toggle").tap()
    page.locator("#seat-1 legend").tap()
    for count, word in [(1, "karta"), (2, "karty"), (5, "kart")]:
        while page.locator(".active-ncards").text_content() != str(count):
            page.locator('.key[data-kind="skip"]').tap()
        expect(page.locator(".active-nword")).to_have_text(word)
        expect(page.locator("#seat-1 .nword")).to_have_text(word)
    expect(page.locator(".active-total")).to_have_text("100")
    expect(page.locator(".active-pword")).to_have_text("punktów")
    expect(page.locator(".save-says")).to_have_text("Po zapisie: Małgorzata +100.")
    snap(page, f"keypad-{name}")
    assert fits(page)
