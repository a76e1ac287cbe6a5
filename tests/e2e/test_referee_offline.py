"""The referee with no connection: a tap is kept as a line of the plays (and survives a
reload), the page says so, and the plays are judged as soon as the server answers again.
"Settle a dispute" opens the referee offline from any game."""
import pytest
from playwright.sync_api import expect

from tests.e2e.test_referee import START, Table
from tests.e2e.test_score_a_game import start_game

KEPT = {"en": "No connection: these plays are kept", "pl": "Brak połączenia: te zagrania"}
NOW_CY = {"en": "Now: Cy to play.", "pl": "Teraz gra: Cy."}


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_taps_kept_offline_are_judged_when_the_server_answers_again(page, live_server, taps,
                                                                    lang):
    page.goto(live_server + START + f"&lang={lang}")
    table = Table(page, taps)
    table.card("Ana", "3", "red")  # online: judged at once
    blocked = lambda route: route.abort()  # noqa: E731
    page.route("**/referee/form?**", blocked)
    table.who("Ben")
    taps("#tap label:has(input[name=colour][value='blue'])")
    taps("#tap label:has(input[name=kind][value='3'])")  # Ben: blue 3 on red 3, legal
    table.who("Ana")
    taps("#tap label:has(input[name=colour][value='blue'])")
    taps("#tap label:has(input[name=kind][value='5'])")  # Ana out of turn: Cy's
    expect(page.locator("#kept")).to_be_visible()
    expect(page.locator("#kept")).to_contain_text(KEPT[lang])
    expect(page.locator("#plays")).to_have_value("Ana red-3\nBen blue-3\nAna blue-5")
    expect(page.locator("ol.tl > li[id]")).to_have_count(1)  # not judged yet: nothing guessed
    page.reload()  # the kept lines survive a reload
    expect(page.locator("#plays")).to_have_value("Ana red-3\nBen blue-3\nAna blue-5")
    expect(page.locator("#kept")).to_be_visible()
    page.unroute("**/referee/form?**", blocked)  # the server answers again: judged
    expect(page.locator("ol.tl > li[id]")).to_have_count(3, timeout=10_000)
    expect(page.locator("#kept")).to_be_hidden()
    expect(page.locator("#p3")).to_have_class("bad first")
    expect(page.locator("#result")).to_contain_text(NOW_CY[lang])


def test_settle_a_dispute_opens_offline_from_any_game(context, page, live_server, taps):
    start_game(page, live_server, taps)
    page.evaluate("navigator.serviceWorker.ready")
    expect(page.locator("text=Settle a dispute")).to_be_visible()
    context.set_offline(True)
    try:
        taps("text=Settle a dispute")
        expect(page.locator("h1")).to_have_text("Referee")
        expect(page.locator("body")).not_to_contain_text("No connection, and this page")
        page.fill("#players", "Ana, Ben")  # the form is there to be filled in
    finally:
        context.set_offline(False)
