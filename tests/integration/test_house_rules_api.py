"""Issue 39 over HTTP: the new house-rule keys in games, the judge and the referee; every wrong
type is a 422 naming its key, an unknown key stays a 422; the judge page's two new tiles."""
import re

import pytest

from tests.integration.test_judge_web import verdict
from tests.support.helpers import new_game

REFEREE = {"players": ["Ann", "Ben", "Cy"], "start": "red-5",
           "plays": [{"player": "Ann", "card": "red-7", "swap_with": "Cy"}]}
WRONG = [({"seven_o": "yes"}, "seven_o"), ({"jump_in": 1}, "jump_in"),
         ({"draw_to_match": "on"}, "draw_to_match"), ({"force_play": None}, "force_play"),
         ({"wild_draw4_any_time": 0}, "wild_draw4_any_time"),
         ({"stacking": "sometimes"}, "stacking"), ({"seven_0": True}, "seven_0")]


@pytest.mark.parametrize("rules, key", WRONG)
def test_the_judge_the_referee_and_a_new_game_422_name_the_key(client, rules, key):
    before = client.get("/api/games").json if client.get("/api/games").status_code == 200 else None
    for url, body in (("/api/judge", {"question": "seven-o", "card": "7", "house_rules": rules}),
                      ("/api/referee", {**REFEREE, "house_rules": rules}),
                      ("/api/games", {"players": ["Ann", "Ben"], "house_rules": rules})):
        r = client.post(url, json=body)
        assert r.status_code == 422 and key in r.json["error"], url
    if before is not None:
        assert client.get("/api/games").json == before


@pytest.mark.parametrize("play, rules", [
    ({"player": "Ann", "card": "red-7"}, {"seven_o": True}),  # missing
    ({"player": "Ann", "card": "red-7", "swap_with": "Ann"}, {"seven_o": True}),  # themself
    ({"player": "Ann", "card": "red-7", "swap_with": "Zoe"}, {"seven_o": True}),  # nobody
    ({"player": "Ann", "card": "red-0", "swap_with": "Ben"}, {"seven_o": True}),  # not a 7
    ({"player": "Ann", "card": "red-7", "swap_with": "Ben"}, {}),  # seven_o off
])
def test_referee_422_names_swap_with(client, play, rules):
    r = client.post("/api/referee", json={**REFEREE, "house_rules": rules, "plays": [play]},
                    headers={"Accept-Language": "pl"})
    assert r.status_code == 422 and "swap_with" in r.json["error"]


def test_the_referee_swaps_and_keeps_its_shape(client):
    r = client.post("/api/referee", json={**REFEREE, "house_rules": {"seven_o": True},
                                          "cards": {"Ann": 3, "Ben": 7, "Cy": 9}})
    assert r.status_code == 200
    step = r.json["steps"][0]
    assert step["cards"] == {"Ann": 9, "Ben": 7, "Cy": 2} and step["draws"] == {}
    assert set(r.json) == {"steps", "next", "cards", "first_illegal", "winner"}


def test_the_judge_answers_the_new_questions(client):
    r = client.post("/api/judge", json={"question": "seven-o", "card": "0", "direction": "right",
                                        "house_rules": {"seven_o": True}})
    assert r.status_code == 200 and r.json["ruling"] == "pass-right" and r.json["draws"] == {}
    assert "house-seven-o" in r.json["rules"]
    r = client.post("/api/judge", json={"question": "jump-in", "top": "red-draw2",
                                        "card": "red-draw2", "house_rules": {"jump_in": True}},
                    headers={"Accept-Language": "pl"})
    assert r.status_code == 200 and r.json["draws"] == {"next-player": 2}
    assert r.json["verdict"].startswith("Dozwolone")
    bad = client.post("/api/judge", json={"question": "seven-o", "card": "red-5"})
    assert bad.status_code == 422 and "'card'" in bad.json["error"]


def test_a_game_keeps_its_house_rules_and_today_s_games_look_as_today(client):
    game = new_game(client, players=["Ann", "Ben", "Cy"],
                    house_rules={"seven_o": True, "stacking": "same-kind"})
    stored = client.get(f"/api/games/{game['id']}").json["house_rules"]
    assert stored["seven_o"] is True and stored["stacking"] == "same-kind"
    assert "jump_in" not in stored  # off: stored as before issue 39
    plain = new_game(client, players=["Ann", "Ben"])
    assert client.get(f"/api/games/{plain['id']}").json["house_rules"] == {
        "zero_counts_ten": False, "stacking": False, "uno_penalty": None}


def test_the_judge_page_has_the_two_new_tiles_and_a_game_sets_its_rules(client):
    home = client.get("/judge").get_data(as_text=True)
    assert 'href="/judge/seven-o"' in home and 'href="/judge/jump-in"' in home
    game = new_game(client, players=["Ann", "Ben", "Cy"],
                    house_rules={"seven_o": True, "jump_in": True})
    page = client.get(f"/judge/seven-o?game={game['id']}").get_data(as_text=True)
    assert re.search(r'name="seven_o" value="on" checked', page)
    assert 'href="/rules/classic#house-seven-o"' in page
    # tile, the 7, Judge: three taps with the game's rules already on
    r = client.get(f"/judge/seven-o?game={game['id']}&asked=1&card_kind=7&seven_o=on")
    assert verdict(r).startswith("Swap")
    r = client.get(f"/judge/jump-in?game={game['id']}&asked=1&top_colour=red&top_kind=5"
                   "&card_colour=red&card_kind=5&jump_in=on")
    assert verdict(r).startswith("Legal")
    off = client.get("/judge/jump-in?asked=1&top_colour=red&top_kind=5&card_colour=red&card_kind=5")
    assert verdict(off).startswith("Illegal") and "could be laid out of turn" in off.get_data(as_text=True)


def test_no_bluffing_on_the_judge_page_needs_no_hand(client):
    """'play with a Wild Draw Four and wild_draw4_any_time is legal ... (hand then optional)'"""
    game = new_game(client, players=["Ann", "Ben"], house_rules={"wild_draw4_any_time": True})
    r = client.get(f"/judge/play?game={game['id']}&asked=1&top_colour=red&top_kind=7"
                   "&card_kind=wild-draw4&wild_draw4_any_time=on")
    assert r.status_code == 200 and verdict(r) == "Legal: the next player draws 4"
    without = client.get("/judge/play?asked=1&top_colour=red&top_kind=7&card_kind=wild-draw4")
    assert without.status_code == 422  # the official rules still need the hand
