"""The referee's turn logic lives twice: in the Python engine (the reference) and in
static/referee.js (so the page replays with no network). This test replays hand-written
disputed stretches and a few hundred generated ones (fixed seed) through both and asserts
step-for-step equality; if the JS drifts, it fails."""
import json
import random
from pathlib import Path

import pytest

from scorekeeper.domain.cards import COLOURS, KINDS
from scorekeeper.domain.editions import EDITIONS
from scorekeeper.domain.referee import RefereeError, referee
from scorekeeper.referee.data import ENGINE_FAULTS, ENGINE_RULES, engine_data

JS = (Path(__file__).parents[2] / "static" / "referee.js").read_text()
COMPARED = ("player", "legal", "fault", "next", "direction", "colour", "pending_draw", "draws",
            "cards", "rules")
SEED = 2111
GENERATED = 400
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]

HAND_WRITTEN = [
    # stacking on: Draw Two on Draw Two, then a Wild Draw Four, then the victim draws 8
    ({"players": ["Ana", "Ben", "Cy"], "start": "red-5", "house_rules": {"stacking": True},
      "plays": [{"player": "Ana", "card": "red-draw2"}, {"player": "Ben", "card": "blue-draw2"},
                {"player": "Cy", "card": "wild-draw4", "colour": "green"},
                {"player": "Ana", "draw": 8}, {"player": "Ben", "card": "green-3"}]}),
    # stacking off: the stacked Draw Two is illegal, the victim is charged
    ({"players": ["Ana", "Ben", "Cy"], "start": "red-5",
      "plays": [{"player": "Ana", "card": "red-draw2"}, {"player": "Ben", "card": "red-draw2"},
                {"player": "Ben", "draw": 2}, {"player": "Cy", "card": "red-4"}]}),
    # a challenge found guilty, then an innocent one
    ({"players": ["Ana", "Ben", "Cy", "Dee"], "start": "blue-1",
      "plays": [{"player": "Ana", "card": "wild-draw4", "colour": "red"},
                {"player": "Ben", "challenge": True, "hand": ["blue-2"]},
                {"player": "Ben", "card": "red-9"},
                {"player": "Cy", "card": "wild-draw4", "colour": "green"},
                {"player": "Dee", "challenge": True, "hand": ["yellow-2"]},
                {"player": "Ana", "card": "green-7"}]}),
    # two players, Reverse as Skip, going out on a Draw Two
    ({"players": ["Ana", "Ben"], "start": "green-reverse", "cards": {"Ana": 2, "Ben": 3},
      "plays": [{"player": "Ben", "card": "green-reverse"}, {"player": "Ben", "card": "green-1"},
                {"player": "Ana", "card": "green-draw2"}, {"player": "Ana", "card": "green-draw2"},
                {"player": "Ben", "card": "green-2"}]}),
    # the Cheese Touch: answered with yellow, then not
    ({"edition": "wimpy-kid", "players": ["Ana", "Ben", "Cy"], "start": "yellow-3",
      "plays": [{"player": "Ana", "card": "cheese-touch"}, {"player": "Ben", "card": "yellow-6"},
                {"player": "Cy", "card": "cheese-touch"}, {"player": "Ana", "card": "red-6"},
                {"player": "Ana", "draw": 2}, {"player": "Ben", "card": "yellow-1"}]}),
    # Blanks, keeping and playing a drawn card, the wrong player, play after going out
    ({"edition": "classic-112", "players": ["Ana", "Ben", "Cy"], "start": "red-2",
      "cards": {"Ana": 1, "Ben": 7, "Cy": 7},
      "plays": [{"player": "Ben", "card": "red-3"}, {"player": "Ana", "draw": 1},
                {"player": "Ben", "draw": 1, "card": "blank"}, {"player": "Cy", "card": "blue-2"},
                {"player": "Cy", "card": "red-skip"}, {"player": "Ben", "draw": 3},
                {"player": "Ana", "card": "blank"}, {"player": "Ben", "card": "red-4"}]}),
]


def tokens(edition: str) -> list[str]:
    out = []
    for kind in EDITIONS[edition].deck:
        out += [f"{c}-{kind}" for c in COLOURS] if KINDS[kind].coloured else [kind]
    return out


def _safe_start(edition: str, rng: random.Random) -> tuple[str, str | None]:
    start = rng.choice([t for t in tokens(edition) if t not in ("wild-draw4", "blank")])
    return start, rng.choice(COLOURS) if start == "wild" else None


def _next_play(rng: random.Random, body: dict, edition: str) -> dict:
    """Mostly the player whose turn it is, doing something plausible; sometimes not."""
    players = body["players"]
    try:
        state = referee(body).table
        who = state.current if rng.random() < 0.85 else rng.choice(players)
        charged = state.charged
    except RefereeError:
        who, charged = rng.choice(players), None
    if charged and rng.random() < 0.7:
        return {"player": charged[0], "draw": charged[1]}
    roll = rng.random()
    if roll < 0.1:
        return {"player": who, "challenge": True,
                "hand": rng.sample(tokens(edition), rng.randint(0, 3))}
    if roll < 0.22:
        return {"player": who, "draw": rng.choice([1, 1, 1, 2])}
    play = {"player": who, "card": rng.choice(tokens(edition))}
    if roll < 0.3:
        play["draw"] = 1
    if play["card"] in ("wild", "wild-draw4"):
        play["colour"] = rng.choice(COLOURS)
    return play


def generated() -> list[dict]:
    rng = random.Random(SEED)
    cases = []
    for i in range(GENERATED):
        edition = list(EDITIONS)[i % len(EDITIONS)]
        players = NAMES[:rng.randint(2, 6)]
        start, colour = _safe_start(edition, rng)
        body = {"edition": edition, "players": players, "start": start, "plays": [],
                "house_rules": {"stacking": rng.random() < 0.5},
                "dealer": rng.choice(players),
                "cards": {p: rng.randint(1, 5) for p in players}}
        if colour:
            body["colour"] = colour
        for _ in range(rng.randint(3, 24)):
            body["plays"].append(_next_play(rng, body, edition))
        cases.append(body)
    return cases


def python_answer(body: dict) -> dict:
    try:
        answer = referee(body).as_json()
    except RefereeError:
        return {"error": True}
    answer["steps"] = [{k: s[k] for k in COMPARED} for s in answer["steps"]]
    return answer


def js_answers(page, cases: list[dict]) -> list[dict]:
    page.set_content("<!doctype html><title>agreement</title>")
    page.add_script_tag(content=JS)
    feed = [[engine_data(referee({**body, "plays": []})), body["plays"]] for body in cases]
    return page.evaluate("""cases => cases.map(([data, plays]) => {
        const r = window.refereeReplay(data, plays);
        if (r.error) return {error: true};
        return {steps: r.steps, next: r.next, cards: r.cards, first_illegal: r.first_illegal,
                winner: r.winner};
    })""", feed)


def assert_agree(page, cases: list[dict]) -> None:
    for body, js in zip(cases, js_answers(page, cases)):
        expected = python_answer(body)
        if "error" in expected or "error" in js:
            assert expected == js, json.dumps(body)
            continue
        for num, (want, got) in enumerate(zip(expected["steps"], js["steps"]), 1):
            assert got == want, f"play {num} of {json.dumps(body)}"
        assert len(js["steps"]) == len(expected["steps"])
        for key in ("next", "winner", "first_illegal", "cards"):
            assert js[key] == expected[key], f"{key} of {json.dumps(body)}"


def test_hand_written_disputes_agree(page):
    assert_agree(page, HAND_WRITTEN)


def test_generated_stretches_agree(page):
    cases = generated()
    assert len(cases) == GENERATED
    assert_agree(page, cases)


def test_generated_stretches_cover_the_rules():
    """The random stretches reach every kind of step the engine has, so agreement means something."""
    faults, rules, winners, errors = set(), set(), 0, 0
    for body in generated():
        answer = python_answer(body)
        if "error" in answer:
            errors += 1
            continue
        winners += answer["winner"] is not None
        for step in answer["steps"]:
            faults.add(step["fault"])
            rules.update(step["rules"])
    assert rules <= set(ENGINE_RULES), "the page has no title for " + str(rules - set(ENGINE_RULES))
    assert faults - {None} <= set(ENGINE_FAULTS)
    assert {None, "wrong-player", "wrong-card", "going-out", "challenge-who",
            "draw-when-stuck"} <= faults
    assert {"stacking", "house-stacking", "challenge", "cheese-touch", "two-players",
            "going-out-on-draw", "play-drawn-card", "blank-cards", "draw-instead"} <= rules
    assert winners > 20 and errors < GENERATED // 4


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_every_edition_is_fed_from_the_domain(edition):
    data = engine_data(referee({"edition": edition, "players": ["Ana", "Ben"], "start": "red-1",
                                "plays": []}))
    assert data["edition"]["deck"] == EDITIONS[edition].deck
