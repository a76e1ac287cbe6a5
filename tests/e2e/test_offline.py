"""Without a connection, the rules and the last-seen scoreboard still open."""
from playwright.sync_api import expect

from tests.e2e.test_evening_without_wifi import wifi_off

from tests.e2e.test_score_a_game import record_hand, start_game


def test_rules_and_last_scoreboard_open_offline(context, page, live_server, taps):
    start_game(page, live_server, taps)
    record_hand(page, taps, 0, {1: ["wild"], 2: ["7"], 3: ["skip"]})
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()  # now served through the service worker, which keeps a copy
    board_url = page.url
    wifi_off(context, live_server)
    try:
        page.goto(live_server + "/rules/classic")
        expect(page.locator("h1")).to_contain_text("Classic")
        page.goto(board_url)
        expect(page.locator("#hand-1")).to_be_visible()
        expect(page.locator("[data-sync]")).to_contain_text("Connection lost", timeout=6000)
    finally:
        context.unroute_all()


def test_the_offline_copy_of_a_page_replays_no_message(context, page, live_server, taps):
    """Issue 27: "Hand 1 saved" belongs to the visit after the Save, not to the offline copy."""
    start_game(page, live_server, taps)
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()  # controlled by the service worker from here on
    record_hand(page, taps, 0, {1: ["wild"], 2: ["7"], 3: ["skip"]})  # its board shows the message
    expect(page.locator(".flash-ok")).to_contain_text("Hand 1 saved")
    board_url = page.url
    page.wait_for_timeout(300)  # the copy is stored after the page is answered
    wifi_off(context, live_server)
    try:
        page.goto(board_url)
        expect(page.locator("#hand-1")).to_be_visible()
        expect(page.locator(".flash")).to_have_count(0)
    finally:
        context.unroute_all()
