"""The domain core on its own: no Flask, no database."""
import pytest

from scorekeeper.domain.cards import CardError, parse_card, recount
from scorekeeper.domain.editions import (
    EDITIONS, HouseRuleError, HouseRules, get_edition, parse_house_rules, point_values, uno_penalty)
from scorekeeper.domain.scoring import (
    LOWEST_TOTAL, WINNER_TAKES_POINTS, HandError, PlayersError, ScoreSheet, build_hand,
    clean_player_names, hand_points)

CLASSIC = EDITIONS["classic"]
PLAYERS = ["Ana", "Ben", "Cy", "Dee"]


def test_deck_sizes_match_the_rule_sheets():
    assert sum(CLASSIC.deck.values()) == 108
    assert sum(EDITIONS["classic-112"].deck.values()) == 112
    assert sum(EDITIONS["wimpy-kid"].deck.values()) == 112
    assert CLASSIC.deck["0"] == 4 and CLASSIC.deck["7"] == 8 and CLASSIC.deck["skip"] == 8
    assert CLASSIC.deck["wild"] == 4 and CLASSIC.deck["wild-draw4"] == 4


@pytest.mark.parametrize("token, colour, kind", [
    ("red-7", "red", "7"), ("blue-draw2", "blue", "draw2"), ("wild", None, "wild"),
    ("wild-draw4", None, "wild-draw4"), ("cheese-touch", None, "cheese-touch"),
    ("7", None, "7"), ("skip", None, "skip"), (" Yellow-Reverse ", "yellow", "reverse"),
])
def test_tokens_parse(token, colour, kind):
    card = parse_card(token)
    assert (card.colour, card.kind.token) == (colour, kind)


@pytest.mark.parametrize("token", ["", "purple-7", "red-10", "red-wild", "11", None, 7, "red-"])
def test_bad_tokens_are_refused_with_a_sentence(token):
    with pytest.raises(CardError, match="card"):
        parse_card(token)


@pytest.mark.parametrize("edition, rules, expected", [
    ("classic", {}, {"0": 0, "7": 7, "skip": 20, "reverse": 20, "draw2": 20, "wild": 50, "wild-draw4": 50}),
    ("classic", {"zero_counts_ten": True}, {"0": 10, "9": 9}),
    ("classic-112", {}, {"blank": 40}),
    ("classic-112", {"blank_points": 25}, {"blank": 25}),
    ("wimpy-kid", {}, {"cheese-touch": 50}),
])
def test_point_values(edition, rules, expected):
    ed = get_edition(edition)
    values = point_values(ed, parse_house_rules(rules, ed))
    assert {k: values[k] for k in expected} == expected


def test_extras_belong_to_their_edition_only():
    assert "blank" not in point_values(CLASSIC, HouseRules())
    assert "cheese-touch" not in EDITIONS["classic-112"].deck
    with pytest.raises(HandError, match="no Cheese Touch"):
        build_hand(CLASSIC, ["Ana", "Ben"], {"Ana": [], "Ben": ["cheese-touch"]})
    with pytest.raises(HandError, match="no Blank"):
        build_hand(EDITIONS["wimpy-kid"], ["Ana", "Ben"], {"Ana": [], "Ben": ["blank"]})


@pytest.mark.parametrize("raw, message", [
    ({"zero_counts_tens": True}, "Unknown house rule"),
    ({"zero_counts_ten": "yes"}, "true or false"),
    ({"uno_penalty": -1}, "uno_penalty"),
    ({"uno_penalty": True}, "uno_penalty"),
    ({"blank_points": 10}, "classic-112"),
    ([], "object"),
])
def test_bad_house_rules(raw, message):
    with pytest.raises(HouseRuleError, match=message):
        parse_house_rules(raw, CLASSIC)


def test_uno_penalty_by_edition_and_house_rule():
    assert uno_penalty(CLASSIC, HouseRules()) == 2
    assert uno_penalty(EDITIONS["classic-112"], HouseRules()) == 4
    assert uno_penalty(EDITIONS["wimpy-kid"], HouseRules()) == 2
    assert uno_penalty(CLASSIC, HouseRules(uno_penalty=5)) == 5


def test_player_names_are_trimmed_and_unique():
    assert clean_player_names(["  Ana ", "Ben"]) == ["Ana", "Ben"]
    for names, message in [(["Ana", "ana "], "Two players"), (["Ana", "  "], "needs a name"),
                           (["Ana"], "2 to 10"), ([f"P{i}" for i in range(11)], "2 to 10"),
                           (["A" * 41, "Ben"], "at most 40"), ("Ana,Ben", "list")]:
        with pytest.raises(PlayersError, match=message):
            clean_player_names(names)


def test_hand_points_for_every_player():
    hand = build_hand(CLASSIC, PLAYERS, {"Ana": [], "Ben": ["7", "red-skip", "wild"], "Cy": ["0", "9"],
                                         "Dee": ["wild-draw4", "blue-draw2"]})
    assert hand.winner == "Ana"
    assert hand_points(hand, point_values(CLASSIC, HouseRules())) == {"Ana": 0, "Ben": 77, "Cy": 9, "Dee": 70}
    assert hand_points(hand, point_values(CLASSIC, HouseRules(zero_counts_ten=True)))["Cy"] == 19


@pytest.mark.parametrize("held, message", [
    ({"Ana": ["7"], "Ben": ["8"], "Cy": ["1"], "Dee": ["2"]}, "Nobody went out"),
    ({"Ana": [], "Ben": [], "Cy": ["1"], "Dee": ["2"]}, "Only one player can go out"),
    ({"Ana": [], "Ben": ["8"], "Cy": ["1"]}, "Dee is missing"),
    ({"Ana": [], "Ben": ["8"], "Cy": ["1"], "Dee": ["2"], "Zed": ["3"]}, "'Zed' is not playing"),
    ({"Ana": [], "Ben": ["purple-8"], "Cy": ["1"], "Dee": ["2"]}, "Ben: 'purple-8'"),
    ({"Ana": [], "Ben": "8", "Cy": ["1"], "Dee": ["2"]}, "list of tokens"),
    (["Ana"], "must map"),
])
def test_impossible_hands_are_refused(held, message):
    with pytest.raises(HandError, match=message):
        build_hand(CLASSIC, PLAYERS, held)


def test_deck_limits_count_across_all_players():
    # 4 zeros in the deck: three in one hand and two in another is one too many.
    with pytest.raises(HandError, match="Too many 0 cards: the deck has 4"):
        build_hand(CLASSIC, PLAYERS, {"Ana": [], "Ben": ["0", "0", "0"], "Cy": ["0", "0"], "Dee": ["1"]})
    build_hand(CLASSIC, PLAYERS, {"Ana": [], "Ben": ["0", "0"], "Cy": ["0", "0"], "Dee": ["1"]})
    with pytest.raises(HandError, match="Too many Wild Draw Four"):
        build_hand(CLASSIC, PLAYERS, {"Ana": [], "Ben": ["wild-draw4"] * 3, "Cy": ["wild-draw4"] * 2, "Dee": ["1"]})
    with pytest.raises(HandError, match="Too many Cheese Touch"):
        build_hand(EDITIONS["wimpy-kid"], PLAYERS, {"Ana": [], "Ben": ["cheese-touch"] * 5, "Cy": ["1"], "Dee": ["1"]})


def test_deck_limits_per_colour():
    with pytest.raises(HandError, match="red 7.*2 copies"):
        build_hand(CLASSIC, PLAYERS, {"Ana": [], "Ben": ["red-7", "red-7"], "Cy": ["red-7"], "Dee": ["1"]})
    with pytest.raises(HandError, match="red 0.*only one"):
        build_hand(CLASSIC, PLAYERS, {"Ana": [], "Ben": ["red-0"], "Cy": ["red-0"], "Dee": ["1"]})
    build_hand(CLASSIC, PLAYERS, {"Ana": [], "Ben": ["red-7", "red-7"], "Cy": ["blue-7", "7"], "Dee": ["1"]})


def test_typed_totals():
    hand = build_hand(CLASSIC, PLAYERS, {"Ana": [], "Ben": ["7"], "Cy": []}, {"Cy": 33, "Dee": 0})
    assert hand.winner == "Ana" and hand.typed == {"Cy": 33, "Dee": 0}
    assert hand_points(hand, point_values(CLASSIC, HouseRules())) == {"Ana": 0, "Ben": 7, "Cy": 33, "Dee": 0}
    for typed, message in [({"Ben": 5}, "both cards and a typed total"), ({"Cy": -1}, "whole number"),
                           ({"Cy": "12"}, "whole number"), ({"Cy": True}, "whole number")]:
        with pytest.raises(HandError, match=message):
            build_hand(CLASSIC, PLAYERS, {"Ana": [], "Ben": ["7"], "Cy": [], "Dee": ["1"]}, typed)


def sheet(scoring, target=500, edition="classic", rules=None):
    ed = get_edition(edition)
    return ScoreSheet(ed, parse_house_rules(rules or {}, ed), scoring, target, list(PLAYERS))


def add(s, held, typed=None):
    s.hands.append(build_hand(s.edition, s.players, held, typed))


def test_both_systems_from_the_same_hands():
    s = sheet(WINNER_TAKES_POINTS)
    add(s, {"Ana": [], "Ben": ["7", "wild"], "Cy": ["skip"], "Dee": ["3"]})   # 57, 20, 3
    add(s, {"Ana": ["9"], "Ben": [], "Cy": ["draw2"], "Dee": ["wild-draw4"]})  # 9, 20, 50
    assert s.standings(WINNER_TAKES_POINTS) == {"Ana": 80, "Ben": 79, "Cy": 0, "Dee": 0}
    assert s.standings(LOWEST_TOTAL) == {"Ana": 9, "Ben": 57, "Cy": 40, "Dee": 53}
    assert s.running(LOWEST_TOTAL)[0] == {"Ana": 0, "Ben": 57, "Cy": 20, "Dee": 3}
    assert s.outcome().leaders == ["Ana"] and not s.outcome().finished


def test_winner_takes_points_game_over_at_target():
    s = sheet(WINNER_TAKES_POINTS, target=100)
    add(s, {"Ana": [], "Ben": ["wild", "wild"], "Cy": ["1"], "Dee": ["1"]})  # Ana 102
    outcome = s.outcome()
    assert outcome.finished and outcome.winners == ["Ana"]


def test_lowest_total_lowest_wins_and_ties_are_shared():
    s = sheet(LOWEST_TOTAL, target=100)
    add(s, {"Ana": [], "Ben": ["wild", "wild"], "Cy": ["5"], "Dee": ["5"]})
    outcome = s.outcome()
    assert outcome.finished and outcome.winners == ["Ana"]
    s2 = sheet(LOWEST_TOTAL, target=50)
    add(s2, {"Ana": [], "Ben": ["draw2", "9"], "Cy": ["3"], "Dee": ["3"]})
    assert not s2.outcome().finished
    add(s2, {"Ana": ["3"], "Ben": ["wild"], "Cy": [], "Dee": ["1"]})
    assert s2.standings() == {"Ana": 3, "Ben": 79, "Cy": 3, "Dee": 4}
    assert s2.outcome().winners == ["Ana", "Cy"] and s2.outcome().ended_after == 2


def test_the_game_ends_in_the_first_hand_that_reaches_the_target():
    """Editing an early hand can end the game sooner: later hands do not change who won."""
    s = sheet(WINNER_TAKES_POINTS, target=100)
    add(s, {"Ana": [], "Ben": ["9"], "Cy": ["wild"], "Dee": []}, {"Dee": 0})       # Ana 59
    add(s, {"Ana": ["wild", "wild", "9"], "Ben": [], "Cy": ["1"], "Dee": ["1"]})  # Ben 111: over
    add(s, {"Ana": [], "Ben": ["wild", "wild"], "Cy": [], "Dee": []}, {"Cy": 0, "Dee": 0})  # Ana 159
    outcome = s.outcome()
    assert s.standings() == {"Ana": 159, "Ben": 111, "Cy": 0, "Dee": 0}
    assert outcome.finished and outcome.winners == ["Ben"] and outcome.ended_after == 2
    assert outcome.leaders == ["Ana"]


def test_raising_the_target_reopens_the_game():
    s = sheet(WINNER_TAKES_POINTS, target=50)
    add(s, {"Ana": [], "Ben": ["wild"], "Cy": ["1"], "Dee": ["1"]})
    assert s.outcome().finished
    s.target = 750
    assert not s.outcome().finished and s.outcome().winners == []


def test_the_deal_passes_to_the_left():
    s = sheet(WINNER_TAKES_POINTS)
    assert [s.dealer(n) for n in range(1, 7)] == ["Ana", "Ben", "Cy", "Dee", "Ana", "Ben"]
    assert s.next_dealer == "Ana"
    add(s, {"Ana": [], "Ben": ["1"], "Cy": ["1"], "Dee": ["1"]})
    assert s.next_dealer == "Ben"


@pytest.mark.parametrize("edition, extra, points", [
    ("classic-112", "blank", 40), ("wimpy-kid", "cheese-touch", 50)])
def test_edition_extras_score(edition, extra, points):
    s = sheet(LOWEST_TOTAL, edition=edition)
    add(s, {"Ana": [], "Ben": [extra, "2"], "Cy": ["1"], "Dee": ["1"]})
    assert s.standings()["Ben"] == points + 2


def test_recount_keeps_colours_that_still_fit():
    assert recount(["red-7", "blue-7", "wild"], ["7", "wild", "skip"]) == ["red-7", "wild", "skip"]
    assert recount([], ["7", "7"]) == ["7", "7"]
