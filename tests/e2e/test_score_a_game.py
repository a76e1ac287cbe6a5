"""A family scores a whole game on a phone, by tapping."""
import re

from playwright.sync_api import expect

PLAYERS = ["Ana", "Ben", "Cy", "Dee"]


def start_game(page, live_server, taps, target="300"):
    page.goto(live_server + "/")
    taps("text=New game")
    page.fill("#players-0", "Ana")
    page.fill("#players-1", "Ben")
    page.fill("#players-2", "Cy")
    page.fill("#players-3", "Dee")
    page.fill("#target", target)
    taps("text=Start the game")
    expect(page).to_have_url(re.compile(r"/games/[A-Za-z0-9_-]{16}$"))


def record_hand(page, taps, out, cards, open_form=True):
    """`cards` maps a seat to the keypad kinds tapped for that player; `open_form=False` when
    the hand form is already open."""
    if open_form:
        taps("text=/Record hand \\d+/")
    taps(f"#seat-{out} .out-toggle")
    for seat, kinds in cards.items():
        taps(f"#seat-{seat} legend")
        for kind in kinds:
            taps(f'.key[data-kind="{kind}"]')
    taps("text=Save hand")
    expect(page.locator(".flash-ok")).to_contain_text("saved")


def score_of(page, name):
    row = page.locator("table.standings tr", has=page.locator(f"th:text-is('{name}')"))
    return int(row.locator(".num").inner_text())


def test_a_whole_game_on_a_phone(page, live_server, taps):
    start_game(page, live_server, taps)
    hands = [
        (0, {1: ["7", "7", "skip", "wild"], 2: ["3", "draw2"], 3: ["9"]}),  # Ana +116
        (1, {0: ["5"], 2: ["reverse"], 3: ["wild-draw4"]}),                 # Ben +75
        (2, {0: ["1"], 1: ["2"], 3: ["3", "4"]}),                            # Cy +10
        (3, {0: ["0"], 1: ["skip"], 2: ["8"]}),                              # Dee +28
        (0, {1: ["6"], 2: ["6"], 3: ["6"]}),                                 # Ana +18
        (1, {0: ["draw2", "draw2"], 2: ["9"], 3: ["2"]}),                    # Ben +51
    ]
    for out, cards in hands:
        record_hand(page, taps, out, cards)
    assert [score_of(page, n) for n in PLAYERS] == [134, 126, 10, 28]
    expect(page.locator(".dealer")).to_have_text("Cy deals hand 7.")

    # Hand 2 was entered wrong: Dee held a Wild and a 5, not a Wild Draw Four.
    page.locator("#hand-2 a", has_text="Edit").tap()
    taps("#seat-3 .chips .card")          # tap the chip to take the card back out
    taps("#seat-3 legend")
    taps('.key[data-kind="wild"]')
    taps('.key[data-kind="5"]')
    expect(page.locator("#seat-3 .total")).to_have_text("55")
    taps("text=Save hand")
    assert score_of(page, "Ben") == 131

    # The other system, from the same cards.
    taps("text=Lowest total")
    assert [score_of(page, n) for n in PLAYERS] == [5 + 1 + 0 + 40, 84 + 2 + 20 + 6, 23 + 20 + 8 + 6 + 9, 9 + 55 + 7 + 6 + 2]
    taps("text=Winner takes points (this game)")

    # Play to the target and see the winner.
    record_hand(page, taps, 0, {1: ["wild", "wild"], 2: ["wild"], 3: ["wild-draw4"]})
    expect(page.locator(".over h2")).to_have_text("Ana wins!")
    assert page.locator("text=/Record hand/").count() == 0


def test_a_typical_hand_takes_one_tap_per_card_and_player(page, live_server, taps):
    start_game(page, live_server, taps)
    before = taps.count
    taps(".out-links a:text-is('Cy')")  # Cy went out, tapped on the scoreboard; the keypad starts on Ana
    for kind in ["7", "7", "skip", "wild", "3"]:
        taps(f'.key[data-kind="{kind}"]')
    taps("#seat-1 legend")
    for kind in ["2", "draw2", "9", "9", "0"]:
        taps(f'.key[data-kind="{kind}"]')
    taps("#seat-3 legend")
    for kind in ["wild-draw4", "1", "reverse", "4", "8"]:
        taps(f'.key[data-kind="{kind}"]')
    expect(page.locator("#seat-0 .total")).to_have_text("87")
    expect(page.locator("#seat-0 .ncards")).to_have_text("5")
    taps("text=Save hand")
    used = taps.count - before
    assert used <= 15 + 4, used  # N cards + 4: who went out, two "next player" taps, Save
    assert score_of(page, "Cy") == 87 + 40 + 83


def test_the_keypad_refuses_cards_the_deck_does_not_have(page, live_server, taps):
    start_game(page, live_server, taps)
    taps("text=Record hand 1")
    taps("#seat-0 .out-toggle")
    for _ in range(5):
        taps('.key[data-kind="wild"]')
    expect(page.locator("#seat-1 .ncards")).to_have_text("4")
    expect(page.locator(".keypad-msg")).to_have_text("The deck has no more of that card.")
    taps(".key.undo")
    expect(page.locator("#seat-1 .ncards")).to_have_text("3")
