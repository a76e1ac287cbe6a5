"""The referee on a phone: from a game, set the card turned up, tap three plays, and read the
timeline with its first illegal play marked."""
import re

from playwright.sync_api import expect

from tests.e2e.test_score_a_game import start_game


def test_replay_a_stretch_from_a_game_by_tapping(page, live_server, taps):
    start_game(page, live_server, taps)
    taps("header >> text=Judge")
    taps("text=Referee")
    expect(page.locator("#players")).to_have_value("Ana, Ben, Cy, Dee")  # from the game
    page.select_option("#dealer", "Dee")
    taps("[data-picker=start] label.c-red")
    taps("[data-picker=start] label:has-text('7')")
    taps("button.big:has-text('Replay')")
    expect(page.locator("#result")).to_contain_text("Now: Ana to play.")

    start = taps.count
    taps("#tap label.c-red")  # Ana, already picked as the player to play, lays a red 3
    taps("#tap label:text-is('3')")
    taps("text=Play the card")
    taps("text=Draw one, keep it")  # Ben draws: one tap
    taps("#tap label.c-blue")  # Cy lays a blue 4 on the red 3: illegal
    taps("#tap label:text-is('4')")
    taps("text=Play the card")
    assert taps.count - start == 7

    rows = page.locator("ol.tl > li[id]")
    expect(rows).to_have_count(3)
    expect(page.locator("#p3")).to_have_class(re.compile(r"\bfirst\b"))
    expect(page.locator("#p3")).to_contain_text("Card not allowed here")
    expect(page.locator("#result")).to_contain_text("Now: Cy to play.")
    expect(page.locator("#result")).to_contain_text("First illegal play: 3")
    expect(page.locator("#plays")).to_have_value("Ana red-3\nBen draw\nCy blue-4")

    taps("text=Undo the last play")
    expect(rows).to_have_count(2)
    expect(page.locator("#result")).not_to_contain_text("First illegal")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"]


def test_a_cited_rule_opens_on_the_rules_page(page, live_server, taps):
    page.goto(live_server + "/referee?asked=1&players=Ana,Ben&start_colour=red&start_kind=7"
              "&plays=Ana+red-reverse")
    row = page.locator("#p1")
    expect(row).to_contain_text("acts as a Skip")
    row.locator("a:has-text('Playing with two')").tap()
    expect(page).to_have_url(re.compile(r"/rules/classic#two-players$"))


def test_a_typed_draw_after_a_draw_two_only_records_it(page, live_server, taps):
    page.goto(live_server + "/referee?asked=1&players=Ana,Ben,Cy&start_colour=red&start_kind=7")
    page.fill("#plays", "Ana red-draw2\nBen draw 2")
    taps("button.big:has-text('Replay')")
    expect(page.locator("#p1")).to_contain_text("Ben draws 2 cards and loses the turn.")
    expect(page.locator("#p2")).to_contain_text("already counted on the previous play")
    expect(page.locator("#p2")).to_have_class(re.compile(r"\bok\b"))
    expect(page.locator("#result")).to_contain_text("Now: Cy to play.")
    expect(page.locator("#result")).not_to_contain_text("First illegal")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
