"""Without a connection, the rules and the last-seen scoreboard still open."""
from playwright.sync_api import expect

from tests.e2e.test_score_a_game import record_hand, start_game


def test_rules_and_last_scoreboard_open_offline(context, page, live_server, taps):
    start_game(page, live_server, taps)
    record_hand(page, taps, 0, {1: ["wild"], 2: ["7"], 3: ["skip"]})
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()  # now served through the service worker, which keeps a copy
    board_url = page.url
    context.set_offline(True)
    try:
        page.goto(live_server + "/rules/classic")
        expect(page.locator("h1")).to_contain_text("Classic")
        page.goto(board_url)
        expect(page.locator("#hand-1")).to_be_visible()
        expect(page.locator("[data-sync]")).to_contain_text("Connection lost", timeout=6000)
    finally:
        context.set_offline(False)
