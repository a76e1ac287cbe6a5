"""A score sheet's running totals and outcome: the outcome found by halving is the first hand
to reach the target, and totals that can fall are looked at hand by hand."""
from dataclasses import replace

import pytest

from scorekeeper.domain.cards import parse_card
from scorekeeper.domain.editions import EDITIONS, parse_house_rules
from scorekeeper.domain.scoring import LOWEST_TOTAL, WINNER_TAKES_POINTS, Hand, ScoreSheet

from tests.unit.test_sheet_appended import PLAYERS, hands, sheet

SYSTEMS = (WINNER_TAKES_POINTS, LOWEST_TOTAL)


def linear_outcome_hand(rows, target):
    """The first hand whose totals reach the target, looked for hand by hand."""
    return next((n for n, row in enumerate(rows, start=1) if max(row.values()) >= target), None)


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
