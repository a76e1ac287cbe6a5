"""The referee as pure Python: stretches of play written from the rule sheets, replayed step
by step. Sheets (see /work/shared/rule-sources): 000 the 112-card sheet, 001 a web page on the
official rules, 002 the 108-card sheet, 003 a web page with house rules, 004 Diary of a
Wimpy Kid. Each test quotes the few words of the sheet it rests on."""
import pytest

from scorekeeper.domain import rulebook
from scorekeeper.domain.referee import MAX_PLAYS, RefereeError, referee

ABC = ["Alice", "Bob", "Carol"]


def run(plays, start="red-7", players=ABC, **fields):
    return referee({"players": players, "start": start, "plays": plays, **fields})


def p(player, card=None, **fields):
    return {"player": player, **({"card": card} if card else {}), **fields}


def test_the_dealers_left_plays_first_and_play_moves_left():
    # 002: "The person to the left of the dealer starts play."
    replay = run([p("Alice", "red-3"), p("Bob", "red-4"), p("Carol", "red-5")])
    assert replay.start.next == "Alice"
    assert [s.next for s in replay.steps] == ["Bob", "Carol", "Alice"]
    assert all(s.legal and s.direction == "left" for s in replay.steps)
    assert replay.as_json()["cards"] == {"Alice": 6, "Bob": 6, "Carol": 6}


def test_a_named_dealer_moves_the_first_player():
    replay = run([p("Carol", "red-3")], dealer="Bob")
    assert replay.start.next == "Carol" and replay.steps[0].legal


@pytest.mark.parametrize("edition, first", [("classic", "Carol"), ("wimpy-kid", "Carol"),
                                            ("classic-112", "Bob")])
def test_first_card_reverse_follows_the_editions_sheet(edition, first):
    # 002 Reverse: "the dealer gets first, then moves to the right"; 000 (classic-112) has the
    # player to the dealer's right start instead.
    replay = run([], start="red-reverse", edition=edition)
    assert replay.start.next == first and replay.start.direction == "right"
    assert any("leaflet says" in line for line in replay.start.explanation.split("\n"))  # which reading


def test_first_card_wild_needs_the_colour_and_the_dealers_left_plays():
    # 002 Wild: "the person to the left of the dealer chooses the colour"
    replay = run([p("Alice", "green-2")], start="wild", colour="green")
    assert replay.start.colour == "green" and replay.steps[0].legal
    with pytest.raises(RefereeError, match="colour"):
        run([], start="wild")


@pytest.mark.parametrize("start, edition", [("wild-draw4", "classic"), ("blank", "classic-112")])
def test_a_card_the_judge_returns_cannot_start(start, edition):
    with pytest.raises(RefereeError, match="start"):
        run([], start=start, edition=edition)


def test_skip_and_reverse_with_three_players():
    # 002 Skip: "the next player is 'skipped' (loses their turn)"; Reverse: "the direction of
    # play reverses"
    replay = run([p("Alice", "red-skip"), p("Carol", "red-reverse"), p("Bob", "red-1")])
    assert [s.next for s in replay.steps] == ["Carol", "Bob", "Alice"]
    assert [s.direction for s in replay.steps] == ["left", "right", "right"]


def test_two_players_reverse_acts_as_skip():
    # Mattel's two-player rule (the rulebook's `two-players`; 003: a Skip "means you go again")
    replay = run([p("Ann", "red-reverse"), p("Ann", "red-skip"), p("Ann", "red-draw2"),
                  p("Ann", "red-1")], players=["Ann", "Ben"], dealer="Ben")
    assert [s.next for s in replay.steps] == ["Ann", "Ann", "Ann", "Ben"]
    assert all(s.legal for s in replay.steps)
    assert "two-players" in replay.steps[0].rules
    assert replay.steps[2].draws == {"Ben": 2}


def test_a_card_that_does_not_match_is_reported_and_changes_nothing():
    # 002: a card "may only be played on a matching colour" or symbol
    replay = run([p("Alice", "blue-3"), p("Alice", "red-3")])
    bad, good = replay.steps
    assert (bad.legal, bad.fault, bad.next) == (False, "wrong-card", "Alice")
    assert bad.cards == {"Alice": 7, "Bob": 7, "Carol": 7}
    assert good.legal and replay.first_illegal == 0


def test_playing_out_of_turn_is_the_wrong_player():
    replay = run([p("Bob", "red-3")])
    assert (replay.steps[0].fault, replay.steps[0].next) == ("wrong-player", "Alice")
    assert "Alice" in replay.steps[0].explanation


@pytest.mark.parametrize("card, colour, num, rule", [("red-draw2", None, 2, "draw-two"),
                                                    ("wild-draw4", "blue", 4, "wild-draw-four")])
def test_the_victim_drawing_the_cards_records_the_charge_made_on_the_draw_card(card, colour, num,
                                                                            rule):
    # DESIGN.md: "a Draw Two / Wild Draw Four charges the next player at once"; 002 Draw Two:
    # "the next player must draw 2 cards and then [lose] their turn". A family that writes
    # the draw down is not wrong, and it is not counted twice.
    played = p("Alice", card, **({"colour": colour} if colour else {}))
    replay = run([played, p("Bob", draw=num), p("Carol", "blue-2" if colour else "red-2")])
    charged, drew, after = replay.steps
    assert charged.draws == {"Bob": num} and charged.pending_draw == 0
    assert charged.next == "Carol" and charged.cards == {"Alice": 6, "Bob": 7 + num, "Carol": 7}
    assert (drew.legal, drew.fault, drew.draws) == (True, None, {})
    assert (drew.next, drew.cards, drew.pending_draw) == ("Carol", charged.cards, 0)
    assert "already counted" in drew.explanation and drew.rules == [rule]
    assert after.legal and replay.first_illegal is None
    assert replay.table.counts == {"Alice": 6, "Bob": 7 + num, "Carol": 6}


@pytest.mark.parametrize("entry", [p("Bob", draw=1), p("Bob", draw=3), p("Bob", "red-3", draw=1),
                                   p("Bob", "red-3"), p("Bob", challenge=True, hand=[])])
def test_any_other_entry_by_the_charged_player_is_the_wrong_player(entry):
    replay = run([p("Alice", "red-draw2"), entry])
    charged, wrong = replay.steps
    assert charged.draws == {"Bob": 2} and charged.next == "Carol"
    assert (wrong.legal, wrong.fault, wrong.draws) == (False, "wrong-player", {})
    assert (wrong.next, wrong.cards) == ("Carol", charged.cards)


def test_the_charge_is_recorded_only_by_the_very_next_entry_and_only_once():
    late = run([p("Alice", "red-draw2"), p("Carol", "red-3"), p("Bob", draw=2)]).steps[2]
    assert late.fault == "wrong-player"
    twice = run([p("Alice", "red-draw2"), p("Bob", draw=2), p("Bob", draw=2)]).steps
    assert twice[1].legal and twice[2].fault == "wrong-player"
    assert twice[2].cards == twice[0].cards


def test_two_players_the_draw_two_victim_records_the_draw_and_the_same_player_goes_on():
    replay = run([p("Ann", "red-draw2"), p("Ben", draw=2), p("Ann", "red-4")],
                 players=["Ann", "Ben"], dealer="Ben")
    assert [s.next for s in replay.steps] == ["Ann", "Ann", "Ben"]
    assert all(s.legal for s in replay.steps) and replay.table.counts["Ben"] == 9


def test_drawing_one_and_keeping_it_passes_the_turn():
    # 002: "If you don't have anything that matches, you must pick a card from the DRAW pile"
    replay = run([p("Alice", draw=1), p("Bob", "red-2")])
    assert replay.steps[0].draws == {"Alice": 1} and replay.steps[0].next == "Bob"
    assert replay.as_json()["cards"]["Alice"] == 8


def test_drawing_and_playing_the_drawn_card():
    # 002: "If you draw a card that can be played, play it."
    replay = run([p("Alice", "red-9", draw=1)])
    step = replay.steps[0]
    assert step.legal and step.draws == {"Alice": 1} and step.cards["Alice"] == 7
    assert "play-drawn-card" in step.rules


def test_drawing_more_than_one_is_refused():
    # rulebook `draw-when-stuck`: one card, even if it does not fit
    step = run([p("Alice", draw=3)]).steps[0]
    assert (step.legal, step.fault, step.cards["Alice"]) == (False, "draw-when-stuck", 7)


def test_drawn_card_that_does_not_fit_is_illegal():
    step = run([p("Alice", "blue-2", draw=1)]).steps[0]
    assert not step.legal and step.fault == "wrong-card" and step.cards["Alice"] == 7


def test_wild_draw_four_challenge_guilty():
    # 004: "If guilty, the challenged player must draw the 4 cards instead of you."
    replay = run([p("Alice", "wild-draw4", colour="blue"),
                  p("Bob", challenge=True, hand=["red-2", "green-5"]), p("Bob", "blue-3")])
    wd4, chal, after = replay.steps
    assert wd4.pending_draw == 4 and wd4.next == "Bob"
    assert chal.legal and chal.draws == {"Alice": 4} and chal.next == "Bob"
    assert after.legal and replay.as_json()["cards"] == {"Alice": 10, "Bob": 6, "Carol": 7}


def test_wild_draw_four_challenge_innocent():
    # 004: "you must draw the 4 cards PLUS an additional 2 cards (6 total)"
    replay = run([p("Alice", "wild-draw4", colour="blue"),
                  p("Bob", challenge=True, hand=["green-5"])])
    chal = replay.steps[1]
    assert chal.draws == {"Bob": 6} and chal.next == "Carol" and chal.pending_draw == 0


def test_only_the_player_who_must_draw_may_challenge():
    # 000: "Only the person required to draw the 4 cards can make the challenge."
    replay = run([p("Alice", "red-3"), p("Bob", challenge=True, hand=[])])
    assert replay.steps[1].fault == "challenge-who"


def test_stacking_with_the_house_rule_adds_up():
    # 003 (house rules): stacking draw cards, the next player takes the total
    replay = run([p("Alice", "red-draw2"), p("Bob", "blue-draw2"), p("Carol", draw=4)],
                 house_rules={"stacking": True})
    assert [s.pending_draw for s in replay.steps] == [2, 0, 0]
    assert replay.steps[1].draws == {"Carol": 4} and replay.steps[1].next == "Alice"
    assert replay.steps[2].legal and replay.steps[2].draws == {}
    assert replay.steps[2].next == "Alice" and replay.table.counts["Carol"] == 11
    assert "house-stacking" in replay.steps[1].rules


def test_with_stacking_a_card_that_cannot_stack_is_taken_back_and_the_draw_charged():
    # 003: only a draw card stacks; the illegal answer changes nothing, so the draw is charged
    # on it (the entry after it does not answer) and the victim's draw records it
    replay = run([p("Alice", "red-draw2"), p("Bob", "red-5"), p("Bob", draw=2)],
                 house_rules={"stacking": True})
    draw2, wrong, drew = replay.steps
    assert draw2.pending_draw == 2 and draw2.draws == {}
    assert (wrong.legal, wrong.fault) == (False, "wrong-card") and wrong.draws == {"Bob": 2}
    assert drew.legal and drew.draws == {} and drew.next == "Carol"
    assert replay.table.counts == {"Alice": 6, "Bob": 9, "Carol": 7}


def test_without_stacking_a_draw_card_on_a_pending_draw_is_not_an_answer():
    replay = run([p("Alice", "red-draw2"), p("Bob", "blue-draw2")])
    assert replay.steps[0].draws == {"Bob": 2}
    assert replay.steps[1].fault == "wrong-player"


def test_going_out_on_a_draw_card_still_charges_the_next_player():
    # 002: "If the last card played in a round is a Draw Two or Wild Draw Four card, the
    # next player must draw the 2 or 4 cards"
    replay = run([p("Alice", "red-draw2"), p("Carol", "red-1")], cards={"Alice": 1})
    out, late = replay.steps
    assert replay.table.winner == "Alice" and out.draws == {"Bob": 2}
    assert out.cards["Alice"] == 0 and late.fault == "going-out"
    assert "going-out-on-draw" in out.rules


def test_cheese_touch_is_played_on_yellow_and_answered_with_yellow():
    # 004: the Cheese Touch "can only be played on a yellow card"; the next player draws 2
    replay = run([p("Alice", "yellow-4"), p("Bob", "cheese-touch"), p("Carol", "red-2"),
                  p("Carol", "yellow-2")], start="yellow-7", edition="wimpy-kid")
    _, cheese, wrong, answer = replay.steps
    assert cheese.legal and cheese.draws == {"Carol": 2} and cheese.next == "Carol"
    assert wrong.fault == "wrong-card" and answer.legal and answer.next == "Alice"


def test_cheese_touch_without_yellow_draws_two_more():
    replay = run([p("Alice", "cheese-touch"), p("Bob", draw=2)], start="yellow-7",
                 edition="wimpy-kid")
    assert replay.steps[1].draws == {"Bob": 2} and replay.steps[1].next == "Carol"
    assert replay.as_json()["cards"]["Bob"] == 11


def test_cheese_touch_on_red_is_illegal():
    step = run([p("Alice", "cheese-touch")], edition="wimpy-kid").steps[0]
    assert step.fault == "wrong-card" and "cheese-touch" in step.rules


def test_blank_counts_as_a_card_with_no_effect_and_says_so():
    # 000 lists Blank cards without a rule for playing them: the referee's reading is stated
    replay = run([p("Alice", "blank"), p("Bob", "red-2")], edition="classic-112")
    assert all(s.legal for s in replay.steps) and replay.steps[0].colour == "red"
    assert "reading" in replay.steps[0].explanation


@pytest.mark.parametrize("body, says", [
    ({"players": ["A"], "start": "red-7", "plays": []}, "players"),
    ({"players": ["A", "A"], "start": "red-7", "plays": []}, "twice"),
    ({"players": ["A", "B"], "start": "red-7", "plays": [{"player": "Z", "card": "red-1"}]},
     "Play 1"),
    ({"players": ["A", "B"], "start": "red-7", "plays": [{"player": "A", "card": "cheese-touch"}]},
     "Play 1"),
    ({"players": ["A", "B"], "start": "red-7", "plays": [{"player": "A", "card": "wild"}]},
     "Play 1"),
    ({"players": ["A", "B"], "start": "red-7", "plays": [{"player": "A", "card": "red-1",
                                                           "colour": "blue"}]}, "Play 1"),
    ({"players": ["A", "B"], "start": "red-7", "plays": [{"player": "A", "draw": "1"}]}, "Play 1"),
    ({"players": ["A", "B"], "start": "red-7", "plays": "A red-1"}, "plays"),
    ({"players": ["A", "B"], "start": "red-7", "dealer": "Q", "plays": []}, "dealer"),
    ({"players": ["A", "B"], "start": "red-7", "cards": {"A": 0}, "plays": []}, "cards"),
    ({"players": ["A", "B"], "start": "red-7", "plays": [], "extra": 1}, "extra"),
])
def test_malformed_requests_name_what_is_wrong(body, says):
    with pytest.raises(RefereeError, match=says):
        referee(body)


def test_more_copies_than_the_deck_holds_name_the_play():
    plays = [p("Alice", "red-1"), p("Bob", "red-1"), p("Carol", "red-1")]
    with pytest.raises(RefereeError, match="Play 3"):
        run(plays, start="red-7")


def test_the_work_is_bounded():
    with pytest.raises(RefereeError, match=str(MAX_PLAYS)):
        run([p("Alice", draw=1)] * (MAX_PLAYS + 1))


def test_every_cited_rule_resolves_on_the_editions_rules_page():
    cases = [("classic", "red-7", [p("Alice", "wild-draw4", colour="red"),
                                   p("Bob", challenge=True, hand=[]), p("Carol", "red-skip")]),
             ("wimpy-kid", "cheese-touch", [p("Alice", draw=2), p("Bob", "cheese-touch")]),
             ("classic-112", "red-reverse", [p("Bob", "blank"), p("Alice", draw=1)])]
    for edition, start, plays in cases:
        replay = run(plays, start=start, edition=edition)
        ids = rulebook.rule_ids(edition)
        for step in [replay.start, *replay.steps]:
            assert set(step.rules) <= ids, (edition, step.rules)


# The engine's edges (issue 29). DESIGN and docs/referee-api.md: a draw entry right after the
# step that charged it only records the charge. Each place a charge is made is tried here.

@pytest.mark.parametrize("card, colour", [("red-draw2", None), ("wild-draw4", "blue")])
def test_the_next_player_writing_down_the_cards_after_a_player_went_out_on_a_draw_card(card,
                                                                                      colour):
    # 002: when the last card of a hand is a Draw Two or Wild Draw Four, the next player still
    # draws its 2 or 4, and those cards count in the score
    num = 2 if card == "red-draw2" else 4
    played = {"player": "Ana", "card": card, **({"colour": colour} if colour else {})}
    replay = run([played, p("Ben", draw=num)], players=["Ana", "Ben", "Cy"], cards={"Ana": 1})
    out, wrote = replay.steps
    assert out.draws == {"Ben": num} and replay.table.winner == "Ana"
    assert (wrote.legal, wrote.fault, wrote.draws) == (True, None, {})
    assert "already counted" in wrote.explanation and replay.first_illegal is None
    assert replay.table.counts["Ben"] == 7 + num


def test_the_victim_of_a_draw_two_turned_up_may_write_down_the_two():
    # 002: a Draw Two turned up at the start works as one played: the first player draws 2
    # and loses the turn
    replay = run([p("Ana", draw=2), p("Ben", "blue-3")], start="blue-draw2",
                 players=["Ana", "Ben", "Cy"])
    assert replay.start.draws == {"Ana": 2} and replay.start.next == "Ben"
    wrote, ben = replay.steps
    assert (wrote.legal, wrote.draws, wrote.next) == (True, {}, "Ben")
    assert ben.legal and replay.first_illegal is None and replay.table.counts["Ana"] == 9


def test_the_victim_of_a_draw_two_turned_up_writing_it_down_late_is_the_wrong_player():
    replay = run([p("Ben", "blue-3"), p("Ana", draw=2)], start="blue-draw2",
                 players=["Ana", "Ben", "Cy"])
    assert replay.steps[1].fault == "wrong-player" and replay.first_illegal == 1


def test_the_challenger_writing_down_the_six_after_an_innocent_challenge():
    # 004: an innocent challenged player means the challenger draws the 4 and 2 more, 6 in all
    replay = run([p("Alice", "wild-draw4", colour="blue"), p("Bob", challenge=True, hand=[]),
                  p("Bob", draw=6), p("Carol", "blue-1")])
    _, challenge, wrote, carol = replay.steps
    assert challenge.draws == {"Bob": 6} and challenge.verdict is not None
    assert "Innocent" in challenge.verdict
    assert (wrote.legal, wrote.draws, wrote.next) == (True, {}, "Carol")
    assert carol.legal and replay.table.counts["Bob"] == 13


def test_the_wild_draw_four_player_writing_down_the_four_after_a_guilty_challenge():
    # 004: a guilty challenged player draws the 4 cards instead of the challenger
    replay = run([p("Alice", "wild-draw4", colour="blue"),
                  p("Bob", challenge=True, hand=["red-2"]), p("Alice", draw=4), p("Bob", "blue-1")])
    _, challenge, wrote, bob = replay.steps
    assert challenge.draws == {"Alice": 4} and "Guilty" in challenge.verdict
    assert (wrote.legal, wrote.draws, wrote.next) == (True, {}, "Bob")
    assert bob.legal and replay.table.counts == {"Alice": 10, "Bob": 6, "Carol": 7}


def test_nobody_plays_after_the_hand_is_over_and_next_says_so():
    # 002: the hand ends when a player has no cards left
    replay = run([p("Alice", "red-3"), p("Bob", "red-4")], cards={"Alice": 1})
    out, late = replay.steps
    assert out.next is None and late.next is None and late.fault == "going-out"
    answer = replay.as_json()
    assert answer["next"] is None and answer["winner"] == "Alice"
    assert [s["next"] for s in answer["steps"]] == [None, None]


def long_stretch(third_five_after: int) -> dict:
    """Three players holding 30 cards each leave 17 to draw. Two red 5s go down, the players
    draw one card a turn, then a third red 5 comes."""
    plays = [p("Ana", "red-5"), p("Ben", "red-5")]
    names = ["Ana", "Ben", "Cy"]
    for turn in range(third_five_after):
        plays.append(p(names[(2 + turn) % 3], draw=1))
    plays.append(p(names[(2 + third_five_after) % 3], "red-5"))
    return {"players": names, "start": "red-3", "cards": {n: 30 for n in names}, "plays": plays}


def test_a_third_red_five_after_the_draw_pile_ran_out_is_legal():
    # 002: when the draw pile is used up before anyone goes out, the discards are reshuffled
    # and play goes on, so a red 5 already played can come round again
    replay = referee(long_stretch(18))
    assert replay.first_illegal is None and replay.steps[-1].legal


def test_a_third_red_five_before_the_draw_pile_ran_out_is_refused():
    with pytest.raises(RefereeError, match="more often than"):
        referee(long_stretch(17))


def test_a_challenge_hand_that_needs_five_wild_draw_fours_is_refused_like_the_judge_does():
    # 002: the deck has 4 Wild Draw Four cards; one is the card challenged
    with pytest.raises(RefereeError, match="5 × Wild Draw Four"):
        run([p("Alice", "wild-draw4", colour="blue"),
             p("Bob", challenge=True, hand=["wild-draw4"] * 4)])
    assert run([p("Alice", "wild-draw4", colour="blue"),
                p("Bob", challenge=True, hand=["wild-draw4"] * 3)]).steps[1].legal
