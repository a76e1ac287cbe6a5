"""Issue 39's house rules in the referee: each test names the sentence of the issue it was
written from. No Flask."""
import pytest

from scorekeeper.domain.referee import RefereeError, referee

P = ["Ann", "Ben", "Cy", "Dee"]


def body(plays, rules, start="red-5", cards=None, players=P, **extra):
    return {"players": players, "start": start, "house_rules": rules, "plays": plays,
            "cards": cards or {p: 5 for p in players}, **extra}


def steps(b):
    return referee(b).as_json()["steps"]


# ---- Seven-O
def test_after_a_7_cards_shows_the_two_counts_exchanged():
    """'After a 7, cards shows the two counts exchanged (the 7 already left the hand)'"""
    s = steps(body([{"player": "Ann", "card": "red-7", "swap_with": "Cy"}], {"seven_o": True},
                   cards={"Ann": 3, "Ben": 5, "Cy": 8, "Dee": 6}))[0]
    assert s["legal"] and s["cards"] == {"Ann": 8, "Ben": 5, "Cy": 2, "Dee": 6}
    assert s["draws"] == {} and s["next"] == "Ben" and "house-seven-o" in s["rules"]
    assert "swaps hands with Cy" in s["explanation"]


def test_after_a_0_every_count_moves_one_seat_in_the_direction_of_play():
    """'after a 0, every count moves one seat in the direction of play; draws stays {}'"""
    cards = {"Ann": 3, "Ben": 5, "Cy": 8, "Dee": 6}
    left = steps(body([{"player": "Ann", "card": "red-0"}], {"seven_o": True}, cards=cards))[0]
    assert left["cards"] == {"Ann": 6, "Ben": 2, "Cy": 5, "Dee": 8} and left["draws"] == {}
    right = steps(body([{"player": "Ann", "card": "red-reverse"},
                        {"player": "Dee", "card": "red-0"}], {"seven_o": True}, cards=cards))
    assert right[1]["direction"] == "right"
    # after the Reverse: Ann 2; Dee lays the 0 (5 left) and every hand moves to the right
    assert right[1]["cards"] == {"Ann": 5, "Ben": 8, "Cy": 5, "Dee": 2}
    assert right[1]["next"] == "Cy"


def test_two_players_a_0_is_an_exchange():
    s = steps(body([{"player": "Ann", "card": "red-0"}], {"seven_o": True}, players=["Ann", "Ben"],
                   cards={"Ann": 3, "Ben": 7}))[0]
    assert s["cards"] == {"Ann": 7, "Ben": 2}


def test_no_effect_when_the_7_was_the_last_card():
    """'No effect when the 7 or 0 was the player's last card (the hand is over)'"""
    s = steps(body([{"player": "Ann", "card": "red-7"}], {"seven_o": True},
                   cards={"Ann": 1, "Ben": 5, "Cy": 5, "Dee": 5}))[0]
    assert s["legal"] and s["cards"]["Ann"] == 0 and s["next"] is None


def test_a_7_turned_up_to_start_does_nothing():
    """'none for a 7 or 0 turned up to start'"""
    s = steps(body([{"player": "Ann", "card": "red-3"}], {"seven_o": True}, start="blue-7"))
    assert s[0]["fault"] == "wrong-card"  # red 3 on blue 7: nothing was swapped at the start
    assert referee(body([], {"seven_o": True}, start="blue-0")).start.cards == {p: 5 for p in P}


@pytest.mark.parametrize("entry, rules, why", [
    ({"player": "Ann", "card": "red-7"}, {"seven_o": True}, "missing"),
    ({"player": "Ann", "card": "red-7", "swap_with": "Ann"}, {"seven_o": True}, "themself"),
    ({"player": "Ann", "card": "red-7", "swap_with": "Zed"}, {"seven_o": True}, "nobody"),
    ({"player": "Ann", "card": "red-0", "swap_with": "Ben"}, {"seven_o": True}, "not a 7"),
    ({"player": "Ann", "card": "red-7", "swap_with": "Ben"}, {}, "seven_o off"),
    ({"player": "Ann", "draw": 1, "swap_with": "Ben"}, {"seven_o": True}, "a draw"),
])
def test_swap_with_mistakes_are_a_422_naming_swap_with(entry, rules, why):
    """'a 422 naming swap_with when it is missing, names the player themself or nobody at the
    table, sits on a card other than a 7, or seven_o is off'"""
    with pytest.raises(RefereeError, match="swap_with"):
        referee(body([entry], rules))


def test_an_illegal_7_needs_no_swap_with():
    s = steps(body([{"player": "Ann", "card": "blue-7"}], {"seven_o": True}, start="red-5"))
    assert s[0]["fault"] == "wrong-card"


# ---- Jump-In
def test_a_jump_in_is_legal_and_next_follows_from_the_jumper():
    """'an entry by a player who is not the one to play, laying a card identical to the top
    card, is legal and next follows from the jumper'"""
    s = steps(body([{"player": "Ann", "card": "green-5"}, {"player": "Cy", "card": "green-5"}],
                   {"jump_in": True}))
    assert s[1]["legal"] and s[1]["next"] == "Dee" and "house-jump-in" in s[1]["rules"]


def test_the_player_who_just_laid_it_may_jump_in_too():
    s = steps(body([{"player": "Ann", "card": "green-5"}, {"player": "Ann", "card": "green-5"}],
                   {"jump_in": True}))
    assert s[1]["legal"] and s[1]["next"] == "Ben"


def test_a_skip_jumped_in_skips_the_player_after_the_jumper():
    s = steps(body([{"player": "Ann", "card": "red-skip"}, {"player": "Ben", "card": "red-skip"}],
                   {"jump_in": True}))
    assert s[1]["legal"] and s[1]["next"] == "Dee"


def test_a_draw_two_jumped_on_still_charges_its_own_victim():
    """'A draw card jumped on still charges its own victim: penalties never add up'"""
    for rules in ({"jump_in": True}, {"jump_in": True, "stacking": True}):
        s = steps(body([{"player": "Ann", "card": "red-draw2"},
                        {"player": "Dee", "card": "red-draw2"}], rules))
        assert s[0]["draws"] == {"Ben": 2}
        assert s[1]["legal"] and s[1]["draws"] == {"Ann": 2} and s[1]["next"] == "Ben"


def test_without_jump_in_it_stays_wrong_player_and_says_what_the_rule_would_allow():
    s = steps(body([{"player": "Ann", "card": "green-5"}, {"player": "Cy", "card": "green-5"}], {}))
    assert s[1]["fault"] == "wrong-player" and "with Jump-In" in s[1]["explanation"]


@pytest.mark.parametrize("rules", [{}, {"jump_in": True}])
def test_a_card_that_only_matches_stays_wrong_player_either_way(rules):
    s = steps(body([{"player": "Ann", "card": "green-5"}, {"player": "Cy", "card": "blue-5"}],
                   rules))
    assert s[1]["fault"] == "wrong-player"


def test_a_wild_never_jumps_in():
    s = steps(body([{"player": "Ann", "card": "wild", "colour": "red"},
                    {"player": "Cy", "card": "wild", "colour": "red"}], {"jump_in": True}))
    assert s[1]["fault"] == "wrong-player"


# ---- draw until you can play
def test_draw_n_and_the_card_is_legal_when_it_fits():
    """'{"player", "draw": n, "card"} (n >= 1) is legal when the card fits'"""
    s = steps(body([{"player": "Ann", "draw": 3, "card": "red-2"}], {"draw_to_match": True}))[0]
    assert s["legal"] and s["draws"] == {"Ann": 3} and s["cards"]["Ann"] == 7
    assert "house-draw-to-match" in s["rules"] and s["next"] == "Ben"


def test_draw_n_with_a_card_that_does_not_fit_is_wrong_card():
    s = steps(body([{"player": "Ann", "draw": 3, "card": "blue-2"}], {"draw_to_match": True}))[0]
    assert s["fault"] == "wrong-card"


@pytest.mark.parametrize("n", [1, 3])
def test_draw_n_with_no_card_is_draw_when_stuck(n):
    s = steps(body([{"player": "Ann", "draw": n}], {"draw_to_match": True}))[0]
    assert s["fault"] == "draw-when-stuck"


def test_without_the_rule_any_n_over_1_stays_draw_when_stuck():
    s = steps(body([{"player": "Ann", "draw": 3, "card": "red-2"}], {}))[0]
    assert s["fault"] == "draw-when-stuck"


def test_a_penalty_is_still_recorded_as_today_with_draw_to_match():
    """'Never for penalty draws'"""
    s = steps(body([{"player": "Ann", "card": "red-draw2"}, {"player": "Ben", "draw": 2}],
                   {"draw_to_match": True}))
    assert s[1]["legal"] and s[1]["draws"] == {}


# ---- no bluffing
def test_the_wild_draw_four_is_charged_on_its_own_step_and_cannot_be_challenged():
    """'the Wild Draw Four is charged on its own step; a challenge entry is challenge-who (or
    wrong-player as today)'"""
    rules = {"wild_draw4_any_time": True}
    s = steps(body([{"player": "Ann", "card": "wild-draw4", "colour": "blue"},
                    {"player": "Ben", "challenge": True, "hand": ["red-1"]}], rules))
    assert s[0]["draws"] == {"Ben": 4} and s[0]["pending_draw"] == 0 and s[0]["next"] == "Cy"
    assert s[1]["fault"] in ("challenge-who", "wrong-player")
    again = steps(body([{"player": "Ann", "card": "wild-draw4", "colour": "blue"},
                        {"player": "Cy", "challenge": True, "hand": []}], rules))
    assert again[1]["fault"] == "challenge-who" and "No bluffing" in again[1]["explanation"]


# ---- stacking modes
def test_a_draw_card_the_mode_refuses_is_illegal_and_the_total_is_charged():
    s = steps(body([{"player": "Ann", "card": "red-draw2"},
                    {"player": "Ben", "card": "wild-draw4", "colour": "red"},
                    {"player": "Cy", "card": "red-3"}], {"stacking": "same-kind"}))
    assert s[1]["fault"] == "wrong-card" and s[1]["draws"] == {"Ben": 2}
    assert s[2]["legal"]


def test_equal_or_higher_lets_a_wild_draw_four_on_a_draw_two():
    s = steps(body([{"player": "Ann", "card": "red-draw2"},
                    {"player": "Ben", "card": "wild-draw4", "colour": "red"}],
                   {"stacking": "equal-or-higher"}))
    assert s[1]["legal"] and s[1]["draws"] == {"Cy": 6}
