"""A whole evening without Wi-Fi (issue 37): EVERY request to the server is aborted (pages,
saves, polls and the service worker's own fetches), on a phone-sized browser whose storage
(outbox, service worker, kept pages) survives being closed. Five hands are entered offline in
a row, from the kept scoreboard's Record, its "Went out" buttons and a reload of the keypad;
a mistaken Save that would be refused is caught before it is queued; the browser is closed and
reopened while still offline; meanwhile another phone saves the first waiting hand's number
and a third deletes it. When the Wi-Fi is back, that hand's question is asked once, on the page
open, and every hand is stored exactly once, in order, with the dealer the keypad showed."""
import os
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import CHROMIUM, CHROMIUM_FLAGS
from tests.e2e.test_score_a_game import record_hand, start_game
from tests.e2e.test_two_phones import Taps

WORDS = {
    "en": {"record": "Record hand {n}", "deals": "{name} deals hand {n}.", "hand": "Hand {n}",
           "dealt": "{name} dealt", "need_out": "Tap the player who went out.",
           "need_cards": "Tap the cards left in {name}'s hand, or type their total.",
           "question": "Hand 3 was saved on another phone after this one was entered, then deleted there",
           "waiting": "Hands waiting to be sent from this phone: {n}."},
    "pl": {"record": "Wpisz rozdanie {n}", "deals": "W rozdaniu {n} rozdaje {name}.", "hand": "Rozdanie {n}",
           "dealt": "Rozdający: {name}", "need_out": "Stuknij gracza, który skończył.",
           "need_cards": "Stuknij karty, które zostały w ręce ({name}), albo wpisz ich sumę.",
           "question": "Rozdanie 3 zapisano na innym telefonie już po wpisaniu tego",
           "waiting": "Rozdania czekające na wysłanie z tego telefonu: {n}."},
}
PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
# The offline hands: (how the keypad is opened, who went out, the card each other player held)
OFFLINE = [("record", 0, "7"), ("went-out", 1, "skip"), ("record", 2, "wild"),
           ("reload", 3, "draw2"), ("went-out", 0, "5")]


def phone_size(playwright):
    return {k: v for k, v in playwright.devices["iPhone 13"].items() if k != "default_browser_type"}


def open_phone(playwright, profile, server, cut):
    """The keeper's phone: its own browser profile on disk (kept when it is closed), its page
    (confirm dialogs accepted) and the taps on it."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_FLAGS, service_workers="allow",
        **phone_size(playwright))
    if cut:
        wifi_off(context, server)
    page = context.pages[0] if context.pages else context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    return context, page, Taps(page)


CUT = []  # what the phone asked of the server while the Wi-Fi was gone


def wifi_off(context, server):
    def drop(route):
        CUT.append((route.request.method, route.request.url))
        route.abort("internetdisconnected")
    context.route(re.compile("^" + re.escape(server) + "/"), drop)


def text(lang, key, **values):
    return WORDS[lang][key].format(**values)


def enter_offline(page, taps, lang, board, how, out, card, number, mistake=None, first=3):
    """Opens the keypad for hand `number` the way the family did, and enters it."""
    if how == "record":
        expect(page.locator(".record-hand")).to_have_text(text(lang, "record", n=number))
        taps(".record-hand")
    elif how == "went-out":
        taps(f'.out-links a:text-is("{PLAYERS[out]}")')
    else:  # the keypad reloaded (the phone woke up on it)
        taps(".record-hand")
        expect(page.locator("form.hand")).to_be_visible()
        page.reload()
    expect(page.locator("h1")).to_have_text(text(lang, "hand", n=number))
    dealer = page.locator(".dealt").inner_text()  # compared with the dealer stored at the end
    assert page.evaluate("[...document.querySelectorAll('form.hand input[data-kind]')].every((b) => !b.value)")
    assert page.locator('input[name="out"]:checked').count() == (1 if how == "went-out" else 0)
    if number > first:  # says which hands wait
        expect(page.locator(".outbox li")).to_have_count(number - first)
    if mistake == "empty":  # Save before anything is tapped: said at once, nothing queued
        waiting = page.evaluate("outboxKeys().length")
        taps("text=/Save hand|Zapisz rozdanie/")
        expect(page.locator(".save-status")).to_be_visible()
        expect(page.locator(".save-status")).to_contain_text(text(lang, "need_out"))
        assert page.evaluate("outboxKeys().length") == waiting
    if how != "went-out":
        taps(f"#seat-{out} .out-toggle")
    others = [seat for seat in range(4) if seat != out]
    for seat in others[:-1]:
        taps(f"#seat-{seat} legend")
        taps(f'.key[data-kind="{card}"]')
    if mistake == "cards":  # the last player's cards forgotten: said before it is queued
        waiting = page.evaluate("outboxKeys().length")
        taps("text=/Save hand|Zapisz rozdanie/")
        expect(page.locator(".save-status")).to_contain_text(text(lang, "need_cards", name=PLAYERS[others[-1]]))
        assert page.evaluate("outboxKeys().length") == waiting
    taps(f"#seat-{others[-1]} legend")
    taps(f'.key[data-kind="{card}"]')
    taps("text=/Save hand|Zapisz rozdanie/")
    expect(page).to_have_url(board)  # back on the board kept on the phone
    expect(page.locator(".outbox li")).to_have_count(number - first + 1)
    return dealer


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_an_evening_without_wifi_stores_every_hand_once_in_order(playwright, browser, live_server, tmp_path, lang):
    profile = tmp_path / "phone-a"
    CUT.clear()
    a, page, taps = open_phone(playwright, profile, live_server, cut=False)
    start_game(page, live_server, taps, target="5000")
    board = page.url
    record_hand(page, taps, 0, {1: ["1"], 2: ["2"], 3: ["3"]})
    record_hand(page, taps, 1, {0: ["4"], 2: ["5"], 3: ["6"]})
    page.goto(board + f"?lang={lang}")  # the family's language from here on
    page.goto(board)
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()  # controlled by the service worker, which keeps the board and the keypad
    page.wait_for_function("""async () => { const kept = await caches.match(location.pathname + "/hands/new");
        return kept && (await kept.text()).includes(`<html lang="${document.documentElement.lang}"`); }""")
    keeper_cookies = a.cookies()

    wifi_off(a, live_server)
    dealers = {}
    for number, (how, out, card) in enumerate(OFFLINE[:3], start=3):
        mistake = {4: "cards", 5: "empty"}.get(number)
        dealers[number] = enter_offline(page, taps, lang, board, how, out, card, number, mistake)
    expect(page.locator(".record-hand")).to_have_text(text(lang, "record", n=6))
    expect(page.locator(".dealer")).to_have_text(text(lang, "deals", name=PLAYERS[1], n=6))  # Ana dealt hand 1
    expect(page.locator(".outbox-text")).to_contain_text(text(lang, "waiting", n=3))
    a.close()  # the browser closed, still without Wi-Fi

    # Meanwhile another phone saves hand 3 and a third phone deletes it.
    size = phone_size(playwright)
    b = browser.new_context(**size, service_workers="block")
    b.add_cookies(keeper_cookies)
    page_b = b.new_page()
    page_b.goto(board + "/hands/new?lang=en")
    record_hand(page_b, Taps(page_b), 2, {0: ["9"], 1: ["9"], 3: ["9"]}, open_form=False)
    c = browser.new_context(**size, service_workers="block")
    c.add_cookies(keeper_cookies)
    page_c = c.new_page()
    page_c.goto(board + "/hands/3/delete?lang=en")
    page_c.locator("button.danger").click()
    expect(page_c.locator(".flash-ok")).to_contain_text("Hand 3 deleted")

    a, page, taps = open_phone(playwright, profile, live_server, cut=True)
    page.goto(board)  # from the phone's own copy
    expect(page.locator(".outbox li")).to_have_count(3)
    for number, (how, out, card) in enumerate(OFFLINE[3:], start=6):
        dealers[number] = enter_offline(page, taps, lang, board, how, out, card, number)
    assert page.evaluate("outboxKeys().length") == 5

    # the service worker's own fetches were cut too (the keypad's address, as it asked the network)
    assert ("GET", board + "/hands/new") in CUT and any(m == "POST" for m, _ in CUT)
    questions = []
    a.on("response", lambda r: r.status == 409 and questions.append(r.url))
    a.unroute(re.compile("^" + re.escape(live_server) + "/"))  # the Wi-Fi is back
    expect(page.locator(".outbox-text")).to_contain_text(text(lang, "question"), timeout=15000)
    answers = page.locator(".outbox-answers button")
    expect(answers).to_have_count(2)
    assert page.evaluate("outboxKeys().length") == 5  # nothing stored before it is answered
    shoot(page, f"board-question-{lang}")
    answers.first.click()  # "Save it as hand 3"
    expect(page.locator(".outbox")).to_be_hidden(timeout=20000)
    expect(page.locator("#hand-7")).to_be_visible(timeout=10000)
    assert len(questions) == 1  # asked once

    hands = page.request.get(board.replace("/games/", "/api/games/")).json()["hands"]
    assert [h["number"] for h in hands] == [1, 2, 3, 4, 5, 6, 7]
    for number, (how, out, card) in enumerate(OFFLINE, start=3):
        saved = hands[number - 1]
        assert saved["winner"] == PLAYERS[out], number
        assert all(saved["held"][name] == ([] if seat == out else [card]) for seat, name in enumerate(PLAYERS)), number
        assert dealers[number] == text(lang, "dealt", name=saved["dealer"]), number
    a.close()
    b.close()
    c.close()


def shoot(page, name):
    """Screenshots for a person to look at (SCOREKEEPER_SHOTS=<folder>): 320, 390 and 768 px,
    light and dark."""
    folder = os.environ.get("SCOREKEEPER_SHOTS")
    if not folder:
        return
    size = page.viewport_size
    for width in (320, 390, 768):
        for scheme in ("light", "dark"):
            page.set_viewport_size({"width": width, "height": 844})
            page.emulate_media(color_scheme=scheme)
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=f"{folder}/{name}-{width}-{scheme}.png")
    page.set_viewport_size(size)
    page.emulate_media(color_scheme="light")


def test_a_refused_hand_says_why_holds_nothing_back_and_is_fixed_in_place(playwright, live_server, tmp_path):
    """Hands queued by an app that let a bad Save through (an earlier version): the server
    refuses them; each says why with Fix it and Discard, the hand behind them is stored, and
    the fixed one is stored once, under its own request id."""
    a, page, taps = open_phone(playwright, tmp_path / "phone", live_server, cut=False)
    start_game(page, live_server, taps, target="5000")
    board = page.url
    record_hand(page, taps, 0, {1: ["1"], 2: ["2"], 3: ["3"]})
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()
    page.wait_for_function("async () => !!(await caches.match(location.pathname + '/hands/new'))")
    wifi_off(a, live_server)
    for number, (how, out, card) in enumerate(OFFLINE[:3], start=2):
        enter_offline(page, taps, "en", board, how, out, card, number, first=2)
    taps(".record-hand")
    shoot(page, "keypad-3-waiting")
    page.goto(board)
    shoot(page, "board-3-waiting")
    broken = page.evaluate("""() => outboxKeys().filter((k, i) => i !== 1).map((k) => {
        const entry = JSON.parse(localStorage.getItem(k));  // Dee's cards dropped
        entry.fields = entry.fields.filter(([name]) => !name.startsWith("p3_"));
        localStorage.setItem(k, JSON.stringify(entry));
        return [k, new Map(entry.fields).get("request_id")];
    })""")
    a.unroute(re.compile("^" + re.escape(live_server) + "/"))
    refused = page.locator(".outbox li.refused")
    expect(refused).to_have_count(2, timeout=15000)
    expect(refused.first).to_contain_text("Not saved: Tap the cards left in Dee's hand")
    expect(refused.first.locator("text=Fix it")).to_be_visible()
    expect(refused.first.locator("text=Discard")).to_be_visible()
    api = board.replace("/games/", "/api/games/")
    expect(page.locator("#hand-2")).to_be_visible(timeout=10000)  # the hand behind went on
    # only refused hands left: they wait for the keeper, not the connection
    expect(page.locator("[data-sync]")).to_contain_text("Live: synced", timeout=10000)
    shoot(page, "board-refused")
    refused.nth(1).locator("text=Discard").click()
    expect(refused).to_have_count(1)
    refused.first.locator("text=Fix it").click()
    expect(page.locator(".save-status")).to_contain_text("Not saved: Tap the cards left in Dee's hand")
    shoot(page, "keypad-fix-it")
    taps("#seat-3 legend")
    taps('.key[data-kind="7"]')
    taps("text=Save hand")
    expect(page).to_have_url(board)
    expect(page.locator(".outbox")).to_be_hidden()
    hands = page.request.get(api).json()["hands"]
    assert [h["winner"] for h in hands] == ["Ana", "Ben", "Ana"]  # hand 1, the one behind, the fixed one
    assert hands[2]["id"] == broken[0][1] and hands[2]["held"]["Dee"] == ["7"]  # same request: one hand
    a.close()


def test_ten_hands_waiting_the_keypad_still_opens_blank_numbered_and_dealt(playwright, live_server, tmp_path):
    """1, 2, 5 and 10 hands waiting (the journey above goes to 5): the tenth still opens from
    the kept copy, numbered 13 with its dealer, and the ten are stored in order once back."""
    a, page, taps = open_phone(playwright, tmp_path / "phone", live_server, cut=False)
    start_game(page, live_server, taps, target="100000")
    board = page.url
    record_hand(page, taps, 0, {1: ["1"], 2: ["2"], 3: ["3"]})
    record_hand(page, taps, 1, {0: ["4"], 2: ["5"], 3: ["6"]})
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()
    page.wait_for_function("async () => !!(await caches.match(location.pathname + '/hands/new'))")
    wifi_off(a, live_server)
    played = []
    for number in range(3, 13):
        how = ("record", "went-out", "reload")[number % 3]
        out, card = number % 4, str(number % 10)
        if number in (3, 4, 7, 12):  # 0, 1, 4 and 9 waiting as it opens; the board counts them too
            dealer = enter_offline(page, taps, "en", board, how, out, card, number)
            assert dealer == f"{PLAYERS[(number - 1) % 4]} dealt"
        else:
            enter_offline(page, taps, "en", board, how, out, card, number)
        played.append((out, card))
    expect(page.locator(".record-hand")).to_have_text("Record hand 13")
    expect(page.locator(".dealer")).to_have_text(f"{PLAYERS[12 % 4]} deals hand 13.")
    a.unroute(re.compile("^" + re.escape(live_server) + "/"))
    expect(page.locator(".outbox")).to_be_hidden(timeout=30000)
    hands = page.request.get(board.replace("/games/", "/api/games/")).json()["hands"]
    assert [h["number"] for h in hands] == list(range(1, 13))
    for saved, (out, card) in zip(hands[2:], played):
        assert saved["winner"] == PLAYERS[out]
        assert all(saved["held"][name] == ([] if seat == out else [card]) for seat, name in enumerate(PLAYERS))
    a.close()
