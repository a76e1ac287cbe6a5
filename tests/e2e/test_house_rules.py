"""Issue 39 on a phone, in English and in Polish: a game started with Seven-O and Jump-In, the
judge asked from it (under 7 taps), and a referee stretch from it: a 7 whose swap is one tap on a
player tile, then a jump-in entered by tapping the jumper and the card."""
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import Taps

WORDS = {"en": {"board": "Seven-O", "swap": "Swap", "swapped": "swaps hands with",
                "jumped": "jumps in out of turn"},
         "pl": {"board": "Siedem-Zero", "swap": "Zamiana", "swapped": "zamienia się kartami",
                "jumped": "wskakuje poza kolejką"}}


@pytest.fixture(params=["en", "pl"])
def phone(request, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, locale="pl-PL" if request.param == "pl" else "en-GB",
                                  service_workers="block")
    page = context.new_page()
    yield page, request.param
    context.close()


def test_a_game_with_seven_o_and_jump_in_its_judge_and_its_referee(phone, live_server):
    page, lang = phone
    words = WORDS[lang]
    taps = Taps(page)
    page.goto(live_server + "/games/new")
    for i, name in enumerate(["Ana", "Ben", "Cy", "Dee"]):
        page.fill(f"#players-{i}", name)
    taps("label:has(input[name=seven_o])")
    taps("label:has(input[name=jump_in])")
    taps("button.primary.big[type=submit]")
    expect(page).to_have_url(re.compile(r"/games/[A-Za-z0-9_-]{16}$"))
    game_url = page.url
    expect(page.locator("p.meta").first).to_contain_text(words["board"])

    # the judge, opened from the game: its house rules are set; tile, the 7, Judge
    taps.count = 0
    page.goto(game_url.replace("/games/", "/judge?game="))
    taps("a[href*='/judge/seven-o']")
    expect(page.locator("input[name=seven_o]")).to_be_checked()
    taps("#f-card label:has(input[value='7'])")
    taps("button.primary.big[type=submit]")
    expect(page.locator(".verdict")).to_contain_text(words["swap"])
    assert taps.count < 7

    # the referee, opened from the game: its house rules are on
    page.goto(game_url.replace("/games/", "/referee?game="))
    expect(page.locator("input[name=seven_o]")).to_be_checked()
    taps("fieldset[data-picker=start] label:has(input[value=red])")
    taps("fieldset[data-picker=start] label:has(input[value='5'])")
    taps("form.ref button.primary.big")
    rows = page.locator("ol.tl > li[id]")

    def to_play():
        return page.locator("#tap label.next input[name=who]").get_attribute("value")

    def card(who, colour, kind):
        taps(f"#tap label:has(input[name=who][value='{who}'])")
        taps(f"#tap label:has(input[name=colour][value='{colour}'])")
        taps(f"#tap label:has(input[name=kind][value='{kind}'])")

    first = to_play()
    card(first, "red", "7")
    swap = page.locator("#swap button[name=swap]").first  # "swap with whom?": one tap
    expect(swap).to_be_visible()
    other = swap.get_attribute("value")
    swap.tap()
    expect(rows).to_have_count(1)
    expect(rows.nth(0)).to_contain_text(f"{first} {words['swapped']}")
    second = to_play()
    card(second, "red", "3")
    expect(rows).to_have_count(2)
    after = to_play()
    jumper = next(n for n in ("Ana", "Ben", "Cy", "Dee") if n not in (second, after))
    card(jumper, "red", "3")  # identical to the top card, out of turn
    expect(rows).to_have_count(3)
    expect(rows.nth(2)).to_have_class(re.compile(r"\bok\b"))
    expect(rows.nth(2)).to_contain_text(words["jumped"])
    lines = page.locator("#plays").input_value().splitlines()
    swap_word = "swap" if lang == "en" else "zamiana"
    assert lines == [f"{first} red-7 {swap_word} {other}", f"{second} red-3", f"{jumper} red-3"]
