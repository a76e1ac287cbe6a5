"""Score sheets made of many hands for the domain's tests, and what a sheet remembers."""
from scorekeeper.domain.editions import EDITIONS, parse_house_rules
from scorekeeper.domain.scoring import WINNER_TAKES_POINTS, ScoreSheet, build_hand

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


def sheet(played, scoring=WINNER_TAKES_POINTS, teams=None, target=300):
    return ScoreSheet(edition=CLASSIC, rules=parse_house_rules({}, CLASSIC), scoring=scoring, target=target,
                      players=PLAYERS, hands=played, dealers=[PLAYERS[n % 4] for n in range(len(played))],
                      teams=teams)


def test_running_totals_are_remembered_until_the_hands_change():
    played = sheet(hands(4))
    assert played.running(WINNER_TAKES_POINTS) is played.running(WINNER_TAKES_POINTS)
    played.hands.append(hands(1, start=4)[0])
    assert len(played.running(WINNER_TAKES_POINTS)) == 5
