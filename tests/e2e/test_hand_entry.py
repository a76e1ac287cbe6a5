"""The hand entry page on a phone: drafts offered not applied, a Save that survives the Wi-Fi
going down, the active player's total in view while tapping, and the plain form without JS."""
import pathlib
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_score_a_game import record_hand, score_of, start_game

ARTIFACTS = pathlib.Path(__file__).resolve().parents[2] / "test-results"
PHONES = {
    "iphone13": None,  # the playwright device
    "320px": {"viewport": {"width": 320, "height": 568}, "screen": {"width": 320, "height": 568},
              "device_scale_factor": 2, "is_mobile": True, "has_touch": True},
}


@pytest.fixture(params=list(PHONES))
def phone(request, browser, playwright):
    """A new phone (browser context) of each size, service workers off so routes see every request."""
    contexts = []

    def make(**extra):
        size = PHONES[request.param] or {k: v for k, v in playwright.devices["iPhone 13"].items()
                                         if k != "default_browser_type"}
        context = browser.new_context(**size, service_workers="block", **extra)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


class Taps:
    def __init__(self, page):
        self.page = page

    def __call__(self, selector):
        self.page.locator(selector).first.tap()


def snap(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-{page.viewport_size['width']}.png"))


def new_phone(phone, live_server):
    context = phone()
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())  # "Leave?": yes
    taps = Taps(page)
    start_game(page, live_server, taps)
    return context, page, taps


def test_an_abandoned_draft_is_offered_never_applied(phone, live_server):
    context, page, taps = new_phone(phone, live_server)
    board = page.url
    taps("text=Record hand 1")
    taps("#seat-0 .out-toggle")
    for _ in range(4):
        taps('.key[data-kind="wild"]')
    page.goto(board)  # left with "Leave?" answered yes
    taps("text=Record hand 1")
    expect(page.locator(".draft-resume")).to_have_text("Resume the hand you started (4 cards)")
    expect(page.locator("#seat-1 .ncards")).to_have_text("0")
    expect(page.locator("input[name=out]:checked")).to_have_count(0)
    snap(page, "draft-offer")
    taps("#seat-0 .out-toggle")  # a new hand: the offer goes, the old draft is replaced
    expect(page.locator(".draft-offer")).to_be_hidden()
    for seat, kind in [(1, "1"), (2, "2"), (3, "3")]:
        taps(f"#seat-{seat} legend")
        taps(f'.key[data-kind="{kind}"]')
    taps("text=Save hand")
    expect(page.locator(".flash-ok")).to_contain_text("Hand 1 saved")
    assert score_of(page, "Ana") == 6  # only what was entered: no phantom Wilds
    expect(page.locator("#hand-1")).not_to_contain_text("Wild")
    taps("text=Record hand 2")
    expect(page.locator(".draft-offer")).to_be_hidden()  # the confirmed save dropped the draft


def test_a_draft_from_before_another_phone_saved_is_shown_stale(phone, live_server):
    context, page, taps = new_phone(phone, live_server)
    taps("text=Record hand 1")
    taps("#seat-0 .out-toggle")
    taps('.key[data-kind="wild"]')
    other = phone()  # a second scorekeeping phone, with its own storage
    other.add_cookies(context.cookies())
    other_page = other.new_page()
    other_page.goto(page.url)
    record_hand(other_page, Taps(other_page), 1, {0: ["5"], 2: ["5"], 3: ["5"]}, open_form=False)
    page.reload()
    expect(page.locator("h1")).to_have_text("Hand 2")
    expect(page.locator(".draft-text")).to_contain_text("hand 1 has since been saved on another phone")
    expect(page.locator(".draft-resume")).to_have_text("Use it as hand 2")
    expect(page.locator("#seat-1 .ncards")).to_have_text("0")
    taps(".draft-discard")
    expect(page.locator(".draft-offer")).to_be_hidden()
    page.reload()
    expect(page.locator(".draft-offer")).to_be_hidden()


def test_a_save_tapped_offline_arrives_once_when_the_connection_returns(phone, live_server):
    context, page, taps = new_phone(phone, live_server)
    taps("text=Record hand 1")
    taps("#seat-0 .out-toggle")
    taps('.key[data-kind="wild"]')
    taps(".next-player")
    taps('.key[data-kind="7"]')
    taps(".next-player")
    taps('.key[data-kind="skip"]')
    context.set_offline(True)
    taps("text=Save hand")
    expect(page.locator(".save-status")).to_contain_text("Not saved yet: will retry")
    expect(page.locator("#seat-1 .ncards")).to_have_text("1")  # the cards stay on screen
    snap(page, "keypad-not-saved")
    context.set_offline(False)  # the `online` event sends it again, same request_id
    expect(page.locator(".flash-ok")).to_contain_text("Hand 1 saved", timeout=10000)
    assert score_of(page, "Ana") == 50 + 7 + 20
    expect(page.locator("#hand-2")).to_have_count(0)
    expect(page.locator("text=Record hand 2")).to_be_visible()


def test_a_save_whose_answer_was_lost_is_recorded_once_on_retry(phone, live_server):
    context, page, taps = new_phone(phone, live_server)
    taps("text=Record hand 1")
    taps("#seat-0 .out-toggle")
    for seat, kind in [(1, "9"), (2, "9"), (3, "9")]:
        taps(f"#seat-{seat} legend")
        taps(f'.key[data-kind="{kind}"]')

    def lose_the_answer(route):
        route.fetch(max_redirects=0)  # the server records the hand ...
        route.abort("connectionreset")  # ... and the phone never hears back

    page.route(re.compile(r"/hands/new$"), lose_the_answer)
    taps("text=Save hand")
    expect(page.locator(".save-status")).to_contain_text("Not saved yet: will retry")
    page.unroute(re.compile(r"/hands/new$"))
    taps(".save-status .retry")
    expect(page.locator(".flash-ok").last).to_contain_text("Hand 1 was already saved")
    assert score_of(page, "Ana") == 27
    expect(page.locator("#hand-2")).to_have_count(0)


def boxes_clear(page, seat):
    """The active player's chips and total are on screen and above the sticky keypad."""
    tally = page.locator(f"#seat-{seat} .tally").bounding_box()
    keypad = page.locator(".keypad").bounding_box()
    height = page.viewport_size["height"]
    assert tally["y"] >= -1 and tally["y"] + tally["height"] <= keypad["y"] + 1, (tally, keypad)
    assert keypad["y"] + keypad["height"] <= height + 1
    save = page.locator(".keypad button[type=submit]").bounding_box()
    assert save["y"] + save["height"] <= height + 1  # Save reachable without scrolling


def test_the_running_total_stays_in_view_while_tapping(phone, live_server):
    context, page, taps = new_phone(phone, live_server)
    taps(".out-links a:text-is('Dee')")
    expect(page.locator("#seat-3 input[name=out]")).to_be_checked()
    for seat in range(3):
        for kind in ["7", "wild", "skip", "2", "draw2", "9"]:
            taps(f'.key[data-kind="{kind}"]')
            boxes_clear(page, seat)
        expect(page.locator(".active-total")).to_have_text("108")
        expect(page.locator(f"#seat-{seat} .total")).to_have_text("108")
        expect(page.locator(".active-ncards")).to_have_text("6")
        if seat < 2:
            taps(".next-player")
    expect(page.locator(".save-says")).to_have_text("Saving gives Dee +324.")


def test_the_plain_form_without_javascript_starts_empty(phone, live_server):
    context, page, taps = new_phone(phone, live_server)
    game_url = page.url
    plain = phone(java_script_enabled=False)
    plain.add_cookies(context.cookies())
    form = plain.new_page()
    form.goto(game_url + "/hands/new")
    box = form.locator("input[name=p1_7]")
    expect(box).to_have_value("")
    box.fill("9")
    form.locator("#seat-0 input[name=out]").check()
    form.locator("input[name=p2_1]").fill("1")
    form.locator("input[name=p3_1]").fill("1")
    form.locator("text=Save hand").click()
    error = form.locator("label.count", has=form.locator("input[name=p1_7]")).locator(".error")
    expect(error).to_have_text("The deck has 8 of these.")
    expect(form.locator("input[name=p1_7]")).to_have_value("9")
    expect(form.locator("input[name=p1_8]")).to_have_value("")
    form.locator("input[name=p1_7]").fill("2")
    form.locator("text=Save hand").click()
    expect(form.locator(".flash-ok")).to_contain_text("Hand 1 saved")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_keypad_screenshots(browser, playwright, live_server, scheme):
    ARTIFACTS.mkdir(exist_ok=True)
    for width, height in [(320, 568), (390, 664), (768, 1024)]:
        context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 700,
                                      has_touch=True, color_scheme=scheme, service_workers="block")
        page = context.new_page()
        taps = Taps(page)
        start_game(page, live_server, taps)
        taps(".out-links a:text-is('Ana')")
        for kind in ["7", "wild", "skip"]:
            taps(f'.key[data-kind="{kind}"]')
        taps(".next-player")
        taps('.key[data-kind="draw2"]')
        boxes_clear(page, 2)
        page.screenshot(path=str(ARTIFACTS / f"keypad-{width}-{scheme}.png"))
        context.close()


def test_a_retried_save_for_a_game_that_ended_meanwhile_says_so(phone, live_server):
    context = phone()
    page = context.new_page()
    taps = Taps(page)
    start_game(page, live_server, taps, target="20")
    taps(".out-links a:text-is('Ana')")
    for kind in ["1", "2", "3"]:
        taps(f'.key[data-kind="{kind}"]')
        taps(".next-player")
    context.set_offline(True)
    taps("text=Save hand")
    expect(page.locator(".save-status")).to_contain_text("Not saved yet: will retry")
    other = phone()  # meanwhile another phone records the hand that ends the game
    other.add_cookies(context.cookies())
    other_page = other.new_page()
    other_page.goto(page.url.split("/hands/")[0] + "/hands/new")
    record_hand(other_page, Taps(other_page), 1, {0: ["wild"], 2: ["5"], 3: ["5"]}, open_form=False)
    context.set_offline(False)
    expect(page.locator(".save-status")).to_contain_text("Not saved: This game is over", timeout=10000)
    expect(page.locator("#seat-1 .ncards")).to_have_text("1")  # the cards are still on screen
    expect(page.locator(".save-status .retry")).to_be_hidden()
    other_page.goto(page.url.split("/hands/")[0])
    expect(other_page.locator("#hand-2")).to_have_count(0)
