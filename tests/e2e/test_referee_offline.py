"""The referee with no connection at all: every request to the server is cut (page loads as
well as taps, the service worker's own fetches included). The page opened before serves from
the phone; the set-up (who dealt, the card turned up) and the plays are tapped and kept, a
reload keeps them, and the verdicts come from the server once it answers again.
"Settle a dispute" opens the referee offline from any game."""
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_score_a_game import start_game

KEPT = {"en": "No connection: these plays are kept", "pl": "Brak połączenia: te zagrania"}
NOW = {"en": "Now: Cy to play.", "pl": "Teraz gra: Cy."}
NOT_THEIR_TURN = {"en": "Not their turn", "pl": "Nie w swojej kolejce"}


def cut(context, origin):
    """The Wi-Fi gone: every request to the server fails. Returns how many were tried."""
    tried = []

    def abort(route):
        tried.append(route.request.url)
        route.abort("internetdisconnected")

    context.route(re.compile("^" + re.escape(origin) + "/"), abort)
    return tried


def tap_card(taps, who, colour, kind):
    taps(f"#tap label:has(input[name=who][value='{who}'])")
    taps(f"#tap label:has(input[name=colour][value='{colour}'])")
    taps(f"#tap label:has(input[name=kind][value='{kind}'])")


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_set_up_and_plays_tapped_with_every_request_cut_are_judged_by_the_server_later(
        context, page, live_server, taps, lang):
    start_game(page, live_server, taps)  # Ana, Ben, Cy, Dee
    page.evaluate("navigator.serviceWorker.ready")
    game_id = page.url.rsplit("/", 1)[1]
    page.goto(f"{live_server}/referee?game={game_id}&lang={lang}")  # opened once, online
    expect(page.locator("#tap")).to_be_visible()  # the players are known: plays can be tapped
    tried = cut(context, live_server)
    page.reload()  # served from the phone: the page load itself fails
    expect(page.locator("h1")).to_have_text("Referee" if lang == "en" else "Arbiter")
    assert tried, "the reload never asked the server"
    page.select_option("#dealer", "Cy")  # the set-up: Cy dealt, so Dee plays first
    taps("[data-picker=start] label.c-red")
    taps("[data-picker=start] label:has(input[value='7'])")
    tap_card(taps, "Dee", "red", "3")
    tap_card(taps, "Ana", "blue", "3")
    tap_card(taps, "Cy", "blue", "5")  # Ben's turn: the first illegal play
    expect(page.locator("#kept")).to_be_visible()
    expect(page.locator("#kept")).to_contain_text(KEPT[lang])
    expect(page.locator("#plays")).to_have_value("Dee red-3\nAna blue-3\nCy blue-5")
    expect(page.locator("ol.tl > li[id]")).to_have_count(0)  # not judged: nothing guessed
    page.reload()  # still offline: everything tapped is kept
    expect(page.locator("#plays")).to_have_value("Dee red-3\nAna blue-3\nCy blue-5")
    expect(page.locator("#waiting")).to_have_text("Dee red-3 · Ana blue-3 · Cy blue-5")
    expect(page.locator("#dealer")).to_have_value("Cy")
    expect(page.locator("[data-picker=start] input[value=red]")).to_be_checked()
    expect(page.locator("[data-picker=start] input[value='7']")).to_be_checked()
    expect(page.locator("#kept")).to_be_visible()
    tap_card(taps, "Ben", "blue", "8")  # one more after the reload: Ben, in turn
    expect(page.locator("#plays")).to_have_value("Dee red-3\nAna blue-3\nCy blue-5\nBen blue-8")
    expect(page.locator("ol.tl > li[id]")).to_have_count(0)
    with page.expect_response(lambda r: r.url.endswith("/referee/form")
                              and r.request.method == "POST", timeout=15_000) as answer:
        context.unroute_all()  # the Wi-Fi is back: the kept taps go to the server
    assert answer.value.status == 200
    expect(page.locator("ol.tl > li[id]")).to_have_count(4)
    expect(page.locator("#kept")).to_be_hidden()
    expect(page.locator("#p3")).to_have_class("bad first")
    expect(page.locator("#p3")).to_contain_text(NOT_THEIR_TURN[lang])  # the server's words
    expect(page.locator("#result .verdict.first")).to_contain_text("3. Cy")
    expect(page.locator("#result")).to_contain_text(NOW[lang])
    expect(page.locator("ol.tl > li").first).to_contain_text("Cy")  # Cy dealt, as tapped


def test_settle_a_dispute_opens_offline_from_any_game(context, page, live_server, taps):
    start_game(page, live_server, taps)
    page.evaluate("navigator.serviceWorker.ready")
    expect(page.locator("text=Settle a dispute")).to_be_visible()
    tried = cut(context, live_server)
    try:
        taps("text=Settle a dispute")
        expect(page.locator("h1")).to_have_text("Referee")
        expect(page.locator("body")).not_to_contain_text("No connection, and this page")
        assert tried
        page.fill("#players", "Ana, Ben")  # the form is there to be filled in
    finally:
        context.unroute_all()


def test_a_challenge_tapped_offline_is_the_charged_players(context, page, live_server, taps):
    page.goto(live_server + "/referee?asked=1&players=Ana,Ben,Cy&start_colour=red&start_kind=7"
              "&plays=Ana+wild-draw4+blue")
    expect(page.locator("details.challenge")).to_have_attribute("data-by", "Ben")
    cut(context, live_server)
    taps("details.challenge summary")
    taps("details.challenge button[value=none]")  # the only tap: Ben's challenge
    expect(page.locator("#plays")).to_have_value("Ana wild-draw4 blue\nBen challenge")
    expect(page.locator("#waiting")).to_have_text("Ben challenge")
    expect(page.locator("details.challenge")).to_be_hidden()  # its play is no longer the last
    context.unroute_all()
    expect(page.locator("#p2")).to_contain_text("Innocent: Ben draws 6", timeout=10_000)
    expect(page.locator("#kept")).to_be_hidden()
