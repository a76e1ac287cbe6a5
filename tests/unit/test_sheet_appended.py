"""ScoreSheet.with_hands for a save (issue 30): a sheet carried over from the one before a save scores the
new hands only, and says exactly what the whole sheet scored afresh says."""
from scorekeeper.domain.editions import EDITIONS, parse_house_rules
from scorekeeper.domain.scoring import LOWEST_TOTAL, WINNER_TAKES_POINTS, ScoreSheet, build_hand
from scorekeeper.domain.teams import parse_teams

CLASSIC = EDITIONS["classic"]
PLAYERS = ["Ana", "Ben", "Cy", "Dee"]


def hands(count: int, start: int = 0):
    kinds = ["7", "skip", "wild", "3", "draw2", "0"]
    made = []
    for n in range(start, start + count):
        typed = {"Dee": 9} if n % 5 == 0 and n % 4 != 3 else {}  # cards shuffled away: a typed total
        held = {p: [] if i == n % 4 or p in typed else [kinds[(n + i) % 6], kinds[(n * i) % 6]]
                for i, p in enumerate(PLAYERS)}
        made.append(build_hand(CLASSIC, PLAYERS, held, typed))
    return made


def appended(kept, after, dealers):
    """`kept` with `after` played after its own, as a save catches a kept sheet up."""
    return kept.with_hands(kept.hands + after, kept.dealers + dealers, unchanged=len(kept.hands))


def sheet(played, scoring=WINNER_TAKES_POINTS, teams=None, target=300):
    return ScoreSheet(edition=CLASSIC, rules=parse_house_rules({}, CLASSIC), scoring=scoring, target=target,
                      players=PLAYERS, hands=played, dealers=[PLAYERS[n % 4] for n in range(len(played))],
                      teams=teams)


def test_an_appended_sheet_says_what_the_whole_sheet_says():
    for scoring in (WINNER_TAKES_POINTS, LOWEST_TOTAL):
        for teams in (None, parse_teams([["Ana", "Cy"], ["Ben", "Dee"]], PLAYERS)):
            before, after = hands(6), hands(3, start=6)
            kept = sheet(before, scoring, teams)
            kept.running(WINNER_TAKES_POINTS), kept.running(LOWEST_TOTAL)  # worked out before the save
            longer = appended(kept, after, [PLAYERS[n % 4] for n in range(6, 9)])
            whole = sheet(before + after, scoring, teams)
            assert longer.points() == whole.points()
            for system in (WINNER_TAKES_POINTS, LOWEST_TOTAL):
                assert longer.running(system) == whole.running(system)
                assert longer.standings(system) == whole.standings(system)
            assert longer.outcome() == whole.outcome()
            assert longer.team_standings() == whole.team_standings()
            assert longer.dealers == whole.dealers and longer.next_dealer == whole.next_dealer
            assert len(kept.hands) == 6  # the kept sheet is not changed


def test_running_totals_are_remembered_until_the_hands_change():
    played = sheet(hands(4))
    assert played.running(WINNER_TAKES_POINTS) is played.running(WINNER_TAKES_POINTS)
    longer = appended(played, hands(1, start=4), ["Ana"])
    assert len(longer.running(WINNER_TAKES_POINTS)) == 5 and len(played.running(WINNER_TAKES_POINTS)) == 4
