"""Settling an argument at the table: the judge's ruling, then the rule it cites."""
import re

from playwright.sync_api import expect

from tests.e2e.test_score_a_game import start_game


def test_judge_a_wild_draw_four_challenge_from_a_game(page, live_server, taps):
    start_game(page, live_server, taps)
    taps("header >> text=Judge")
    taps("text=Wild Draw Four challenge")
    taps("#f-color label.c-red")
    taps("#f-hand label:has-text('7')")
    taps("button:has-text('Judge')")
    expect(page.locator(".verdict")).to_contain_text("Guilty")
    expect(page.locator("#ruling")).to_contain_text("4")

    # The same hand without a red card: the challenger draws 6.
    taps("#f-hand label:has-text('7')")
    taps("#f-hand label:has-text('None')")
    taps("button:has-text('Judge')")
    expect(page.locator(".verdict")).to_contain_text("Innocent")
    expect(page.locator("#ruling")).to_contain_text("6")


def test_a_cited_rule_opens_at_its_anchor(page, live_server, taps):
    page.goto(live_server + "/judge/uno?edition=classic-112&caught=before-next-turn&said_uno_first=no&asked=1")
    expect(page.locator(".verdict")).to_contain_text("4")
    link = page.locator("ul.cited a").first
    href = link.get_attribute("href")
    anchor = href.split("#", 1)[1]
    link.tap()
    expect(page).to_have_url(re.compile(rf"/rules/classic-112#{anchor}$"))
    target = page.locator(f"article#{anchor}")
    expect(target).to_be_in_viewport()
    assert page.evaluate("document.querySelector(':target').id") == anchor


def test_scoreboard_rules_link_opens_the_games_edition(page, live_server, taps):
    page.goto(live_server + "/games/new")
    page.fill("#players-0", "Ana")
    page.fill("#players-1", "Ben")
    taps("label:has-text('Diary of a Wimpy Kid')")
    taps("text=Start the game")
    taps("header >> text=Rules")
    expect(page).to_have_url(re.compile(r"/rules/wimpy-kid"))
    expect(page.locator("article#cheese-touch")).to_be_attached()
