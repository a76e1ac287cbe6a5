"""One truth on every phone (issue 17): two and three phones, the Back button and a flaky
connection never double, lose or overwrite a hand. After each step the stored game is read
through the API, not only the page."""
import re

from playwright.sync_api import expect

from tests.e2e.test_hand_entry import Taps, new_phone, snap
from tests.e2e.test_score_a_game import record_hand


def stored(page, live_server):
    game_id = re.search(r"/games/([A-Za-z0-9_-]{16})", page.url).group(1)
    return page.request.get(f"{live_server}/api/games/{game_id}").json()


def second_phone(phone, context, url):
    """Another scorekeeping phone at the same game (the keep-score rights, its own storage)."""
    other = phone()
    other.add_cookies(context.cookies())
    page = other.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(url)
    return other, page, Taps(page)


def count_boxes(page) -> int:
    """Cards in the keypad's count boxes, which are what a Save sends (hidden with JavaScript)."""
    return page.evaluate("""[...document.querySelectorAll('form.hand input[data-kind]')]
        .reduce((sum, box) => sum + Number(box.value || 0), 0)""")


def one_card_each(taps, out=0, kind="1"):
    taps(f"#seat-{out} .out-toggle")
    for seat in [s for s in range(4) if s != out]:
        taps(f"#seat-{seat} legend")
        taps(f'.key[data-kind="{kind}"]')


def test_back_after_a_save_never_lands_on_a_used_keypad(phone, live_server):
    context, page, taps = new_phone(phone, live_server)
    board = page.url
    record_hand(page, taps, 0, {1: ["wild"], 2: ["draw2"], 3: ["7"]})
    page.go_back()
    assert not page.url.endswith("/hands/new")  # the keypad replaced itself in history
    page.goto(board + "/hands/new")
    assert count_boxes(page) == 0
    one_card_each(taps, out=1)
    taps("text=Save hand")
    expect(page.locator(".flash-ok")).to_contain_text("Hand 2 saved")
    held = stored(page, live_server)["hands"][1]["held"]
    assert held == {"Ana": ["1"], "Ben": [], "Cy": ["1"], "Dee": ["1"]}  # +3, nothing of hand 1


def test_back_after_leaving_mid_entry_rebuilds_the_keypad_from_nothing(phone, live_server):
    context, page, taps = new_phone(phone, live_server)
    taps("text=Record hand 1")
    taps("#seat-0 .out-toggle")
    for kind in ["wild", "wild", "skip"]:
        taps(f'.key[data-kind="{kind}"]')
    page.locator("text=back to the scores").click()  # "Leave?": yes
    expect(page.locator("h1")).not_to_have_text("Hand 1")
    page.go_back()
    expect(page.locator(".draft-resume")).to_have_text("Resume the hand you started (3 cards)")
    assert count_boxes(page) == 0 and page.locator("input[name=out]:checked").count() == 0
    taps(".draft-discard")
    assert count_boxes(page) == 0
    one_card_each(taps)
    taps("text=Save hand")
    expect(page.locator(".flash-ok")).to_contain_text("Hand 1 saved")
    assert stored(page, live_server)["hands"][0]["held"] == {"Ana": [], "Ben": ["1"], "Cy": ["1"], "Dee": ["1"]}


def edit_while_another_phone_deletes(phone, live_server, edit, delete, kind):
    """Three hands; this phone opens hand `edit` and taps a card for Ana while a second phone
    deletes hand `delete`. Returns this phone's page and taps, and the hands as they were."""
    context, page, taps = new_phone(phone, live_server)
    for out in range(3):
        record_hand(page, taps, out, {s: ["5"] for s in range(4) if s != out})
    before = stored(page, live_server)["hands"]
    page.goto(page.url + f"/hands/{edit}/edit")
    taps("#seat-0 legend")
    taps(f'.key[data-kind="{kind}"]')
    other, other_page, other_taps = second_phone(phone, context, page.url.split("/hands/")[0] + f"/hands/{delete}/delete")
    other_taps("button.danger")
    expect(other_page.locator(".flash")).to_contain_text(f"Hand {delete} deleted")
    return page, taps, before


def test_editing_a_hand_another_phone_deleted_brings_it_back_with_my_changes(phone, live_server):
    page, taps, before = edit_while_another_phone_deletes(phone, live_server, 2, 2, "wild")
    assert [h["id"] for h in stored(page, live_server)["hands"]] == [before[0]["id"], before[2]["id"]]
    taps("text=Save hand")
    expect(page.locator(".conflict h2")).to_have_text("Hand 2 was deleted on another phone.")
    snap(page, "edit-after-delete")
    expect(page.locator(".conflict")).not_to_contain_text("Keep mine")
    taps("text=Bring it back with my changes")
    expect(page.locator(".flash-ok")).to_contain_text("Hand 2 is back, with your changes")
    hands = stored(page, live_server)["hands"]
    assert [h["id"] for h in hands] == [h["id"] for h in before]
    assert hands[1]["held"] == {"Ana": ["5", "wild"], "Ben": [], "Cy": ["5"], "Dee": ["5"]}
    assert hands[0] == before[0] and hands[2]["held"] == before[2]["held"]


def test_an_edit_of_a_hand_that_moved_changes_that_hand_only(phone, live_server):
    page, taps, before = edit_while_another_phone_deletes(phone, live_server, 3, 1, "skip")
    taps("text=Save hand")
    expect(page.locator(".flash-ok")).to_contain_text("Hand 3 saved; it is hand 2 now")
    hands = stored(page, live_server)["hands"]
    assert [h["id"] for h in hands] == [before[1]["id"], before[2]["id"]]
    assert hands[1]["held"]["Ana"] == ["5", "skip"] and hands[0]["held"] == before[1]["held"]


def test_undo_puts_a_deleted_hand_back_as_it_was(phone, live_server):
    context, page, taps = new_phone(phone, live_server)
    for out in range(3):
        record_hand(page, taps, out, {s: ["5"] for s in range(4) if s != out})
    board = page.url
    before = stored(page, live_server)
    page.goto(board + "/hands/2/delete")
    taps("button.danger")
    expect(page.locator("form.undo")).to_contain_text("Hand 2 deleted")
    assert len(stored(page, live_server)["hands"]) == 2
    snap(page, "undo")
    taps("form.undo button")
    expect(page.locator(".flash-ok")).to_contain_text("Hand 2 is back; the scores are as they were.")
    assert stored(page, live_server) == before


def block_saves(page):
    """The Wi-Fi drops for Saves only, so the phone can still move between pages."""
    page.route(re.compile(r"/hands/new$"), lambda route: route.abort("internetdisconnected")
               if route.request.method == "POST" else route.continue_())


def save_offline_then_open_the_board(phone, live_server):
    """Hand 1 saved while Saves cannot get through; then the phone goes to the scoreboard."""
    context, page, taps = new_phone(phone, live_server)
    board = page.url
    taps("text=Record hand 1")
    block_saves(page)
    one_card_each(taps, kind="9")
    taps("text=Save hand")
    expect(page.locator(".save-status")).to_contain_text("Not saved yet: will retry")
    page.goto(board)
    return context, page, taps, board


def test_an_offline_save_waits_on_every_page_and_is_sent_from_the_scoreboard(phone, live_server):
    context, page, taps, board = save_offline_then_open_the_board(phone, live_server)
    expect(page.locator(".outbox")).to_contain_text("Hands waiting to be sent from this phone: 1.")
    expect(page.locator("[data-sync]")).to_contain_text("a hand from this phone is waiting", timeout=5000)
    snap(page, "outbox-waiting")
    assert stored(page, live_server)["hands"] == []
    for elsewhere in ("/hands", "/share"):  # every page of the game says so
        page.goto(board + elsewhere)
        expect(page.locator(".outbox")).to_contain_text("Hands waiting to be sent from this phone: 1.")
    page.goto(board)
    page.unroute(re.compile(r"/hands/new$"))
    context.set_offline(True)
    context.set_offline(False)  # the connection is back: `online`
    expect(page.locator("#hand-1")).to_be_visible(timeout=10000)
    expect(page.locator(".outbox")).to_be_hidden()
    expect(page.locator("[data-sync]")).to_contain_text("synced")
    assert len(stored(page, live_server)["hands"]) == 1
    page.reload()
    assert len(stored(page, live_server)["hands"]) == 1


def test_a_hand_waiting_offline_that_another_phone_entered_is_asked_about(phone, live_server):
    context, page, taps, board = save_offline_then_open_the_board(phone, live_server)
    other, other_page, other_taps = second_phone(phone, context, board + "/hands/new")
    one_card_each(other_taps, kind="9")
    other_taps("text=Save hand")
    expect(other_page.locator(".flash-ok")).to_contain_text("Hand 1 saved")
    page.unroute(re.compile(r"/hands/new$"))  # the board's next poll finds the Wi-Fi back and sends it
    expect(page.locator(".outbox")).to_contain_text("One needs a look before it can be saved", timeout=10000)
    expect(page.locator(".outbox")).to_contain_text("Hand 1 was just saved on another phone")  # the question itself
    expect(page.locator(".outbox-answers button")).to_have_count(2)
    assert len(stored(page, live_server)["hands"]) == 1
    taps(".outbox-open")
    expect(page.locator(".conflict h2")).to_have_text(
        "Hand 1 was just saved on another phone with the same cards: is this the same hand?")
    taps("text=Same hand: keep the saved one")
    expect(page.locator(".flash-ok")).to_contain_text("Nothing was saved from this phone")
    expect(page.locator(".outbox")).to_be_hidden()
    assert len(stored(page, live_server)["hands"]) == 1


def test_the_same_hand_from_two_phones_is_stored_once(phone, live_server):
    context, page, taps = new_phone(phone, live_server)
    board = page.url
    taps("text=Record hand 1")
    other, other_page, other_taps = second_phone(phone, context, board + "/hands/new")
    one_card_each(taps, kind="7")
    one_card_each(other_taps, kind="7")
    taps("text=Save hand")
    expect(page.locator(".flash-ok")).to_contain_text("Hand 1 saved")
    other_taps("text=Save hand")
    expect(other_page.locator(".conflict h2")).to_contain_text("Hand 1 was just saved on another phone")
    snap(other_page, "same-hand")
    other_taps("text=Same hand: keep the saved one")
    expect(other_page.locator(".flash-ok")).to_be_visible()
    assert len(stored(page, live_server)["hands"]) == 1
    other_page.goto(board + "/hands/new")
    expect(other_page.locator(".draft-offer")).to_be_hidden()  # its copy is forgotten


def test_three_keepers_confirming_new_hands_store_three(phone, live_server):
    context, page, taps = new_phone(phone, live_server)
    board = page.url
    phones = [(page, taps)] + [second_phone(phone, context, board + "/hands/new")[1:] for _ in range(2)]
    page.goto(board + "/hands/new")
    for out, (p, t) in enumerate(phones):
        one_card_each(t, out=out, kind=str(out + 1))
    taps("text=Save hand")
    expect(page.locator(".flash-ok")).to_contain_text("Hand 1 saved")
    for number, (p, t) in enumerate(phones[1:], start=2):
        t("text=Save hand")
        expect(p.locator(".conflict h2")).to_contain_text("is this the same hand?")
        t(f"text=A new hand: save it as hand {number}")
        expect(p.locator(".flash-ok")).to_contain_text(f"Hand {number} saved")
    hands = stored(page, live_server)["hands"]
    assert [h["winner"] for h in hands] == ["Ana", "Ben", "Cy"] and len({h["id"] for h in hands}) == 3
    for p, _ in phones:
        p.goto(board)
        expect(p.locator("#hand-3")).to_be_visible()
        expect(p.locator("#hand-4")).to_have_count(0)
