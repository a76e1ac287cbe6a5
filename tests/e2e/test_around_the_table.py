"""Two phones at one table: one keeps score, the other watches it update live."""
import re
import time

from playwright.sync_api import expect

from tests.e2e.test_score_a_game import record_hand, start_game


def test_a_watching_phone_sees_a_saved_hand_within_3_seconds(browser, browser_context_args, live_server, page, taps):
    start_game(page, live_server, taps)
    watcher = browser.new_context(**browser_context_args).new_page()
    watcher.goto(page.url)
    expect(watcher.locator("[data-sync]")).to_contain_text("Live: synced")
    assert watcher.locator("text=Record hand").count() == 0  # a watcher cannot record
    watcher.evaluate("window.__notReloaded = true")

    record_hand(page, taps, 0, {1: ["wild", "7"], 2: ["skip"], 3: ["3"]})
    saved = time.monotonic()
    expect(watcher.locator("#hand-1")).to_be_visible(timeout=3000)
    assert time.monotonic() - saved < 3
    expect(watcher.locator("table.standings tr.leader th")).to_contain_text("Ana")
    assert watcher.evaluate("window.__notReloaded") is True  # updated in place, no reload


def test_keep_score_link_turns_a_second_phone_into_a_scorekeeper(browser, browser_context_args, live_server, page, taps):
    start_game(page, live_server, taps)
    taps("text=Share this game")
    page.locator("summary", has_text="Show the keep-score link").tap()
    keep = page.locator("a.share-link[href*='keep-score']").get_attribute("href")
    assert "#key=" in keep
    second = browser.new_context(**browser_context_args).new_page()
    second.goto(keep)
    second.get_by_role("button", name="Yes, keep score on this phone").tap()
    expect(second).to_have_url(re.compile(r"/games/[A-Za-z0-9_-]{16}$"))
    expect(second.locator(".flash-ok")).to_contain_text("can now keep score")
    expect(second.locator("text=Record hand 1")).to_be_visible()


def test_a_half_entered_hand_survives_a_reload(live_server, page, taps):
    start_game(page, live_server, taps)
    taps("text=Record hand 1")
    taps("#seat-1 .out-toggle")
    taps('.key[data-kind="wild"]')
    taps('.key[data-kind="9"]')
    expect(page.locator("#seat-0 .total")).to_have_text("59")
    page.once("dialog", lambda dialog: dialog.accept())
    page.reload()
    # Offered, not applied: nothing is filled until the scorekeeper asks for it.
    expect(page.locator(".draft-resume")).to_have_text("Resume the hand you started (2 cards)")
    expect(page.locator("#seat-0 .total")).to_have_text("0")
    expect(page.locator("#seat-1 input[name=out]")).not_to_be_checked()
    taps(".draft-resume")
    expect(page.locator("#seat-0 .total")).to_have_text("59")
    expect(page.locator("#seat-1 input[name=out]")).to_be_checked()
    expect(page.locator(".draft-offer")).to_be_hidden()


def test_a_watcher_that_lost_the_connection_says_so_and_catches_up(browser, browser_context_args, live_server, page, taps):
    start_game(page, live_server, taps)
    watcher_context = browser.new_context(**browser_context_args)
    watcher = watcher_context.new_page()
    watcher.goto(page.url)
    expect(watcher.locator("[data-sync]")).to_contain_text("Live: synced")
    watcher_context.set_offline(True)
    expect(watcher.locator("[data-sync]")).to_contain_text("Connection lost", timeout=5000)
    record_hand(page, taps, 1, {0: ["9"], 2: ["wild"], 3: ["1"]})
    watcher_context.set_offline(False)
    expect(watcher.locator("#hand-1")).to_be_visible(timeout=5000)
    expect(watcher.locator("[data-sync]")).to_contain_text("Live: synced")
