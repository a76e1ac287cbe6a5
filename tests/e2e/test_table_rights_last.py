"""A table's keep-score right lasts like a game's: a phone that took the table's keep-score
link keeps it across a browser restart (which keeps only persistent cookies), and its home
page lists the table. Screenshots of the home page and the table's restore page."""
import re
from pathlib import Path

from playwright.sync_api import expect

from tests.e2e.test_family_table import start_table

SHOTS = Path(__file__).resolve().parents[2] / "test-results"


def test_a_browser_restart_keeps_the_right_to_keep_score_at_a_table(
        browser, browser_context_args, live_server, page, taps):
    start_table(page, live_server, taps)
    table_url = page.url
    page.goto(table_url + "/share")
    keep = page.locator("a.share-link[href*='keep-score']").get_attribute("href")

    second = browser.new_context(**browser_context_args)
    phone = second.new_page()
    phone.goto(keep)
    phone.locator("button", has_text="Keep score on this phone").tap()  # the link asks first
    expect(phone).to_have_url(table_url)
    expect(phone.locator(".flash-ok")).to_contain_text("start games")
    kept = [c for c in second.storage_state()["cookies"] if c.get("expires", -1) > 0]
    assert {c["name"] for c in kept} == {"device"}
    second.close()

    restarted = browser.new_context(**browser_context_args, storage_state={"cookies": kept, "origins": []})
    again = restarted.new_page()
    again.goto(live_server + "/")
    expect(again.locator("ul.games").first).to_contain_text("Kitchen <table>")
    again.locator("a", has_text="Kitchen <table>").tap()
    expect(again.locator("text=Start the game")).to_be_visible()
    again.locator("label.seat", has_text="Ben").tap()
    again.locator("label.seat", has_text="Ana").tap()
    again.locator("text=Start the game").tap()
    expect(again).to_have_url(re.compile(r"/games/[^/]+$"))
    expect(again.locator("text=Record hand 1")).to_be_visible()
    SHOTS.mkdir(exist_ok=True)
    for width in (320, 390, 768):
        for scheme in ("light", "dark"):
            again.set_viewport_size({"width": width, "height": 800})
            again.emulate_media(color_scheme=scheme)
            again.goto(live_server + "/")
            again.screenshot(path=str(SHOTS / f"tables2-home-{width}-{scheme}.png"), full_page=True)
            again.goto(table_url + "/restore")
            again.screenshot(path=str(SHOTS / f"tables2-restore-{width}-{scheme}.png"), full_page=True)
    restarted.close()
