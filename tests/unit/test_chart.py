"""The scoreboard's running-totals chart: small, readable without colour, escaped."""
import re

from scorekeeper.scoreboard.chart import MAX_POINTS, running_chart, sample

PLAYERS = ["Ana", "Ben", "<b>Cy</b>"]


def totals(hands):
    rows, now = [], dict.fromkeys(PLAYERS, 0)
    for n in range(hands):
        now[PLAYERS[n % 3]] += 20 + n
        rows.append(dict(now))
    return rows


def test_sampling_keeps_the_first_and_last_and_at_most_the_limit():
    assert sample(5) == [0, 1, 2, 3, 4]
    picked = sample(201)
    assert picked[0] == 0 and picked[-1] == 200 and len(picked) <= MAX_POINTS
    assert picked == sorted(set(picked))


def test_one_line_per_player_each_with_its_own_style_and_end_label():
    svg = str(running_chart(PLAYERS, totals(9)))
    paths = re.findall(r"<path [^>]*>", svg)
    assert len(paths) == 3
    styles = [re.search(r'stroke-dasharray="([^"]*)"', p) for p in paths]
    assert len({s.group(1) if s else "" for s in styles}) == 3  # no two lines look alike
    labels = re.findall(r"<text [^>]*>([^<]*)</text>", svg)
    assert labels == [f"Ana {totals(9)[-1]['Ana']}", f"Ben {totals(9)[-1]['Ben']}",
                      f"&lt;b&gt;Cy&lt;/b&gt; {totals(9)[-1]['<b>Cy</b>']}"]
    assert 'role="img"' in svg and "aria-label" in svg


def test_label_heights_never_overlap_even_when_totals_tie():
    svg = str(running_chart(PLAYERS, [dict.fromkeys(PLAYERS, 10), dict.fromkeys(PLAYERS, 50)]))
    heights = sorted(float(h) for h in re.findall(r'<text x="\d+" y="([\d.]+)"', svg))
    assert all(b - a >= 7 for a, b in zip(heights, heights[1:]))


def test_every_label_stays_inside_the_picture_when_the_lowest_totals_tie():
    """Two players still at 0 at the bottom: both labels show, none drawn below the box."""
    for players in (PLAYERS, [f"P{n}" for n in range(10)]):
        rows = [dict.fromkeys(players, 0) | {players[0]: 40}, dict.fromkeys(players, 0) | {players[0]: 90}]
        svg = str(running_chart(players, rows))
        top, height = (float(v) for v in re.search(r'viewBox="0 (-?\d+) \d+ (\d+)"', svg).groups())
        heights = sorted(float(h) for h in re.findall(r'<text x="\d+" y="(-?[\d.]+)"', svg))
        assert len(heights) == len(players)
        assert top + 6 <= heights[0] and heights[-1] <= top + height  # a 6-unit font fits above its baseline
        assert all(b - a >= 7 for a, b in zip(heights, heights[1:]))


def test_a_long_game_stays_small_and_the_line_ends_at_the_last_total():
    svg = str(running_chart(PLAYERS, totals(400)))
    assert len(svg) < 1000
    for path in re.findall(r'd="M(\d+) (\d+)l([^"]*)"', svg):
        steps = re.findall(r"(-?\d+)\s?(-?\d+)", path[2])
        assert len(steps) + 1 <= MAX_POINTS
        assert int(path[0]) + sum(int(dx) for dx, _ in steps) == 100  # reaches the right edge


def test_no_chart_before_two_hands():
    assert str(running_chart(PLAYERS, [])) == "" and str(running_chart(PLAYERS, totals(1))) == ""


def test_a_long_name_gives_way_to_its_total_so_the_label_fits():
    import re
    from scorekeeper.scoreboard.chart import LABEL, running_chart
    players = ["Babcia Józefina & Celina", "Bo"]
    svg = str(running_chart(players, [{players[0]: 79, "Bo": 5}, {players[0]: 1108, "Bo": 9}]))
    labels = [re.sub(r"<[^>]+>|[\u2066-\u2069]", "", t) for t in re.findall(r"<text[^>]*>(.*?)</text>", svg)]
    assert labels[0].endswith(" 1108") and labels[0].startswith("Babcia") and "…" in labels[0]
    assert labels[1] == "Bo 9"
    assert all(len(label) <= LABEL for label in labels)


def test_the_range_the_sheet_gives_draws_the_same_chart_as_every_total_looked_at():
    """The scoreboard passes ScoreSheet.running_extent so that only the sampled hands are read;
    the picture is the very same as from scanning every total."""
    from tests.unit.test_sheet_appended import PLAYERS as SEATED, hands, sheet
    played = hands(120)
    changed = sheet(hands(1, start=500) + played[1:], target=10**6)
    for system in ("winner-takes-points", "lowest-total"):
        rows = changed.running(system)
        assert str(running_chart(SEATED, rows, changed.running_extent(system))) == \
            str(running_chart(SEATED, list(rows)))
