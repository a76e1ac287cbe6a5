"""Running totals kept as pieces of earlier lists (domain/running.py, issue 30): after any run
of edits, deletes, put-backs and saves, one after another on the sheet carried over each time,
the totals, standings, outcome and the chart's range are exactly those of the sheet scored
afresh; and the outcome found by halving is the first hand to reach the target."""
import random
from dataclasses import replace

import pytest

from scorekeeper.domain.cards import parse_card
from scorekeeper.domain.editions import EDITIONS, parse_house_rules
from scorekeeper.domain.running import MAX_PIECES, RunningTotals
from scorekeeper.domain.scoring import LOWEST_TOTAL, WINNER_TAKES_POINTS, Hand, ScoreSheet

from tests.unit.test_sheet_appended import PLAYERS, hands, sheet

SYSTEMS = (WINNER_TAKES_POINTS, LOWEST_TOTAL)


def linear_outcome_hand(rows, target):
    """The first hand whose totals reach the target, looked for hand by hand."""
    return next((n for n, row in enumerate(rows, start=1) if max(row.values()) >= target), None)


def one_change(rng, played, fresh):
    """`played` after one random write: an edit, delete, put-back or save, anywhere."""
    at = rng.randrange(len(played)) if played else 0
    kind = rng.choice(["edit", "delete", "put back", "save"] if played else ["put back", "save"])
    if kind == "edit":
        return played[:at] + [next(fresh)] + played[at + 1:]
    if kind == "delete":
        return played[:at] + played[at + 1:]
    if kind == "put back":
        return played[:at] + [next(fresh)] + played[at:]
    return played + [next(fresh) for _ in range(rng.randint(1, 3))]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("scoring", SYSTEMS)
def test_a_sheet_carried_over_many_writes_says_what_a_fresh_sheet_says(seed, scoring):
    rng = random.Random(seed)
    fresh = iter(hands(400, start=100))
    played = hands(30)
    target = rng.choice([150, 400, 900, 5000])
    kept = sheet(played, scoring, target=target)
    for system in SYSTEMS:
        kept.running(system)
    longest = 0
    for step in range(3 * MAX_PIECES):  # past the pieces a list may hold before it is made whole
        played = one_change(rng, played, fresh)
        kept = kept.with_hands(played, [PLAYERS[n % 4] for n in range(len(played))])
        whole = sheet(played, scoring, target=target)
        for system in SYSTEMS:
            rows = kept.running(system)
            longest = max(longest, len(rows._pieces))
            assert rows == whole.running(system) and list(rows) == list(whole.running(system)), step
            assert [rows[i] for i in range(-len(rows), 0)] == whole.running(system)[:], step
            assert kept.standings(system) == whole.standings(system), step
            assert kept.running_extent(system) == whole.running_extent(system), step
        assert kept.points() == whole.points(), step
        assert kept.outcome() == whole.outcome(), step
        number = linear_outcome_hand(whole.running(scoring), target)
        assert whole.outcome().ended_after == number, step
    assert 1 < longest <= MAX_PIECES + 1  # pieces were used, and made whole again


def test_an_early_edit_adds_up_only_the_edited_hand():
    """Hand 1 of 300 edited: the later totals are the kept ones moved, worked out when asked."""
    played = hands(300)
    kept = sheet(played, target=10**6)
    rows = kept.running(WINNER_TAKES_POINTS)
    edited = hands(1, start=999) + played[1:]
    changed = kept.with_hands(edited, [PLAYERS[n % 4] for n in range(300)])
    after = changed.running(WINNER_TAKES_POINTS)
    assert isinstance(after, RunningTotals) and len(after._pieces) == 2 and after._made == {}
    assert changed.standings() == sheet(edited).standings()
    assert not changed.outcome().finished
    assert len(after._made) <= 12  # the last total, and the few the halving looked at
    assert after == sheet(edited).running(WINNER_TAKES_POINTS) and rows == sheet(played).running(WINNER_TAKES_POINTS)


@pytest.mark.parametrize("scoring", SYSTEMS)
def test_halving_finds_the_first_hand_that_reached_the_target(scoring):
    played = hands(60)
    rows = sheet(played, scoring).running(scoring)
    for target in sorted({max(r.values()) for r in rows} | {1, 10**6}):
        for near in (target - 1, target, target + 1):
            if near < 1:
                continue
            found = sheet(played, scoring, target=near).outcome()
            assert found.ended_after == linear_outcome_hand(rows, near)
            assert found.finished == (found.ended_after is not None)


def test_cards_worth_less_than_nothing_are_looked_at_hand_by_hand():
    """A Blank worth -60 (never allowed by the house rules, but the sheet must not assume it):
    totals can fall, so the game ends in the first hand that reached the target, even when the
    last hand's totals are under it again."""
    edition = EDITIONS["classic-112"]
    rules = replace(parse_house_rules({}, edition), blank_points=-60)
    hand = Hand("Ana", {"Ana": (), "Ben": (), "Cy": (), "Dee": ()})
    rich = Hand("Ana", {"Ana": (), "Ben": (parse_card("wild"),) * 2, "Cy": (), "Dee": ()})
    poor = Hand("Ana", {"Ana": (), "Ben": (parse_card("blank"),) * 2, "Cy": (), "Dee": ()})
    game = ScoreSheet(edition=edition, rules=rules, scoring=WINNER_TAKES_POINTS, target=100,
                      players=PLAYERS, hands=[hand, rich, poor, hand])
    assert not game.totals_only_grow()
    assert game.standings()["Ana"] < 100
    assert game.outcome().ended_after == 2
    assert game.running_extent(WINNER_TAKES_POINTS) == (-20, 100)


def test_a_typed_total_is_never_below_zero():
    with pytest.raises(ValueError):
        Hand("Ana", {"Ana": (), "Ben": ()}, typed={"Ben": -1})
