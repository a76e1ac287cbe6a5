"""ScoreSheet.with_hands (issue 30): after a hand is edited, deleted or put back, a sheet carried
over from the kept one says exactly what the whole sheet scored afresh says, and scores again
only the hands that are new objects."""
import pytest

from scorekeeper.domain.scoring import LOWEST_TOTAL, WINNER_TAKES_POINTS
from scorekeeper.domain.teams import parse_teams

from tests.unit.test_sheet_appended import PLAYERS, hands, sheet

TEAMS = parse_teams([["Ana", "Cy"], ["Ben", "Dee"]], PLAYERS)


def dealers(played):
    return [PLAYERS[n % 4] for n in range(len(played))]


def changes(played):
    """Each kind of change at the start, the middle and the end: (name, the hands after it)."""
    other = hands(3, start=40)
    for at in (0, 3, len(played) - 1):
        yield f"edit {at + 1}", played[:at] + [other[at % 3]] + played[at + 1:]
        yield f"delete {at + 1}", played[:at] + played[at + 1:]
        yield f"put back at {at + 1}", played[:at] + [other[at % 3]] + played[at:]
    yield "nothing", list(played)
    yield "every hand deleted", []


@pytest.mark.parametrize("scoring", [WINNER_TAKES_POINTS, LOWEST_TOTAL])
@pytest.mark.parametrize("teams", [None, TEAMS], ids=["players", "teams"])
def test_a_changed_sheet_says_what_the_whole_sheet_says(scoring, teams):
    played = hands(8)
    for name, after in changes(played):
        kept = sheet(played, scoring, teams, target=150)
        kept.running(WINNER_TAKES_POINTS), kept.running(LOWEST_TOTAL)  # worked out before the write
        changed = kept.with_hands(after, dealers(after))
        whole = sheet(after, scoring, teams, target=150)
        assert changed.points() == whole.points(), name
        for system in (WINNER_TAKES_POINTS, LOWEST_TOTAL):
            assert changed.running(system) == whole.running(system), name
            assert changed.standings(system) == whole.standings(system), name
        assert changed.outcome() == whole.outcome(), name
        assert changed.team_standings() == whole.team_standings(), name
        assert changed.dealers == whole.dealers and changed.next_dealer == whole.next_dealer, name
        assert len(kept.hands) == 8 and kept.running(scoring) == sheet(played, scoring, teams).running(scoring)


def test_only_the_new_hands_are_scored_again():
    played = hands(8)
    kept = sheet(played)
    rows = kept.running(WINNER_TAKES_POINTS)
    edited = played[:5] + hands(1, start=50) + played[6:]
    changed = kept.with_hands(edited, dealers(edited))
    points = changed.points()
    assert all(points[i] is kept.points()[i] for i in range(8) if i != 5)  # carried over, not rescored
    assert points[5] is not kept.points()[5] and points[5] == sheet(edited).points()[5]
    after = changed.running(WINNER_TAKES_POINTS)
    assert all(after[i] is rows[i] for i in range(5))  # the totals before the edited hand are kept
    assert after[5:] == sheet(edited).running(WINNER_TAKES_POINTS)[5:]


def test_a_system_not_worked_out_before_is_worked_out_whole():
    played = hands(6)
    kept = sheet(played)
    kept.running(WINNER_TAKES_POINTS)  # lowest total never asked for
    shorter = played[1:]
    changed = kept.with_hands(shorter, dealers(shorter))
    assert changed.running(LOWEST_TOTAL) == sheet(shorter).running(LOWEST_TOTAL)


def test_hands_said_to_be_unchanged_are_not_compared():
    played = hands(8)
    kept = sheet(played)
    rows = kept.running(WINNER_TAKES_POINTS)
    edited = played[:7] + hands(1, start=60)
    changed = kept.with_hands(edited, dealers(edited), unchanged=7)
    assert changed.points() == sheet(edited).points()
    assert changed.running(WINNER_TAKES_POINTS) == sheet(edited).running(WINNER_TAKES_POINTS)
    assert all(changed.running(WINNER_TAKES_POINTS)[i] is rows[i] for i in range(7))
    put_back = played[:2] + hands(1, start=61) + played[2:]
    longer = kept.with_hands(put_back, dealers(put_back), unchanged=2)
    assert longer.points() == sheet(put_back).points() and longer.outcome() == sheet(put_back).outcome()
    assert all(longer.points()[i + 1] is kept.points()[i] for i in range(2, 8))  # moved down, not rescored


@pytest.mark.parametrize("scoring", [WINNER_TAKES_POINTS, LOWEST_TOTAL])
def test_runs_the_caller_knows_are_kept_are_taken_over_without_comparing(scoring):
    """As game_state calls it after a noted edit, delete or put-back: the hands before and
    after the changed one given as this sheet's own (`unchanged`, `kept_from`)."""
    played, other = hands(9), hands(1, start=70)
    for at in (0, 4, 8):
        for name, after, kept_from in (("edit", played[:at] + other + played[at + 1:], at + 1),
                                       ("delete", played[:at] + played[at + 1:], at),
                                       ("put back", played[:at] + other + played[at:], at + 1)):
            kept = sheet(played, scoring, target=120)
            rows = kept.running(scoring)
            changed = kept.with_hands(after, dealers(after), unchanged=at, kept_from=kept_from)
            whole = sheet(after, scoring, target=120)
            assert changed.points() == whole.points(), (name, at)
            assert changed.running(scoring) == whole.running(scoring), (name, at)
            assert changed.outcome() == whole.outcome() and changed.standings() == whole.standings(), (name, at)
            assert all(changed.running(scoring)[i] is rows[i] for i in range(at))
