"""`POST /api/referee` over HTTP: the contract in /work/shared/DESIGN.md ("Referee: replay a
disputed stretch of plays"), 422 naming the play for anything it cannot replay, Polish texts."""
import re

import pytest

from tests.integration.test_judge_web import english_in

ANSWER_KEYS = {"steps", "next", "cards", "first_illegal", "winner"}
STEP_KEYS = {"player", "legal", "fault", "next", "direction", "colour", "pending_draw", "draws",
             "cards", "explanation", "rules"}
BODY = {"edition": "classic", "house_rules": {}, "players": ["Alice", "Bob", "Carol"],
        "dealer": "Carol", "start": "red-7", "cards": {"Alice": 7},
        "plays": [{"player": "Alice", "card": "green-7"},
                  {"player": "Bob", "card": "wild", "colour": "blue"},
                  {"player": "Carol", "draw": 1},
                  {"player": "Alice", "draw": 1, "card": "blue-5"},
                  {"player": "Bob", "card": "wild-draw4", "colour": "red"},
                  {"player": "Carol", "challenge": True, "hand": ["blue-2"]},
                  {"player": "Carol", "card": "red-3"}]}


def post(client, body, lang="en"):
    return client.post("/api/referee", json=body, headers={"Accept-Language": lang})


def test_the_shape_is_exactly_as_designed(client):
    r = post(client, BODY)
    assert r.status_code == 200 and r.is_json
    data = r.json
    assert set(data) == ANSWER_KEYS
    assert len(data["steps"]) == len(BODY["plays"])
    for step in data["steps"]:
        assert set(step) == STEP_KEYS
        assert isinstance(step["explanation"], str) and step["explanation"]
        assert step["direction"] in ("left", "right")
    steps = data["steps"]
    assert [s["legal"] for s in steps] == [True] * 7
    assert steps[1]["colour"] == "blue" and steps[2]["draws"] == {"Carol": 1}
    assert steps[4]["pending_draw"] == 4 and steps[4]["next"] == "Carol"
    assert steps[5]["draws"] == {"Bob": 4} and steps[5]["next"] == "Carol"  # guilty: blue held
    assert data["next"] == "Alice" and data["first_illegal"] is None and data["winner"] is None
    assert data["cards"] == {"Alice": 6, "Bob": 9, "Carol": 7}


@pytest.mark.parametrize("body", [
    BODY,
    {"players": ["Ann", "Ben"], "start": "red-draw2", "plays": []},
    {"players": ["Ann", "Ben", "Cy"], "start": "wild", "colour": "red",
     "plays": [{"player": "Ben", "card": "red-1"}, {"player": "Ann", "card": "red-draw2"},
               {"player": "Ben", "draw": 2}]},
])
def test_the_answer_and_every_step_have_exactly_the_contracts_keys(client, body):
    """Outside clients depend on the contract: no key more (the card turned up is not in
    the answer), no key fewer, legal or not."""
    for lang in ("en", "pl"):
        data = post(client, body, lang).json
        assert set(data) == ANSWER_KEYS
        assert all(set(step) == STEP_KEYS for step in data["steps"])


def test_an_illegal_play_is_reported_and_the_right_player_still_plays(client):
    body = {"players": ["Ann", "Ben"], "start": "red-7",
            "plays": [{"player": "Ben", "card": "red-1"}, {"player": "Ann", "card": "blue-2"},
                      {"player": "Ann", "card": "red-reverse"}]}
    data = post(client, body).json
    assert [s["fault"] for s in data["steps"]] == ["wrong-player", "wrong-card", None]
    assert data["first_illegal"] == 0 and data["next"] == "Ann"  # Reverse with two: a Skip
    assert "two-players" in data["steps"][2]["rules"]


def test_every_rule_cited_resolves_on_the_rules_page(client):
    data = post(client, BODY).json
    page = client.get("/rules/classic").get_data(as_text=True)
    for step in data["steps"]:
        for rule_id in step["rules"]:
            assert re.search(rf'id="?{re.escape(rule_id)}"?[\s>]', page), rule_id


def _with_play(play):
    return {"players": ["Ann", "Ben"], "start": "red-7", "plays": [{"player": "Ann", "card": "red-1"}, play]}


@pytest.mark.parametrize("body, names", [
    (_with_play({"player": "Zed", "card": "red-2"}), "Play 2"),  # unknown player
    (_with_play({"player": "Ben", "card": "cheese-touch"}), "Play 2"),  # the deck lacks it
    (_with_play({"player": "Ben", "card": "wild"}), "Play 2"),  # a Wild without a colour
    (_with_play({"player": "Ben", "card": "red-2", "colour": "blue"}), "Play 2"),
    (_with_play({"player": "Ben", "draw": True}), "Play 2"),  # wrong type
    (_with_play({"player": "Ben", "card": 7}), "Play 2"),
    (_with_play({"player": "Ben", "challenge": "yes", "hand": []}), "Play 2"),
    (_with_play({"player": ["Ben"], "card": "red-2"}), "Play 2"),
    (_with_play(["Ben", "red-2"]), "Play 2"),
    ({"players": ["Ann", "Ben"], "start": "red-7",
      "plays": [{"player": "Ann", "card": "red-0"}, {"player": "Ben", "card": "red-0"}]},
     "Play 2"),  # more copies than the deck has: one red 0
    ({"players": ["Ann", "Ben"], "start": "red-7", "plays": [{"player": "Ann", "draw": 1}] * 501},
     "500"),
    ({"players": "Ann, Ben", "start": "red-7", "plays": []}, "players"),
    ({"players": [f"P{i}" for i in range(11)], "start": "red-7", "plays": []}, "players"),
    ({"players": ["Ann", "Ben"], "start": "red-77", "plays": []}, "start"),
    ({"players": ["Ann", "Ben"], "start": "red-7", "plays": [], "edition": "uno-flip"}, "edition"),
    ({"players": ["Ann", "Ben"], "start": "red-7", "plays": [], "house_rules": {"x": 1}}, "x"),
    ([1, 2, 3], "JSON object"),
])
def test_malformed_input_is_a_422_naming_the_problem(client, body, names):
    r = post(client, body)
    assert r.status_code == 422, r.get_data(as_text=True)
    assert set(r.json) == {"error"} and names in r.json["error"]


@pytest.mark.parametrize("raw", ["{", "", "null", '"x"'])
def test_unreadable_bodies_are_a_422_never_a_500(client, raw):
    r = client.post("/api/referee", data=raw, content_type="application/json")
    assert r.status_code == 422 and "error" in r.json


def test_json_nested_too_deeply_is_refused_by_the_apps_guard(client):
    r = client.post("/api/referee", data="[" * 5000, content_type="application/json")
    assert r.status_code == 400 and "nested" in r.json["error"]


def test_polish_texts_with_the_same_data(client):
    en, pl = post(client, BODY).json, post(client, BODY, "pl").json
    assert len(en["steps"]) == len(pl["steps"]) == len(BODY["plays"])
    for a, b in zip(en["steps"], pl["steps"]):
        assert {k: v for k, v in a.items() if k != "explanation"} == \
            {k: v for k, v in b.items() if k != "explanation"}
        assert a["explanation"] != b["explanation"]
        assert not english_in(b["explanation"]), b["explanation"]
    error = post(client, _with_play({"player": "Zed", "card": "red-2"}), "pl").json["error"]
    assert error.startswith("Zagranie 2") and not english_in(error), error

