"""An evening at a family table (issue 28): winner takes points, then a rematch in lowest total
with another deck and a house rule, then a team game; the league checked on the page against
arithmetic done here; and the table's screen, in a second browser, following all three games."""
import re

from playwright.sync_api import expect

from tests.e2e.test_score_a_game import record_hand

FAMILY = ["Ana", "Ben", "Cy", "Dee"]


def settings(page, edition, scoring, target, zero_counts_ten=False):
    page.locator("details.game-settings > summary").tap()
    page.locator(f'input[name="edition"][value="{edition}"]').check()
    page.locator(f'input[name="scoring"][value="{scoring}"]').check()
    page.fill("#target", str(target))
    page.locator("#zero_counts_ten").set_checked(zero_counts_ten)


def tap_seats(page, names, teams=None):
    for name in names:
        if teams:  # a team tap also ticks the player, in the order tapped
            page.locator(f'label:has(> input[name="team:{name}"][value="{teams[name]}"])').tap()
        else:
            page.locator("label.seat", has_text=name).tap()


def league_rows(page, system):
    """(rank, name, tied, text) per row of one system's standing, as the page shows it."""
    block = page.locator("ol.league").nth(0 if system == "Winner takes points" else 1)
    expect(page.locator("h3.league-system").nth(0 if system == "Winner takes points" else 1)).to_contain_text(system)
    rows = []
    for item in block.locator("li").all():
        rows.append((item.get_attribute("value"), item.locator("strong").inner_text(),
                     item.locator(".tied").count() == 1, item.inner_text()))
    return rows


def test_an_evening_at_a_table_followed_on_its_screen(browser, page, live_server, taps):
    page.goto(live_server + "/tables/new")
    page.fill("#name", "Evening")
    taps("text=Create the table")
    expect(page.locator("h1")).to_have_text("Evening")
    table_url = page.url
    # game 1: winner takes points to 50, classic deck
    page.fill("#new", ", ".join(FAMILY))
    settings(page, "classic", "winner-takes-points", 50)
    taps("text=Start the game")
    expect(page).to_have_url(re.compile(r"/games/[^/]+$"))

    screen = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    screen.goto(table_url + "/live")
    expect(screen.locator(".table-live h1")).to_contain_text("Winner takes points")
    record_hand(page, taps, 0, {1: ["wild"], 2: ["7"], 3: ["1"]})  # Ana 50 + 7 + 1 = 58: over
    expect(screen.locator(".live-over")).to_contain_text("Ana wins!")
    expect(screen.locator(".live-totals tbody tr").first).to_contain_text("58")

    # game 2: the same family, lowest total to 30, Diary of a Wimpy Kid's deck, 0 counts as 10
    page.goto(table_url)
    expect(page.locator("details.game-settings summary")).to_contain_text("to 50")  # as the last game
    tap_seats(page, FAMILY)
    settings(page, "wimpy-kid", "lowest-total", 30, zero_counts_ten=True)
    taps("text=Start the game")
    expect(page.locator(".meta").first).to_contain_text("0 counts as 10")
    record_hand(page, taps, 1, {0: ["0", "9"], 2: ["wild"], 3: ["2"]})  # Ana 10 + 9, Cy 50, Dee 2
    expect(screen.locator(".table-live h1")).to_contain_text("Lowest total")
    expect(screen.locator(".live-over")).to_contain_text("Ben wins!")
    ana = screen.locator(".live-totals tbody tr", has_text="Ana")
    expect(ana.locator("td").first).to_have_text("19")  # the house rule applied

    # game 3: teams Ana & Cy against Ben & Dee, winner takes points to 40, classic deck
    page.goto(table_url)
    tap_seats(page, FAMILY, teams={"Ana": 1, "Ben": 2, "Cy": 1, "Dee": 2})
    settings(page, "classic", "winner-takes-points", 40)
    taps("text=Start the game")
    expect(screen.locator(".live-totals tbody tr")).to_have_count(2)  # one line per team
    record_hand(page, taps, 2, {0: ["3"], 1: ["skip"], 3: ["draw2"]})  # Cy's team: 20 + 20 = 40
    expect(screen.locator(".live-over")).to_contain_text("Ana and Cy win!")
    expect(screen.locator(".live-totals tbody tr").first).to_contain_text("40")
    screen.context.close()

    # The league, by hand. Winner takes points (games 1 and 3): Ana won both; Cy won game 3
    # with her; Ben and Dee none, so they share 3rd. Points: Ana's 58 from game 1; the team's 40
    # is the team's, added to nobody. Lowest total (game 2): Ben won (0 points); Ana 19, Cy 50,
    # Dee 2, all 0 of 1, sharing 2nd, listed by those points (fewer first).
    page.goto(table_url)
    wtp = league_rows(page, "Winner takes points")
    assert [(rank, name, tied) for rank, name, tied, _ in wtp] == [
        ("1", "Ana", False), ("2", "Cy", False), ("3", "Ben", True), ("3", "Dee", True)]
    assert "won 2 of 2" in wtp[0][3] and "points: 58 (not counting 1 team game)" in wtp[0][3]
    assert "won 1 of 2" in wtp[1][3] and "points: 0" in wtp[1][3]
    lowest = league_rows(page, "Lowest total")
    assert [(rank, name, tied) for rank, name, tied, _ in lowest] == [
        ("1", "Ben", False), ("2", "Dee", True), ("2", "Ana", True), ("2", "Cy", True)]
    points = {name: re.search(r"points: (\d+)", text)[1] for _, name, _, text in lowest}
    assert points == {"Ben": "0", "Ana": "19", "Cy": "50", "Dee": "2"}
    expect(page.locator("#league")).to_contain_text("lower is better")
    # stats: three finished games each, nothing in progress
    expect(page.locator("tr", has=page.locator("th", has_text="Ana")).locator("td").first).to_have_text("2 of 3 (67%)")
