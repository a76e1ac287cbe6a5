"""The referee on a phone: every tap asks the server, which answers the form the page swaps in.
A 12-play dispute with one challenge, tapped and counted; a typed line then a tap; a challenge
both ways, each one tap on the Challenge tile (the server knows who was charged); the first
illegal play's verdict on screen after the last tap; English and Polish."""
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_score_a_game import start_game

START = "/referee?asked=1&players=Ana,Ben,Cy&start_colour=red&start_kind=7"
FIRST = {"en": "The first illegal play: 2. Cy", "pl": "Pierwsze niedozwolone zagranie: 2. Cy"}


class Table:
    """Taps one play at a time, waiting for the server's timeline to hold it."""

    def __init__(self, page, taps):
        self.page, self.taps, self.plays = page, taps, 0

    def _played(self):
        self.plays += 1
        expect(self.page.locator("ol.tl > li[id]")).to_have_count(self.plays)

    def who(self, name):
        self.taps(f"#tap label:has(input[name=who][value='{name}'])")

    def card(self, who, kind, colour=None):
        self.who(who)
        if colour:
            self.taps(f"#tap label:has(input[name=colour][value='{colour}'])")
        self.taps(f"#tap label:has(input[name=kind][value='{kind}'])")
        self._played()

    def draw(self, who):
        self.who(who)
        self.taps("#tap button[name=add][value^=draw]")
        self._played()

    def challenge(self, held):
        """The Challenge tile, opened, then its card: no player tapped."""
        self.taps("details.challenge summary")
        self.taps(f"details.challenge button[value='{held}']")
        self._played()


def row(page, num):
    return page.locator(f"#p{num}")


def test_a_twelve_play_dispute_with_a_challenge_by_taps_alone(page, live_server, taps):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_server + START)
    table = Table(page, taps)
    table.card("Ana", "3", "red")
    table.draw("Ben")
    table.card("Cy", "9", "red")
    table.card("Ana", "9", "blue")
    table.card("Ben", "skip", "blue")  # Cy is skipped
    table.card("Ana", "2", "blue")
    table.card("Ben", "wild-draw4", "green")  # called green, with a blue card in hand
    table.challenge("blue-5")  # the disputed play, Cy's: Ben held blue, the colour in play
    verdict = page.locator("#result .verdict")
    expect(verdict).to_contain_text("Guilty: Ben draws 4")
    expect(verdict).to_be_in_viewport(ratio=1)  # on screen without scrolling, at 390 x 844
    table.card("Cy", "4", "green")
    table.draw("Ana")
    table.card("Ben", "7", "green")
    table.card("Ana", "7", "yellow")  # Cy's turn: the referee catches it
    assert taps.count == 3 * 9 + 2 + 2 * 2  # 9 cards played, the challenge, 2 draws: 33
    assert page.locator("#plays").input_value().splitlines() == [
        "Ana red-3", "Ben draw", "Cy red-9", "Ana blue-9", "Ben blue-skip", "Ana blue-2",
        "Ben wild-draw4 green", "Cy challenge blue-5", "Cy green-4", "Ana draw", "Ben green-7",
        "Ana yellow-7"]
    expect(row(page, 5)).to_contain_text("Cy is skipped")  # every row keeps its explanation
    expect(row(page, 8)).to_contain_text("Guilty: Ben draws 4")
    expect(row(page, 12)).to_have_class(re.compile(r"\bbad first\b"))
    expect(row(page, 12)).to_contain_text("Not their turn")
    expect(page.locator("#result")).to_contain_text("Now: Cy to play.")
    expect(page.locator("#result .verdict")).to_be_in_viewport(ratio=1)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert "plays=Ana+red-3" in page.url  # the address follows: a reload shows the same
    page.reload()
    expect(page.locator("ol.tl > li[id]")).to_have_count(12)


def test_a_typed_line_then_a_tap_and_an_innocent_challenge_in_polish(page, live_server, taps):
    page.goto(live_server + START + "&lang=pl")
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    page.fill("#plays", "Ana wild-draw4 blue")  # typed: nothing a tap does drops it
    table = Table(page, taps)
    table.who("Ben")
    taps("#tap button[value=draw]")  # Ben draws instead of challenging: charged already
    expect(page.locator("ol.tl > li[id]")).to_have_count(2)
    assert page.locator("#plays").input_value().splitlines() == ["Ana wild-draw4 blue",
                                                                "Ben dobiera"]
    expect(row(page, 2)).to_contain_text("Nie w swojej kolejce")
    taps("#tap button[value=undo]")
    expect(page.locator("ol.tl > li[id]")).to_have_count(1)
    table.plays = 1
    table.challenge("none")  # Ben's, innocent: Ben draws 6
    expect(page.locator("#result .verdict")).to_contain_text("Niewinny: Ben dobiera 6")
    expect(page.locator("#result")).to_contain_text("Teraz gra: Cy.")
    assert "Not guilty" not in page.locator("body").inner_text()


def test_from_a_game_the_table_is_filled_in(page, live_server, taps):
    start_game(page, live_server, taps)
    taps("text=Settle a dispute")
    expect(page.locator("#players")).to_have_value("Ana, Ben, Cy, Dee")  # from the game
    page.select_option("#dealer", "Dee")
    taps("[data-picker=start] label.c-red")
    taps("[data-picker=start] label:has-text('7')")
    taps("button.big:has-text('Replay')")
    expect(page.locator("#result")).to_contain_text("Now: Ana to play.")
    expect(page.locator("#tap label.next")).to_contain_text("Ana")
    expect(page.locator("#tap input:checked")).to_have_count(0)  # marked, never chosen


def test_a_cited_rule_opens_on_the_rules_page(page, live_server, taps):
    page.goto(live_server + "/referee?asked=1&players=Ana,Ben&start_colour=red&start_kind=7"
              "&plays=Ana+red-reverse")
    row_ = page.locator("#p1")
    expect(row_).to_contain_text("acts as a Skip")
    row_.locator("a:has-text('Playing with two')").tap()
    expect(page).to_have_url(re.compile(r"/rules/classic#two-players$"))


def in_viewport(page, selector):
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] \
        and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_first_illegal_plays_verdict_is_on_screen_after_the_last_tap(page, live_server,
                                                                          taps, lang):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_server + START + f"&lang={lang}")
    table = Table(page, taps)
    table.card("Ana", "3", "red")
    table.card("Cy", "5", "red")  # Ben's turn: the first illegal play, the 2nd
    for who, number in [("Ben", "5"), ("Cy", "6"), ("Ana", "6"), ("Ben", "8"), ("Cy", "8"),
                        ("Ana", "9"), ("Ben", "9"), ("Cy", "4"), ("Ana", "4")]:
        table.card(who, number, "red")
    first = page.locator("#result .verdict.first")
    expect(first).to_contain_text(FIRST[lang])
    expect(first).to_contain_text("2. Cy")
    assert in_viewport(page, "#result .verdict.first")  # no scrolling at 390 x 844
    assert not in_viewport(page, "#p2")  # its row in the timeline is further down
    first.locator("a").tap()  # and it leads to that row
    expect(page.locator("#p2")).to_be_in_viewport()


def test_a_tap_from_a_page_whose_form_token_has_expired_still_counts(page, live_server, taps):
    page.goto(live_server + START + "&plays=Ana+red-3")
    page.evaluate("document.querySelector('input[name=csrf_token]').value = 'from-last-week'")
    table = Table(page, taps)
    table.plays = 1
    table.card("Ben", "5", "red")  # refused once (400), sent again with this session's token
    assert page.locator("#plays").input_value().splitlines() == ["Ana red-3", "Ben red-5"]
    expect(page.locator("#result")).to_contain_text("Now: Cy to play.")
