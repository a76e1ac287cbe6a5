"""Who deals: stored with each hand, and passing to the left of the last dealer."""
from scorekeeper.domain.editions import HouseRules, get_edition
from scorekeeper.domain.scoring import WINNER_TAKES_POINTS, ScoreSheet, build_hand

CLASSIC = get_edition("classic")
PLAYERS = ["Ana", "Ben", "Cy"]


def hand(out: str, left: str = "9"):
    return build_hand(CLASSIC, PLAYERS, {p: ([] if p == out else [left]) for p in PLAYERS})


def sheet(hands=(), dealers=(), first_dealer=None, target=500) -> ScoreSheet:
    return ScoreSheet(edition=CLASSIC, rules=HouseRules(), scoring=WINNER_TAKES_POINTS,
                      target=target, players=list(PLAYERS), hands=list(hands),
                      dealers=list(dealers), first_dealer=first_dealer)


def test_without_stored_dealers_the_deal_rotates_from_the_first_player():
    s = sheet([hand("Ana"), hand("Ben")])
    assert [s.dealer(n) for n in (1, 2, 3, 4)] == ["Ana", "Ben", "Cy", "Ana"]
    assert s.next_dealer == "Cy"


def test_stored_dealers_win_over_the_rotation():
    # Hand 2 of three was deleted: the later hand kept its dealer (Cy), not the rotation's Ben.
    s = sheet([hand("Ana"), hand("Ben")], dealers=["Ana", "Cy"])
    assert [s.dealer(1), s.dealer(2)] == ["Ana", "Cy"]


def test_the_next_dealer_follows_the_last_hands_dealer():
    assert sheet([hand("Ana"), hand("Ben")], dealers=["Ana", "Cy"]).next_dealer == "Ana"
    assert sheet([hand("Ana")], dealers=["Ben"]).next_dealer == "Cy"


def test_a_game_can_start_its_deal_at_any_player():
    s = sheet(first_dealer="Cy")
    assert s.next_dealer == "Cy"
    assert [s.dealer(n) for n in (1, 2, 3)] == ["Cy", "Ana", "Ben"]


def test_first_reached_names_the_winner_of_a_target_since_raised():
    # Ana goes out each hand against 200 points: 200, 400, 600.
    held = {"Ana": [], "Ben": ["wild-draw4", "wild-draw4"], "Cy": ["wild", "wild"]}
    hands = [build_hand(CLASSIC, PLAYERS, held) for _ in range(3)]
    s = sheet(hands, target=1000)
    assert not s.outcome().finished
    earlier = s.first_reached(500)
    assert (earlier.finished, earlier.winners, earlier.ended_after) == (True, ["Ana"], 3)
    assert s.target == 1000  # the sheet itself is unchanged


def test_the_deal_rule_by_seat_passes_left_and_wraps():
    from scorekeeper.domain.scoring import dealing_seat
    assert dealing_seat(None, 2, 3) == 2 and dealing_seat(None, 2, 3, hands_on=2) == 0
    assert dealing_seat(1, 0, 3) == 2 and dealing_seat(2, 0, 3) == 0 and dealing_seat(2, 0, 3, 4) == 0


def test_services_ask_the_domain_who_deals_rather_than_counting_seats_themselves():
    import inspect
    from scorekeeper.services import games
    asks = inspect.getsource(games.next_dealer_seat)
    source = inspect.getsource(games.dealer_after)
    assert "dealer_after(" in asks and "dealing_seat(" in source
    assert "% len(" not in source + asks
