"""A family table across two phones: one starts it and shares it, the other starts a game
from the roster and keeps score, and the first sees the stats and the chart change."""
import re
from pathlib import Path

from playwright.sync_api import expect

from tests.e2e.test_score_a_game import record_hand

SHOTS = Path(__file__).resolve().parents[2] / "test-results"


def start_table(page, live_server, taps):
    page.goto(live_server + "/tables/new")
    page.fill("#name", "Kitchen <table>")
    taps("text=Create the table")
    expect(page.locator("h1")).to_have_text("Kitchen <table>")
    # The first game brings the family onto the roster.
    page.fill("#new", "Ana, Ben, Cy")
    taps("text=Start the game")
    expect(page).to_have_url(re.compile(r"/games/[^/]+$"))
    page.go_back()


def test_a_table_shared_to_a_second_phone_starts_a_game_from_the_roster(
        browser, browser_context_args, live_server, page, taps):
    start_table(page, live_server, taps)
    page.reload()
    taps("text=Share this table")
    page.locator("summary", has_text="Show the keep-score link").tap()
    keep = page.locator("a.share-link[href*='keep-score']").get_attribute("href")
    table_url = page.locator("a.share-link:not([href*='keep-score'])").get_attribute("href")
    assert "#key=" in keep and page.locator(".qr svg").count() == 2

    second = browser.new_context(**browser_context_args).new_page()
    second.goto(keep)
    second.get_by_role("button", name="Yes, keep score on this phone").tap()
    expect(second).to_have_url(table_url)
    expect(second.locator(".flash-ok")).to_contain_text("start games")
    # Seat order is the order of the taps: Cy first, then Ana.
    second.locator("label.seat", has_text="Cy").tap()
    second.locator("label.seat", has_text="Ana").tap()
    expect(second.locator("label.seat", has_text="Ana").locator(".seat-no")).to_have_text("2.")
    second.locator("text=Start the game").tap()
    expect(second).to_have_url(re.compile(r"/games/[^/]+$"))
    expect(second.locator("table.standings tbody th").first).to_contain_text("Cy")
    second_taps = type(taps)(second)
    record_hand(second, second_taps, 0, {1: ["wild", "7"]})
    record_hand(second, second_taps, 1, {0: ["skip"]})
    game_url = second.url

    page.goto(table_url)
    ana = page.locator("tr", has=page.locator("th", has_text="Ana"))
    expect(ana.locator("td").nth(0)).to_have_text("0 of 0")  # games won of finished games: none yet
    expect(ana.locator("td").nth(1)).to_have_text("1 of 2")  # hands out of played
    expect(ana.locator("td").nth(2)).to_have_text("20")  # best hand: Cy's skip
    page.locator("a", has_text="Cy, Ana").tap()
    expect(page).to_have_url(game_url)
    chart = page.locator("svg.chart")
    expect(chart).to_be_visible()
    expect(chart.locator("text")).to_have_text(["Cy 57", "Ana 20"])
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "table-chart.png"), full_page=True)
