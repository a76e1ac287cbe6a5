"""Teams (a house rule): checking who partners whom, seating them apart, and team scoring."""
import random

import pytest

from scorekeeper.domain.editions import EDITIONS, HouseRules, point_values
from scorekeeper.domain.scoring import LOWEST_TOTAL, WINNER_TAKES_POINTS, build_hand, hand_points
from scorekeeper.domain.teams import (
    TeamScoring, TeamsError, parse_teams, seat_partners_apart, teams_from_numbers)

PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
TEAMS = (("Ana", "Cy"), ("Ben", "Dee"))
CLASSIC = EDITIONS["classic"]
VALUES = point_values(CLASSIC, HouseRules())


def test_teams_match_the_players_names_like_the_players_list():
    assert parse_teams([[" ana", "CY "], ["Ben", "dee"]], PLAYERS) == TEAMS
    assert parse_teams([["Ana"], ["Ben"], ["Cy", "Dee"]], PLAYERS) == (("Ana",), ("Ben",), ("Cy", "Dee"))


@pytest.mark.parametrize("teams, message, player", [
    ("Ana,Cy", "Teams must be a list of teams", None),
    ([["Ana", "Cy"], "Ben"], "Teams must be a list of teams", None),
    ([["Ana", 3], ["Ben"]], "Teams must be a list of teams", None),
    ([["Ana", "Ben", "Cy", "Dee"]], "at least two teams", None),
    ([], "at least two teams", None),
    ([["Ana", "Cy"], [], ["Ben", "Dee"]], "Team 2 has nobody in it", None),
    ([["Ana", "Cy"], ["Ben", "Eve"]], "'Eve' is in a team but is not playing", "Eve"),
    ([["Ana", "Cy"], ["Ben", "Dee", "cy"]], r"Cy is in two teams \(1 and 2\)", "Cy"),
    ([["Ana", "ana"], ["Ben", "Cy", "Dee"]], "Ana is listed twice in team 1", "Ana"),
    ([["Ana", "Cy"], ["Ben"]], "Dee is in no team", "Dee"),
])
def test_bad_teams_are_a_sentence_naming_the_player(teams, message, player):
    with pytest.raises(TeamsError, match=message) as caught:
        parse_teams(teams, PLAYERS)
    assert caught.value.player == player


def test_bad_teams_message_is_translatable():
    with pytest.raises(TeamsError) as caught:
        parse_teams([["Ana", "Cy"], ["Ben"]], PLAYERS)
    text = caught.value.args[0]
    assert text.msgid == "%(name)s is in no team: put every player in one team."
    assert text.params == {"name": "Dee"}


def test_stored_team_numbers_give_the_teams_back():
    assert teams_from_numbers(["Ana", "Ben", "Cy", "Dee"], [0, 1, 0, 1]) == TEAMS
    assert teams_from_numbers(["Ana", "Ben", "Cy"], [2, 1, 2]) == (("Ben",), ("Ana", "Cy"))
    assert teams_from_numbers(["Ana", "Ben"], [None, None]) is None
    assert teams_from_numbers(["Ana", "Ben"], [0, None]) is None


def test_partners_are_seated_apart():
    assert seat_partners_apart(TEAMS) == ["Ana", "Ben", "Cy", "Dee"]
    assert seat_partners_apart((("A1", "A2"), ("B1", "B2"), ("C1", "C2"))) == [
        "A1", "B1", "C1", "A2", "B2", "C2"]
    # unequal: the biggest team takes seats 0, 2, 4; the others fill 1, 3, 5
    assert seat_partners_apart((("C1",), ("A1", "A2", "A3"), ("B1", "B2"))) == [
        "A1", "B1", "A2", "B2", "A3", "C1"]


def _neighbours_apart(seats, teams):
    team_of = {name: n for n, team in enumerate(teams) for name in team}
    return all(team_of[seats[i]] != team_of[seats[i - 1]] for i in range(len(seats)))  # round the table


def test_partners_apart_whenever_possible_random_teams():
    rng = random.Random(22)
    for _ in range(500):
        sizes = [rng.randint(1, 4) for _ in range(rng.randint(2, 5))]
        teams = tuple(tuple(f"T{t}P{i}" for i in range(size)) for t, size in enumerate(sizes))
        seats = seat_partners_apart(teams)
        assert sorted(seats) == sorted(n for t in teams for n in t)
        if max(sizes) * 2 <= sum(sizes):  # possible round a table
            assert _neighbours_apart(seats, teams), (teams, seats)
        assert seats == seat_partners_apart(teams)  # deterministic


def _points(held):
    hand = build_hand(CLASSIC, PLAYERS, held)
    return hand.winner, hand_points(hand, VALUES)


HAND_1 = _points({"Ana": [], "Ben": ["7", "wild"], "Cy": ["skip"], "Dee": ["3"]})  # Ben 57, Cy 20, Dee 3
HAND_2 = _points({"Ana": ["9"], "Ben": [], "Cy": ["draw2"], "Dee": ["wild-draw4"]})  # Ana 9, Cy 20, Dee 50


def test_winner_takes_points_partners_cards_count_for_nobody():
    teams = TeamScoring.of(WINNER_TAKES_POINTS, TEAMS)
    # hand 1: Ana went out; team 0 scores Ben 57 + Dee 3 = 60 (partner Cy's 20 counts for nobody)
    # hand 2: Ben went out; team 1 scores Ana 9 + Cy 20 = 29 (Dee's 50 counts for nobody)
    assert teams.running([HAND_1, HAND_2]) == [{0: 60, 1: 0}, {0: 60, 1: 29}]
    assert teams.hand_points(*HAND_2) == {0: 0, 1: 29}
    assert teams.rows({0: 60, 1: 29}) == [(("Ana", "Cy"), 60), (("Ben", "Dee"), 29)]
    assert not teams.outcome([HAND_1, HAND_2], 100).finished
    assert teams.outcome([HAND_1, HAND_2], 100).leaders == [0]
    # target 60: hand 1 takes team 0 to 60; hand 2 comes after and changes nothing
    done = teams.outcome([HAND_1, HAND_2], 60)
    assert (done.finished, done.winning_teams, done.winners, done.ended_after) == (
        True, [0], ["Ana", "Cy"], 1)


def test_lowest_total_charges_each_team_its_players_cards():
    teams = TeamScoring.of(LOWEST_TOTAL, TEAMS)
    # hand 1: team 0 = Ana 0 + Cy 20 = 20; team 1 = Ben 57 + Dee 3 = 60
    # hand 2: team 0 = 20 + Ana 9 + Cy 20 = 49; team 1 = 60 + Ben 0 + Dee 50 = 110
    assert teams.running([HAND_1, HAND_2]) == [{0: 20, 1: 60}, {0: 49, 1: 110}]
    done = teams.outcome([HAND_1, HAND_2], 100)  # team 1 reaches 100: the lowest, team 0, wins
    assert (done.finished, done.winning_teams, done.winners, done.ended_after) == (
        True, [0], ["Ana", "Cy"], 2)


def test_tied_teams_share_the_win():
    three = (("Ana",), ("Ben", "Dee"), ("Cy",))
    teams = TeamScoring.of(LOWEST_TOTAL, three)
    hand = _points({"Ana": ["5"], "Ben": [], "Cy": ["5"], "Dee": ["wild"]})  # Ana 5, Cy 5, Dee 50
    done = teams.outcome([hand], 50)  # team 1 charged 50 reaches the target; Ana and Cy tie on 5
    assert done.winning_teams == [0, 2] and done.winners == ["Ana", "Cy"]


def _naive_team_totals(slug, teams, hands):
    """Second method: per player first, then add a team's members (winner takes: only what
    players outside the winner's team hold)."""
    totals = [0] * len(teams)
    for winner, points in hands:
        for n, team in enumerate(teams):
            if slug == LOWEST_TOTAL:
                totals[n] += sum(points[p] for p in team)
            elif winner in team:
                totals[n] += sum(points.values()) - sum(points[p] for p in team)
    return {n: t for n, t in enumerate(totals)}


def test_team_totals_match_a_naive_recount_random_games():
    rng = random.Random(2022)
    for _ in range(300):
        names = [f"P{i}" for i in range(rng.randint(2, 8))]
        rng.shuffle(names)
        cut = sorted(rng.sample(range(1, len(names)), rng.randint(1, len(names) - 1)))
        teams = tuple(tuple(names[a:b]) for a, b in zip([0, *cut], [*cut, len(names)]))
        hands = []
        for _ in range(rng.randint(1, 12)):
            winner = rng.choice(names)
            hands.append((winner, {n: 0 if n == winner else rng.randint(0, 120) for n in names}))
        for slug in (WINNER_TAKES_POINTS, LOWEST_TOTAL):
            rows = TeamScoring.of(slug, teams).running(hands)
            assert rows[-1] == _naive_team_totals(slug, teams, hands)
            assert rows[0] == _naive_team_totals(slug, teams, hands[:1])


def test_teams_from_choices_groups_by_number_and_leaves_the_unchosen_out():
    from scorekeeper.domain.teams import teams_from_choices
    assert teams_from_choices([("Ana", None), ("Ben", None)]) is None
    assert teams_from_choices([("Ana", 2), ("Ben", 1), ("Cy", 2), ("Dee", 1)]) == [["Ben", "Dee"], ["Ana", "Cy"]]
    assert teams_from_choices([("Ana", 1), ("Ben", None), ("Cy", 3)]) == [["Ana"], ["Cy"]]


def test_a_score_sheet_with_teams_decides_by_team_totals():
    from scorekeeper.domain.editions import HouseRules, get_edition
    from scorekeeper.domain.scoring import ScoreSheet, build_hand
    edition = get_edition("classic")
    players = ["Ana", "Ben", "Cy", "Dee"]
    held = {"Ana": [], "Ben": ["9", "wild-draw4"], "Cy": ["5"], "Dee": ["skip"]}
    sheet = ScoreSheet(edition, HouseRules(), "winner-takes-points", 79, players,
                       [build_hand(edition, players, held)], teams=(("Ana", "Cy"), ("Ben", "Dee")))
    # Ana out: her side takes Ben 9 + 50 and Dee 20 = 79; Cy's 5 counts for nobody.
    assert sheet.team_standings() == {0: 79, 1: 0}
    assert sheet.standings()["Ana"] == 84
    outcome = sheet.outcome()
    assert outcome.finished and outcome.winners == ["Ana", "Cy"] and outcome.ended_after == 1
    assert dict(sheet.deciding_totals()) == {0: 79, 1: 0}
    alone = ScoreSheet(edition, HouseRules(), "winner-takes-points", 85, players, sheet.hands)
    assert not alone.outcome().finished and alone.team_standings() == {}
