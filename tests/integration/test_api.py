"""The JSON API contract from docs/api.md."""
import pytest

from tests.support.helpers import auth, new_game, post_hand

HAND = {"Ana": [], "Ben": ["7", "red-skip", "wild"], "Cy": ["0"], "Dee": ["wild-draw4"]}


def test_create_game_defaults_and_shape(client):
    game = new_game(client, players=["  Ana ", "Ben"])
    assert set(game) == {"id", "edition", "scoring", "target", "house_rules", "players", "standings",
                         "url", "hands", "finished", "winners", "edit_key"}
    assert game["edition"] == "classic" and game["scoring"] == "winner-takes-points" and game["target"] == 500
    assert game["players"] == [{"name": "Ana", "score": 0}, {"name": "Ben", "score": 0}]
    assert game["standings"] == {"winner-takes-points": {"Ana": 0, "Ben": 0}, "lowest-total": {"Ana": 0, "Ben": 0}}
    assert game["url"] == f"/games/{game['id']}"
    assert game["hands"] == [] and game["finished"] is False and game["winners"] == []
    fetched = client.get(f"/api/games/{game['id']}").json
    assert "edit_key" not in fetched and fetched == {k: v for k, v in game.items() if k != "edit_key"}


def test_create_game_with_every_option(client):
    game = new_game(client, players=["Ana", "Ben"], edition="classic-112", scoring="lowest-total",
                    target=300, house_rules={"zero_counts_ten": True, "stacking": True,
                                             "uno_penalty": 3, "blank_points": 25})
    assert game["edition"] == "classic-112" and game["scoring"] == "lowest-total" and game["target"] == 300
    assert game["house_rules"] == {"zero_counts_ten": True, "stacking": True, "uno_penalty": 3, "blank_points": 25}


@pytest.mark.parametrize("body, status, words", [
    ({}, 400, "'players' is required"),
    ({"players": ["Ana"]}, 422, "2 to 10"),
    ({"players": ["Ana", "ana"]}, 422, "Two players"),
    ({"players": ["Ana", ""]}, 422, "needs a name"),
    ({"players": ["Ana", "B" * 41]}, 422, "at most 40"),
    ({"players": "Ana, Ben"}, 422, "list of names"),
    ({"players": ["Ana", 7]}, 422, "list of names"),
    ({"players": ["Ana", "Ben"], "edition": "deluxe"}, 422, "Unknown edition"),
    ({"players": ["Ana", "Ben"], "scoring": "golf"}, 422, "Unknown scoring"),
    ({"players": ["Ana", "Ben"], "scoring": []}, 422, "Unknown scoring"),
    ({"players": ["Ana", "Ben"], "scoring": {}}, 422, "Unknown scoring"),
    ({"players": ["Ana", "Ben"], "edition": ["classic"]}, 422, "Unknown edition"),
    ({"players": ["Ana", "Ben"], "target": 0}, 422, "target"),
    ({"players": ["Ana", "Ben"], "target": "500"}, 422, "target"),
    ({"players": ["Ana", "Ben"], "target": 12.5}, 422, "target"),
    ({"players": ["Ana", "Ben"], "house_rules": {"seven_swap": True}}, 422, "Unknown house rule"),
    ({"players": ["Ana", "Ben"], "house_rules": {"blank_points": 10}}, 422, "classic-112"),
    ({"players": ["Ana", "Ben"], "colour": "red"}, 400, "Unknown field"),
    ([1, 2], 400, "JSON object"),
])
def test_create_game_rejects_bad_input(client, body, status, words):
    response = client.post("/api/games", json=body)
    assert response.status_code == status
    assert words in response.json["error"]
    assert client.get("/api/games/1").status_code == 404  # nothing was created


def test_not_json_at_all(client):
    response = client.post("/api/games", data="players=Ana", content_type="text/plain")
    assert response.status_code == 400 and "JSON" in response.json["error"]


def test_unknown_game_is_404_json(client):
    response = client.get("/api/games/999")
    assert response.status_code == 404 and "error" in response.json


def test_record_a_hand(client, game):
    response = post_hand(client, game, HAND)
    assert response.status_code == 201
    hand = response.json["hand"]
    assert hand["number"] == 1 and hand["winner"] == "Ana"
    assert hand["held"] == HAND
    assert hand["points"] == {"Ana": 0, "Ben": 77, "Cy": 0, "Dee": 50}
    after = response.json["game"]
    assert after["players"][0] == {"name": "Ana", "score": 127}
    assert after["standings"]["lowest-total"] == {"Ana": 0, "Ben": 77, "Cy": 0, "Dee": 50}
    assert client.get(f"/api/games/{game['id']}").json == after


def test_typed_totals_through_the_api(client, game):
    response = post_hand(client, game, {"Ana": [], "Ben": ["7"], "Cy": ["1"]}, typed_totals={"Dee": 64})
    assert response.status_code == 201
    assert response.json["hand"]["points"]["Dee"] == 64
    assert response.json["hand"]["typed_totals"] == {"Dee": 64}
    assert response.json["game"]["players"][0]["score"] == 72


def test_request_id_records_one_hand(client, game):
    first = post_hand(client, game, HAND, request_id="tap-1")
    again = post_hand(client, game, HAND, request_id="tap-1")
    assert first.status_code == 201 and again.status_code in (200, 201)
    assert again.json["hand"] == first.json["hand"]
    assert len(client.get(f"/api/games/{game['id']}").json["hands"]) == 1
    other = post_hand(client, game, HAND, request_id="tap-2")
    assert other.status_code == 201 and other.json["hand"]["number"] == 2
    late = post_hand(client, game, HAND, request_id="tap-1")  # resent after another save: that hand, today's game
    assert late.json["hand"] == first.json["hand"] and late.json["game"] == client.get(f"/api/games/{game['id']}").json


@pytest.mark.parametrize("held, words", [
    ({"Ana": [], "Ben": [], "Cy": ["1"], "Dee": ["1"]}, "Only one player"),
    ({"Ana": ["1"], "Ben": ["1"], "Cy": ["1"], "Dee": ["1"]}, "Nobody went out"),
    ({"Ana": [], "Ben": ["1"], "Cy": ["1"]}, "Dee is missing"),
    ({"Ana": [], "Ben": ["0"] * 3, "Cy": ["0"] * 2, "Dee": ["1"]}, "Too many 0"),
    ({"Ana": [], "Ben": ["joker"], "Cy": ["1"], "Dee": ["1"]}, "'joker'"),
    ({"Ana": [], "Ben": ["cheese-touch"], "Cy": ["1"], "Dee": ["1"]}, "no Cheese Touch"),
    ({"Ana": [], "Ben": [None], "Cy": ["1"], "Dee": ["1"]}, "not a card"),
    ("Ana", "must map"),
])
def test_bad_hands_change_nothing(client, held, words, game):
    post_hand(client, game, HAND)
    before = client.get(f"/api/games/{game['id']}").json
    response = post_hand(client, game, held)
    assert response.status_code == 422 and words in response.json["error"]
    assert client.get(f"/api/games/{game['id']}").json == before


def test_edit_key_is_required_for_writes(client, game):
    url = f"/api/games/{game['id']}/hands"
    assert client.post(url, json={"held": HAND}).status_code == 401
    assert client.post(url, json={"held": HAND}, headers={"Authorization": "Bearer nope"}).status_code == 403
    assert client.post(url, json={"held": HAND}, headers={"Authorization": "Basic x"}).status_code == 401
    other = new_game(client)
    assert client.post(url, json={"held": HAND}, headers=auth(other)).status_code == 403
    assert post_hand(client, game, HAND).status_code == 201
    for method in (client.put, client.delete):
        assert method(f"{url}/1", json={"held": HAND}).status_code == 401
        assert method(f"{url}/1", json={"held": HAND}, headers={"Authorization": "Bearer x"}).status_code == 403
    assert client.patch(f"/api/games/{game['id']}", json={"target": 9}).status_code == 401
    assert len(client.get(f"/api/games/{game['id']}").json["hands"]) == 1


def test_edit_and_delete_hands_recompute(client, game):
    post_hand(client, game, HAND)                                                         # Ana +127
    post_hand(client, game, {"Ana": ["9"], "Ben": [], "Cy": ["skip"], "Dee": ["1"]})       # Ben +30
    third = post_hand(client, game, {"Ana": ["wild"], "Ben": ["2"], "Cy": [], "Dee": ["3"]})  # Cy +55
    revisions = [h["revision"] for h in third.json["game"]["hands"]]
    assert len(set(revisions)) == 3  # every write to a game gives its hand a revision of its own
    url = f"/api/games/{game['id']}/hands"
    edited = client.put(f"{url}/2", json={"held": {"Ana": ["9", "9"], "Ben": [], "Cy": ["skip"], "Dee": ["1"]}},
                        headers=auth(game))
    assert edited.status_code == 200
    assert edited.json["hand"]["points"]["Ana"] == 18
    assert edited.json["hand"]["revision"] not in revisions
    assert edited.json["game"]["standings"]["winner-takes-points"] == {"Ana": 127, "Ben": 39, "Cy": 55, "Dee": 0}
    deleted = client.delete(f"{url}/1", headers=auth(game))
    assert deleted.status_code == 200
    after = deleted.json["game"]
    assert [h["number"] for h in after["hands"]] == [1, 2]
    assert [h["winner"] for h in after["hands"]] == ["Ben", "Cy"]
    assert after["standings"]["winner-takes-points"] == {"Ana": 0, "Ben": 39, "Cy": 55, "Dee": 0}
    assert client.delete(f"{url}/7", headers=auth(game)).status_code == 404
    assert client.put(f"{url}/7", json={"held": HAND}, headers=auth(game)).status_code == 404


def test_stale_edit_is_refused(client, game):
    read = post_hand(client, game, HAND).json["hand"]["revision"]
    url = f"/api/games/{game['id']}/hands/1"
    changed = {"Ana": [], "Ben": ["7"], "Cy": ["0"], "Dee": ["1"]}
    assert client.put(url, json={"held": changed, "revision": read}, headers=auth(game)).status_code == 200
    stale = client.put(url, json={"held": HAND, "revision": read}, headers=auth(game))
    assert stale.status_code == 409 and "another phone" in stale.json["error"]
    assert client.get(f"/api/games/{game['id']}").json["hands"][0]["held"] == changed


def test_a_hand_that_moved_up_is_not_mistaken_for_another(client, game):
    """Phone A read hand 2; phone B deleted hand 1. A's edit or delete of "hand 2" must not
    land on the hand that used to be number 3."""
    for ben in (["1"], ["2"], ["3"]):
        post_hand(client, game, {"Ana": [], "Ben": ben, "Cy": ["1"], "Dee": ["1"]})
    hands = client.get(f"/api/games/{game['id']}").json["hands"]
    second = hands[1]["revision"]
    url = f"/api/games/{game['id']}/hands"
    assert client.delete(f"{url}/1", headers=auth(game)).status_code == 200
    moved = {"Ana": [], "Ben": ["9"], "Cy": ["1"], "Dee": ["1"]}
    assert client.put(f"{url}/2", json={"held": moved, "revision": second}, headers=auth(game)).status_code == 409
    assert client.delete(f"{url}/2?revision={second}", headers=auth(game)).status_code == 409
    assert [h["held"]["Ben"] for h in client.get(f"/api/games/{game['id']}").json["hands"]] == [["2"], ["3"]]
    # The same delete sent twice removes one hand, not two.
    assert client.delete(f"{url}/1?revision={second}", headers=auth(game)).status_code == 200
    assert client.delete(f"{url}/1?revision={second}", headers=auth(game)).status_code == 409
    assert [h["held"]["Ben"] for h in client.get(f"/api/games/{game['id']}").json["hands"]] == [["3"]]
    assert client.delete(f"{url}/1?revision=x", headers=auth(game)).status_code == 400


def test_finished_game_refuses_hands_until_target_raised(client):
    game = new_game(client, players=["Ana", "Ben"], target=100)
    post_hand(client, game, {"Ana": [], "Ben": ["wild", "wild", "1"]})
    state = client.get(f"/api/games/{game['id']}").json
    assert state["finished"] is True and state["winners"] == ["Ana"]
    refused = post_hand(client, game, {"Ana": ["1"], "Ben": []})
    assert refused.status_code == 409 and "over" in refused.json["error"]
    assert len(client.get(f"/api/games/{game['id']}").json["hands"]) == 1
    # Editing a past hand is still allowed and may reopen the game.
    url = f"/api/games/{game['id']}/hands/1"
    reopened = client.put(url, json={"held": {"Ana": [], "Ben": ["1"]}}, headers=auth(game)).json["game"]
    assert reopened["finished"] is False and reopened["winners"] == []
    client.put(url, json={"held": {"Ana": [], "Ben": ["wild", "wild", "1"]}}, headers=auth(game))
    raised = client.patch(f"/api/games/{game['id']}", json={"target": 750}, headers=auth(game))
    assert raised.status_code == 200 and raised.json["target"] == 750 and raised.json["finished"] is False
    assert post_hand(client, game, {"Ana": ["1"], "Ben": []}).status_code == 201


def test_bad_target_change(client, game):
    url = f"/api/games/{game['id']}"
    assert client.patch(url, json={"target": -5}, headers=auth(game)).status_code == 422
    assert client.patch(url, json={}, headers=auth(game)).status_code == 400
    assert client.get(url).json["target"] == 500
    post_hand(client, game, HAND)  # Ana 127
    low = client.patch(url, json={"target": 127}, headers=auth(game))
    assert low.status_code == 422 and "choose a target above 127" in low.json["error"]
    assert client.get(url).json["target"] == 500
    assert client.patch(url, json={"target": 128}, headers=auth(game)).status_code == 200


def test_poll_etags_compare_weakly(client, game):
    """A proxy that compresses may weaken the ETag (W/"..."): a poll still gets its 304."""
    url = f"/api/games/{game['id']}"
    etag = client.get(url).headers["ETag"]
    assert client.get(url, headers={"If-None-Match": "W/" + etag}).status_code == 304


def test_lowest_total_game_over_and_shared_win(client):
    game = new_game(client, players=["Ana", "Ben", "Cy"], scoring="lowest-total", target=50)
    post_hand(client, game, {"Ana": [], "Ben": ["draw2", "9"], "Cy": ["3"]})
    assert client.get(f"/api/games/{game['id']}").json["finished"] is False
    post_hand(client, game, {"Ana": ["3"], "Ben": ["wild"], "Cy": []})
    state = client.get(f"/api/games/{game['id']}").json
    assert state["players"] == [{"name": "Ana", "score": 3}, {"name": "Ben", "score": 79}, {"name": "Cy", "score": 3}]
    assert state["finished"] is True and state["winners"] == ["Ana", "Cy"]


def test_house_rules_change_the_points(client):
    game = new_game(client, players=["Ana", "Ben"], house_rules={"zero_counts_ten": True})
    hand = post_hand(client, game, {"Ana": [], "Ben": ["0", "0"]}).json["hand"]
    assert hand["points"]["Ben"] == 20
    game = new_game(client, players=["Ana", "Ben"], edition="classic-112", house_rules={"blank_points": 15})
    assert post_hand(client, game, {"Ana": [], "Ben": ["blank"]}).json["hand"]["points"]["Ben"] == 15
    game = new_game(client, players=["Ana", "Ben"], edition="wimpy-kid")
    assert post_hand(client, game, {"Ana": [], "Ben": ["cheese-touch"]}).json["hand"]["points"]["Ben"] == 50


@pytest.mark.parametrize("body", [
    None, [], "x", 5, {"held": None}, {"held": []}, {"held": {"Ana": {}}}, {"held": {"": []}},
    {"held": HAND, "request_id": 5}, {"held": HAND, "request_id": ""}, {"held": HAND, "request_id": "x" * 65},
    {"held": HAND, "typed_totals": [1]}, {"held": HAND, "typed_totals": {"Ben": 1.5}},
    {"held": {"Ana": [], "Ben": [[]], "Cy": ["1"], "Dee": ["1"]}}, {"held": HAND, "extra": 1},
])
def test_strange_bodies_never_500(client, body, game):
    response = post_hand(client, game, None) if body is None else client.post(
        f"/api/games/{game['id']}/hands", json=body, headers=auth(game))
    assert 400 <= response.status_code < 500 and "error" in response.json
    assert client.get(f"/api/games/{game['id']}").json["hands"] == []
