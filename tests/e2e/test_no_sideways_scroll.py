"""Nothing on a page may be wider than a small phone: at 320 px no page scrolls sideways,
in English or in Polish (whose words are longer), and the header keeps its links on one row."""
import pytest

from tests.e2e.test_score_a_game import record_hand, start_game

PAGES = ["/", "/games/new", "/rules/classic", "/judge", "/judge/play", "/tables/new", "/referee"]


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 320, "height": 640}}


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_no_page_scrolls_sideways_at_320_px(page, live_server, taps, lang):
    start_game(page, live_server, taps)
    record_hand(page, taps, 0, {1: ["7", "skip"], 2: ["wild"], 3: ["2"]})
    game = page.url
    wide, tall = {}, {}
    for path in PAGES + [game.removeprefix(live_server), game.removeprefix(live_server) + "/hands/new"]:
        page.goto(f"{live_server}{path}{'&' if '?' in path else '?'}lang={lang}")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 320:
            wide[path] = width
        header = page.evaluate("document.querySelector('header.top').offsetHeight")
        if header > 60:  # one row of 48 px links and its border; two rows are about 98
            tall[path] = header
    assert not wide, wide
    assert not tall, tall
