"""The referee's invariants over random stretches of play (hypothesis), and its agreement with
the judge's single rulings: one rulebook, one engine."""
import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from scorekeeper.domain.cards import COLOURS
from scorekeeper.domain.editions import EDITIONS, HouseRules
from scorekeeper.domain.judge import (
    judge_challenge, judge_first_card, judge_going_out, judge_play, judge_two_players)
from scorekeeper.domain.cards import parse_card
from scorekeeper.domain.referee import RefereeError, referee

KINDS = [str(n) for n in range(10)] + ["skip", "reverse", "draw2"]
COLOURED = [f"{c}-{k}" for c in COLOURS for k in KINDS]
NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve"]


@st.composite
def plays(draw, players, edition, least=0):
    colour = st.sampled_from(COLOURS)
    extra = [EDITIONS[edition].extra] if EDITIONS[edition].extra else []
    card = st.one_of(st.sampled_from(COLOURED + extra),
                     st.sampled_from([f"{c}-draw2" for c in COLOURS]))  # draws come up more
    who = st.sampled_from(players)
    entry = st.one_of(
        st.builds(lambda p, c: {"player": p, "card": c}, who, card),
        st.builds(lambda p, k, c: {"player": p, "card": k, "colour": c}, who,
                  st.sampled_from(["wild", "wild-draw4"]), colour),
        st.builds(lambda p, n: {"player": p, "draw": n}, who, st.sampled_from([1, 1, 2, 4])),
        st.builds(lambda p, c: {"player": p, "draw": 1, "card": c}, who, card),
        st.builds(lambda p, h: {"player": p, "challenge": True, "hand": h}, who,
                  st.lists(st.sampled_from(COLOURED), max_size=3)),
    )
    return draw(st.lists(entry, min_size=least, max_size=40))


@st.composite
def requests(draw, least=0):
    n = draw(st.integers(2, 5))
    players = NAMES[:n]
    edition = draw(st.sampled_from(list(EDITIONS)))
    return {"edition": edition, "players": players,
            "dealer": draw(st.sampled_from(players)),
            "start": draw(st.sampled_from(["red-7", "blue-skip", "green-reverse", "yellow-draw2"])),
            "house_rules": {"stacking": draw(st.booleans())},
            "cards": {p: draw(st.integers(1, 8)) for p in players},
            "plays": draw(plays(players, edition, least))}


@st.composite
def mostly_in_turn(draw, least=0):
    """Random plays where most entries are made by the player whose turn it is, so that the
    stretch goes somewhere: stacking, challenges, going out."""
    body = draw(requests(least))
    entries = []
    for entry in body["plays"]:
        if draw(st.integers(0, 9)) < 8:
            try:
                table = referee({**body, "plays": entries}).table
            except RefereeError:
                table = None
            way = draw(st.integers(0, 2)) if table is not None and table.charged else 2
            if way == 0:  # the family writes down the draw just charged
                entry = {"player": table.charged[0], "draw": table.charged[1]}
            elif way == 1:  # the player charged answers it instead (a challenge, a stack)
                entry = {**entry, "player": table.charged[0]}
            elif table is not None:
                entry = {**entry, "player": table.current}
        entries.append(entry)
    return {**body, "plays": entries}


def replayed(body):
    try:
        return referee(body)
    except RefereeError as err:
        # the random plays named a card too often, or a challenge hand too big for the deck
        assume("more often than" not in str(err) and "deck has only" not in str(err))
        raise


PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(mostly_in_turn())
def test_cards_are_conserved(body):
    """Dealt + drawn - played = held, for every player, from what the answer shows."""
    replay = replayed(body)
    answer = replay.as_json()
    held = dict(body["cards"])
    for step in [replay.start.as_json(), *answer["steps"]]:
        for who, num in step["draws"].items():
            held[who] += num
    for entry, step in zip(body["plays"], answer["steps"]):
        if step["legal"] and "card" in entry:
            held[entry["player"]] -= 1
    assert held == answer["cards"]
    table = replay.table
    for who in body["players"]:
        assert table.dealt[who] + table.drawn.get(who, 0) - table.played.get(who, 0) == \
            table.counts[who] >= 0


@PROPERTY
@given(mostly_in_turn())
def test_the_next_player_is_seated_until_the_hand_is_over(body):
    """docs/referee-api.md: `next` names a seated player, and is null from the step someone
    went out on: nobody plays after the hand is over."""
    answer = replayed(body).as_json()
    over = answer["winner"] is not None
    assert (answer["next"] is None) if over else (answer["next"] in body["players"])
    gone_out = False
    for step in answer["steps"]:
        gone_out = gone_out or any(n == 0 for n in step["cards"].values()) and step["legal"]
        assert (step["next"] is None) if gone_out else (step["next"] in body["players"])
    assert all(s["pending_draw"] >= 0 for s in answer["steps"])


@PROPERTY
@given(mostly_in_turn())
def test_an_illegal_play_changes_nothing(body):
    """An illegal step keeps the table as it was, apart from a pending draw that its entry
    did not answer (charged first, and shown in its draws)."""
    replay = replayed(body)
    answer, previous = replay.as_json(), replay.start.as_json()
    for step in answer["steps"]:
        if not step["legal"]:
            assert step["fault"]
            expected = {p: n + step["draws"].get(p, 0) for p, n in previous["cards"].items()}
            assert step["cards"] == expected
            if not step["draws"]:
                for key in ("next", "direction", "colour", "pending_draw"):
                    assert step[key] == previous[key], key
        else:
            assert step["fault"] is None
        previous = step


@PROPERTY
@given(mostly_in_turn())
def test_a_draw_is_left_pending_only_for_an_entry_that_answers_it(body):
    """DESIGN.md: a Draw Two / Wild Draw Four charges the next player at once unless their
    next entry is a challenge or, with stacking, a stacked card. Drawing is no answer."""
    replay = replayed(body)
    stacking = body["house_rules"]["stacking"]
    for step, following in zip(replay.steps, [*body["plays"][1:], None]):
        if step.pending_draw:
            assert following is not None and following["player"] == step.next
            assert following.get("challenge") or (stacking and "card" in following
                                                   and "draw" not in following), following


@PROPERTY
@given(mostly_in_turn())
def test_a_draw_already_charged_is_only_recorded(body):
    """A legal draw that made nobody draw is the victim writing down the charge just made
    on the entry before (or by the card turned up): exactly those cards, and nothing else
    changes."""
    replay = replayed(body)
    steps = [replay.start, *replay.steps]
    for entry, before, step in zip(body["plays"], steps, steps[1:]):
        if step.legal and "draw" in entry and not step.draws:
            assert "card" not in entry and before.draws.get(entry["player"]) == entry["draw"]
            for key in ("next", "direction", "colour", "pending_draw", "cards"):
                assert getattr(step, key) == getattr(before, key), key


@PROPERTY
@given(mostly_in_turn())
def test_taking_back_the_illegal_plays_leaves_the_same_end(body):
    answer = replayed(body).as_json()
    kept = [e for e, s in zip(body["plays"], answer["steps"]) if s["legal"]]
    again = replayed({**body, "plays": kept}).as_json()
    assert again["first_illegal"] is None
    for key in ("next", "cards", "winner"):
        assert again[key] == answer[key], key


# ---- agreement with the judge's single rulings

def _judged_legal(edition, top, token):
    card = parse_card(token)
    hand = [] if card.kind.token == "wild-draw4" else None
    ruling = judge_play(EDITIONS[edition], HouseRules(), parse_card(top), card,
                        color=parse_card(top).colour, hand=hand, players=3)
    return ruling.ruling != "illegal"


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_every_first_play_is_legal_exactly_when_the_judge_says_so(edition):
    tokens = COLOURED + ["wild", "wild-draw4"] + ([EDITIONS[edition].extra]
                                                 if EDITIONS[edition].extra else [])
    for top in ["red-7", "blue-1", "green-5", "yellow-9"]:
        for token in tokens:
            entry = {"player": "Ann", "card": token}
            if token.startswith("wild"):
                entry["colour"] = "green"
            step = referee({"edition": edition, "players": NAMES[:3], "start": top,
                            "plays": [entry]}).steps[0]
            assert step.legal == _judged_legal(edition, top, token), (top, token)


SEAT = {"dealer": 0, "left-of-dealer": 1, "right-of-dealer": -1, "second-left-of-dealer": 2}


@pytest.mark.parametrize("edition", list(EDITIONS))
@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_first_card_agrees_with_the_judge(edition, n):
    players = NAMES[:n]
    extra = EDITIONS[edition].extra
    for start in ["red-3", "red-skip", "red-reverse", "red-draw2", "wild", extra]:
        if start in (None, "blank"):
            continue
        body = {"edition": edition, "players": players, "dealer": players[0], "start": start,
                "plays": [], **({"colour": "red"} if start == "wild" else {})}
        replay = referee(body)
        ruling = judge_first_card(EDITIONS[edition], HouseRules(), parse_card(start), players=n)
        assert replay.start.next == players[SEAT[ruling.details["first_player"]] % n], start
        assert replay.start.draws == {players[SEAT[s] % n]: k for s, k in ruling.draws.items()}
        assert replay.start.rules == ruling.rules


@pytest.mark.parametrize("token", ["red-reverse", "red-skip", "red-draw2", "red-4"])
def test_two_players_agree_with_the_judge(token):
    replay = referee({"players": ["Ann", "Ben"], "start": "red-7",
                      "plays": [{"player": "Ann", "card": token}]})
    ruling = judge_two_players(EDITIONS["classic"], HouseRules(), parse_card(token))
    again = replay.steps[0].next == "Ann"
    assert again == (ruling.ruling == "play-again")
    assert sum(replay.steps[0].draws.values()) == sum(ruling.draws.values())


@pytest.mark.parametrize("token, colour", [("red-draw2", None), ("wild-draw4", "red"),
                                           ("red-5", None), ("wild", "blue")])
def test_going_out_agrees_with_the_judge(token, colour):
    entry = {"player": "Ann", "card": token, **({"colour": colour} if colour else {})}
    replay = referee({"players": NAMES[:3], "start": "red-7", "cards": {"Ann": 1},
                      "plays": [entry]})
    ruling = judge_going_out(EDITIONS["classic"], HouseRules(), parse_card(token))
    assert replay.table.winner == "Ann"
    assert replay.steps[0].draws == ({"Ben": ruling.draws["next-player"]}
                                     if ruling.draws else {})


@pytest.mark.parametrize("stacking", [False, True])
@pytest.mark.parametrize("tokens, colour", [(["red-draw2"], None), (["wild-draw4"], "red"),
                                            (["red-draw2", "red-draw2"], None)])
@pytest.mark.parametrize("victim_draws", [False, True])
def test_the_draw_card_charges_what_the_judge_says_the_next_player_draws(
        tokens, colour, stacking, victim_draws):
    """The step of the draw card (or of the last one stacked) charges the next player the
    judge's `next-player` draws, whether or not the victim's entry writes the draw down."""
    if len(tokens) > 1 and not stacking:
        tokens = tokens[:1]
    rules = HouseRules(stacking=stacking)
    players = NAMES[:4]
    entries, top, pending = [], parse_card("red-7"), 0
    for seat, token in enumerate(tokens):
        entries.append({"player": players[seat], "card": token,
                        **({"colour": colour} if colour else {})})
        card = parse_card(token)
        ruling = judge_play(EDITIONS["classic"], rules, top, card, color="red",
                            hand=[] if colour else None, pending_draw=pending, players=4)
        top, pending = card, ruling.draws["next-player"]
    victim = players[len(tokens)]
    if victim_draws:
        entries.append({"player": victim, "draw": pending})
    replay = referee({"players": players, "start": "red-7", "plays": entries,
                      "house_rules": {"stacking": stacking}})
    last = replay.steps[len(tokens) - 1]
    assert last.draws == {victim: pending} and last.pending_draw == 0
    assert last.next == players[(len(tokens) + 1) % 4]
    assert replay.first_illegal is None and replay.table.counts[victim] == 7 + pending


@pytest.mark.parametrize("hand", [[], ["red-2"], ["blue-3", "green-1"], ["red-skip", "wild"]])
def test_the_challenge_agrees_with_the_judge(hand):
    replay = referee({"players": NAMES[:3], "start": "red-7", "plays": [
        {"player": "Ann", "card": "wild-draw4", "colour": "blue"},
        {"player": "Ben", "challenge": True, "hand": hand}]})
    ruling = judge_challenge(EDITIONS["classic"], HouseRules(), "red",
                             [parse_card(t) for t in hand])
    who = {"challenged": "Ann", "challenger": "Ben"}
    assert replay.steps[1].draws == {who[role]: n for role, n in ruling.draws.items()}
    assert set(ruling.rules) <= set(replay.steps[1].rules)



JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 600) | st.text(max_size=12)
                    | st.sampled_from(["red-7", "wild", "wild-draw4", "blue", "Ann", "Ben"]),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
FIELD = st.sampled_from(["player", "card", "colour", "draw", "challenge", "hand"])


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["edition", "house_rules", "players", "dealer", "start",
                                        "colour", "cards", "plays"]), JSON),
       st.lists(st.dictionaries(FIELD, JSON, max_size=4), max_size=6))
def test_any_body_is_replayed_or_refused_with_a_referee_error(body, plays):
    """Whatever arrives, the referee answers or raises RefereeError (a 422): nothing else."""
    for candidate in (body, {"players": ["Ann", "Ben"], "start": "red-7", **body, "plays": plays},
                      {"players": ["Ann", "Ben"], "start": "red-7", "plays": plays}):
        try:
            referee(candidate)
        except RefereeError as err:
            assert str(err)
