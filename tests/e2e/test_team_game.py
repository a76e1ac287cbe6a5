"""A team game on a phone, from a family table (issue 22): teams picked with taps beside the
roster, partners seated apart, hands recorded with the keypad, team totals on the scoreboard."""
import re

from playwright.sync_api import expect

from tests.e2e.test_score_a_game import record_hand


def team_tap(page, name: str, team: str) -> None:
    row = page.locator(".seat-row", has=page.locator("label.seat", has_text=name))
    row.locator(".team-taps label", has_text=team).tap()


def test_a_team_game_from_a_table_on_a_phone(page, live_server, taps):
    page.goto(live_server + "/tables/new")
    page.fill("#name", "Kitchen")
    taps("text=Create the table")
    expect(page.locator("h1")).to_have_text("Kitchen")
    table_url = page.url
    page.fill("#new", "Ana, Ben, Cy, Dee")  # a first game puts the family on the roster
    taps("text=Start the game")
    expect(page).to_have_url(re.compile(r"/games/[^/]+$"))
    page.goto(table_url)
    for name in ("Ana", "Cy"):
        page.locator("label.seat", has_text=name).tap()
    team_tap(page, "Ana", "1")
    team_tap(page, "Cy", "1")
    team_tap(page, "Ben", "2")  # a team tapped for someone not ticked yet ticks them
    expect(page.locator("label.seat", has_text="Ben").locator("input")).to_be_checked()
    page.locator("label.seat", has_text="Dee").tap()
    team_tap(page, "Dee", "2")
    taps("text=Start the game")
    expect(page).to_have_url(re.compile(r"/games/[^/]+$"))
    # Partners apart: Ana, Ben, Cy, Dee round the table.
    expect(page.locator(".out-links .button")).to_have_text(["Ana", "Ben", "Cy", "Dee"])
    # Ana goes out; Ben holds a Wild and a 7 (57), Cy a 5 (her partner's: counts for nobody),
    # Dee a Skip (20): Ana and Cy score 77.
    taps("text=/Record hand \\d+/")
    taps("#seat-0 .out-toggle")
    for seat, kinds in {1: ["wild", "7"], 2: ["5"], 3: ["skip"]}.items():
        taps(f"#seat-{seat} legend")
        for kind in kinds:
            taps(f'.key[data-kind="{kind}"]')
    expect(page.locator("#seat-2 legend")).to_have_text("Cy · Team 1")  # each seat names its team
    expect(page.locator(".active-name")).to_have_text("Dee")
    # What saving does, before it is done: the team gains the other team's cards, not Cy's.
    expect(page.locator(".save-says")).to_have_text("Saving gives Ana & Cy +77.")
    record_hand(page, taps, 0, {}, open_form=False)
    teams = page.locator("table.standings.teams tbody tr")
    expect(teams.nth(0).locator("th")).to_contain_text("Ana & Cy")
    expect(teams.nth(0).locator(".num")).to_have_text("77")
    expect(teams.nth(1).locator(".num")).to_have_text("0")
    expect(page.locator("#hand-1")).to_contain_text("+77 · 77")
    # Dee goes out next: Ana 3 and Cy 9 go to Ben and Dee (12).
    record_hand(page, taps, 3, {0: ["3"], 1: ["1"], 2: ["9"]})
    expect(teams.nth(1).locator(".num")).to_have_text("12")
    expect(page.locator("svg.chart text")).to_have_text(["Ana & Cy 77", "Ben & Dee 12"])


def test_the_keypad_says_what_each_team_is_charged_in_a_lowest_total_game(page, live_server, taps):
    page.goto(live_server + "/games/new")
    for n, (name, team) in enumerate((("Ana", "1"), ("Ben", "2"), ("Cy", "1"), ("Dee", "2"))):
        page.fill(f"#players-{n}", name)
        page.select_option(f"#teams-{n}", team)
    page.locator("input[name=scoring][value=lowest-total]").check()
    taps("text=Start the game")
    expect(page).to_have_url(re.compile(r"/games/[^/]+$"))
    taps("text=/Record hand \\d+/")
    taps("#seat-1 .out-toggle")  # Ben goes out; Dee is his partner
    for seat, kinds in {0: ["3"], 2: ["skip"], 3: ["9"]}.items():
        taps(f"#seat-{seat} legend")
        for kind in kinds:
            taps(f'.key[data-kind="{kind}"]')
    # Seats: partners apart, so Ana, Ben, Cy, Dee round the table as typed.
    expect(page.locator(".save-says")).to_have_text("Saving charges Ana & Cy +23 · Ben & Dee +9.")
