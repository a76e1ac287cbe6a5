"""Edit rights that last (issue 10): a scorekeeping phone keeps that right across a browser
restart, which drops session cookies and keeps persistent ones."""
from playwright.sync_api import expect

from tests.e2e.test_score_a_game import start_game


def test_a_browser_restart_keeps_the_right_to_keep_score(browser, browser_context_args, live_server, page, taps):
    start_game(page, live_server, taps)
    board = page.url
    state = page.context.storage_state()
    kept = [c for c in state["cookies"] if c.get("expires", -1) > 0]  # what survives a restart
    assert {c["name"] for c in kept} == {"device"}
    device = kept[0]
    assert device["httpOnly"] and device["sameSite"] == "Lax"

    restarted = browser.new_context(**browser_context_args, storage_state={"cookies": kept, "origins": []})
    again = restarted.new_page()
    again.goto(board)
    expect(again.locator("text=Record hand 1")).to_be_visible()
    again.goto(live_server + "/")
    expect(again.locator("ul.games")).to_contain_text("Ana, Ben, Cy, Dee")

    stranger = browser.new_context(**browser_context_args).new_page()
    stranger.goto(live_server + "/")
    expect(stranger.locator("text=No game in progress.")).to_be_visible()  # nothing of the server's
    stranger.goto(board)
    expect(stranger.locator("h1")).to_contain_text("Ana, Ben, Cy, Dee")
    assert stranger.locator("text=Record hand").count() == 0  # watching is not keeping score
    restarted.close()
