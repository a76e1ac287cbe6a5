"""The score pad as a person uses it: HTML forms, no JavaScript."""
import re

import pytest

from scorekeeper.domain.editions import EDITIONS
from scorekeeper.scorepad.forms import field_name

from tests.support.helpers import new_game, post_hand, keep_score

PLAYERS = ["Ana", "Ben", "Cy", "Dee"]


def start_game(client, names=PLAYERS, **fields):
    data = {f"players-{i}": n for i, n in enumerate(names)}
    data.update({"edition": "classic", "scoring": "winner-takes-points", "target": "500"})
    data.update(fields)
    return client.post("/games/new", data=data)


def hand_data(out, cards=None, typed=None, edition="classic", request_id="r1"):
    """Form fields for a hand: `cards` maps seat -> list of kinds, `typed` seat -> total."""
    data = {"out": str(out), "request_id": request_id}
    for seat, kinds in (cards or {}).items():
        for kind in EDITIONS[edition].deck:
            if kinds.count(kind):
                data[field_name(seat, kind)] = str(kinds.count(kind))
    for seat, total in (typed or {}).items():
        data[f"p{seat}_typed"] = str(total)
    return data


def revision_in(page):
    return re.search(r'name="revision" type="hidden" value="(\d+)"', page).group(1)


def game_id_of(response) -> str:
    """The new game's id, from where the new-game form sent the browser."""
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def api_state(client, game_id):
    return client.get(f"/api/games/{game_id}").json


def test_pages_render(client):
    assert client.get("/").status_code == 200
    page = client.get("/games/new").get_data(as_text=True)
    for edition in EDITIONS.values():
        assert edition.name in page and edition.short in page
    assert "Winner takes points" in page and "Lowest total" in page
    assert "0 counts as 10" in page and "Blank card points" in page


def test_new_game_remembers_the_edit_key(csrf_off, client):
    gid = game_id_of(start_game(client, ["  Ana  ", "Ben", "", "Cy"]))
    state = api_state(client, gid)
    assert [p["name"] for p in state["players"]] == ["Ana", "Ben", "Cy"]
    board = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Record hand 1" in board
    assert client.get(f"/games/{gid}/hands/new").status_code == 200


@pytest.mark.parametrize("names, fields, message", [
    (["Ana", "ana"], {}, "Two players are called"),
    (["Ana"], {}, "A game needs 2 to 10 players"),
    ([], {}, "A game needs 2 to 10 players"),
    (["Ana", "Ben"], {"target": "0"}, "Choose a target from 1"),
    (["Ana", "Ben"], {"target": "lots"}, "Enter a whole number"),
    (["Ana", "B" * 41], {}, "40"),
    (["Ana", "Ben"], {"uno_penalty": "99"}, "From 0 to 20 cards"),
])
def test_new_game_errors_are_shown_and_nothing_is_created(csrf_off, client, names, fields, message):
    response = start_game(client, names, **fields)
    assert response.status_code == 200
    assert message in response.get_data(as_text=True)
    assert "No game in progress." in client.get("/").get_data(as_text=True)  # no game made


def test_new_game_house_rules_and_edition(csrf_off, client):
    gid = game_id_of(start_game(client, ["Ana", "Ben"], edition="classic-112", scoring="lowest-total",
                                target="300", zero_counts_ten="y", blank_points="30"))
    state = api_state(client, gid)
    assert state["edition"] == "classic-112" and state["scoring"] == "lowest-total" and state["target"] == 300
    assert state["house_rules"]["zero_counts_ten"] is True and state["house_rules"]["blank_points"] == 30


def test_a_whole_game_through_the_keypad_form(csrf_off, client):
    gid = game_id_of(start_game(client, target="200"))
    hands = [
        (0, {1: ["7", "7", "skip", "wild"], 2: ["3", "draw2"]}, {3: 45}),     # Ana +152
        (1, {0: ["9"], 2: ["1"], 3: ["reverse"]}, None),                     # Ben +30
        (2, {0: ["wild-draw4"], 1: ["0"], 3: ["2", "2"]}, None),             # Cy +54
        (3, {0: ["4"], 1: ["5"], 2: ["6"]}, None),                           # Dee +15
        (1, {0: ["1"], 2: ["1"], 3: ["1"]}, None),                           # Ben +3
        (0, {1: ["wild"], 2: ["8"], 3: ["skip"]}, None),                      # Ana +78 -> 230: over
    ]
    for number, (out, cards, typed) in enumerate(hands, start=1):
        response = client.post(f"/games/{gid}/hands/new", data=hand_data(out, cards, typed, request_id=f"h{number}"))
        assert response.status_code == 302, response.get_data(as_text=True)
    state = api_state(client, gid)
    assert len(state["hands"]) == 6
    assert state["standings"]["winner-takes-points"] == {"Ana": 230, "Ben": 33, "Cy": 54, "Dee": 15}
    assert state["finished"] is True and state["winners"] == ["Ana"]
    board = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Ana wins!" in board and "Keep playing" in board
    assert "Earlier hands" in board and 'id="hand-2"' in board and 'id="hand-1"' not in board
    every = client.get(f"/games/{gid}/hands").get_data(as_text=True)
    assert 'id="hand-1"' in every and "typed total" in every
    other = client.get(f"/games/{gid}?system=lowest-total").get_data(as_text=True)
    assert 'aria-current="page">Lowest total' in other
    page = client.get(f"/games/{gid}/hands/new").get_data(as_text=True)
    assert "This game is over" in page
    refused = client.post(f"/games/{gid}/hands/new", data=hand_data(1, {0: ["1"], 2: ["1"], 3: ["1"]}, request_id="h7"))
    assert refused.status_code == 409 and len(api_state(client, gid)["hands"]) == 6
    assert client.post(f"/games/{gid}/target", data={"target": "400"}).status_code == 302
    assert api_state(client, gid)["finished"] is False
    assert client.post(f"/games/{gid}/hands/new", data=hand_data(1, {0: ["1"], 2: ["1"], 3: ["1"]},
                                                             request_id="h7")).status_code == 302
    assert len(api_state(client, gid)["hands"]) == 7


def test_double_save_records_one_hand(csrf_off, client):
    gid = game_id_of(start_game(client))
    page = client.get(f"/games/{gid}/hands/new").get_data(as_text=True)
    request_id = re.search(r'name="request_id" type="hidden" value="([0-9a-f]+)"', page).group(1)
    data = hand_data(0, {1: ["1"], 2: ["2"], 3: ["3"]}, request_id=request_id)
    assert client.post(f"/games/{gid}/hands/new", data=data).status_code == 302
    assert client.post(f"/games/{gid}/hands/new", data=data).status_code == 302
    assert len(api_state(client, gid)["hands"]) == 1


@pytest.mark.parametrize("data, message", [
    ({"request_id": "x"}, "Tap the player who went out."),
    (hand_data(0, {1: ["1"], 2: ["2"]}), "Tap the cards left in Dee&#39;s hand, or type their total."),
    (hand_data(0, {0: ["1"], 1: ["1"], 2: ["2"], 3: ["3"]}), "Ana went out, so Ana holds no cards."),
    (hand_data(0, {1: ["0", "0", "0"], 2: ["0", "0"], 3: ["1"]}), "Too many 0 cards"),
    (hand_data(0, {1: ["1"], 2: ["2"], 3: ["3"]}, {3: 4}), "Enter the cards or a typed total, not both."),
    ({**hand_data(0, {1: ["1"], 2: ["2"], 3: ["3"]}), "p1_7": "9"}, "The deck has 8 of these."),
    ({**hand_data(0, {1: ["1"], 2: ["2"], 3: ["3"]}), "p2_typed": "-3"}, "From 0 to 5000 points."),
    ({**hand_data(0, {1: ["1"], 2: ["2"], 3: ["3"]}), "out": "9"}, "Not a valid choice"),
])
def test_hand_form_errors_are_shown_and_change_nothing(csrf_off, client, data, message):
    gid = game_id_of(start_game(client))
    response = client.post(f"/games/{gid}/hands/new", data=data)
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    assert api_state(client, gid)["hands"] == []


def test_error_sits_beside_the_player(csrf_off, client):
    gid = game_id_of(start_game(client))
    page = client.post(f"/games/{gid}/hands/new", data=hand_data(0, {1: ["1"], 2: ["2"]})).get_data(as_text=True)
    dee = page[page.index('id="seat-3"'):]
    assert 'id="seat-3-error"' in dee[:dee.index("</fieldset>")]


def test_edit_and_delete_a_hand(csrf_off, client):
    gid = game_id_of(start_game(client))
    client.post(f"/games/{gid}/hands/new", data=hand_data(0, {1: ["7"], 2: ["7"], 3: ["7"]}, request_id="a"))
    client.post(f"/games/{gid}/hands/new", data=hand_data(1, {0: ["1"], 2: ["1"], 3: ["1"]}, request_id="b"))
    form = client.get(f"/games/{gid}/hands/1/edit").get_data(as_text=True)
    assert 'name="p1_7" type="number" value="1"' in form
    edit = {**hand_data(0, {1: ["wild"], 2: ["7"], 3: ["7"]}), "revision": revision_in(form)}
    # A form without the revision it was opened at cannot prove it is current: asked first.
    assert client.post(f"/games/{gid}/hands/1/edit", data={**edit, "revision": ""}).status_code == 409
    assert client.post(f"/games/{gid}/hands/1/edit", data={**edit, "revision": "²"}).status_code == 409
    assert client.post(f"/games/{gid}/hands/1/edit", data=edit).status_code == 302
    assert api_state(client, gid)["standings"]["winner-takes-points"]["Ana"] == 64
    form = client.get(f"/games/{gid}/hands/1/edit").get_data(as_text=True)
    delete = {"revision": revision_in(form)}
    assert client.post(f"/games/{gid}/hands/2/delete", data=delete).status_code == 302  # not hand 2
    assert len(api_state(client, gid)["hands"]) == 2
    assert client.post(f"/games/{gid}/hands/1/delete", data=delete).status_code == 302
    state = api_state(client, gid)
    assert len(state["hands"]) == 1 and state["hands"][0]["winner"] == "Ben"
    assert state["standings"]["winner-takes-points"] == {"Ana": 0, "Ben": 3, "Cy": 0, "Dee": 0}
    assert client.get(f"/games/{gid}/hands/5/edit").status_code == 404


def test_editing_on_the_keypad_keeps_api_colours(csrf_off, client, game):
    post_hand(client, game, {"Ana": [], "Ben": ["red-7", "blue-7"], "Cy": ["1"], "Dee": ["1"]})
    keep_score(client, game)
    form = client.get(f"/games/{game['id']}/hands/1/edit").get_data(as_text=True)
    data = {**hand_data(0, {1: ["7"], 2: ["1"], 3: ["1", "2"]}), "revision": revision_in(form)}
    assert client.post(f"/games/{game['id']}/hands/1/edit", data=data).status_code == 302
    held = api_state(client, game["id"])["hands"][0]["held"]
    assert held["Ben"] == ["red-7"] and held["Dee"] == ["1", "2"]


def test_only_the_key_holder_can_change_a_game(csrf_off, client, app):
    game = new_game(client)  # created through the API: this browser holds no key
    board = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert "Record hand" not in board
    post_hand(client, game, {"Ana": [], "Ben": ["1"], "Cy": ["1"], "Dee": ["1"]})
    assert client.get(f"/games/{game['id']}/hands/new").status_code == 403
    assert client.post(f"/games/{game['id']}/hands/new", data=hand_data(0, {1: ["1"], 2: ["1"], 3: ["1"]})).status_code == 403
    assert client.post(f"/games/{game['id']}/hands/1/delete").status_code == 403
    assert client.post(f"/games/{game['id']}/target", data={"target": "9"}).status_code == 403
    assert len(api_state(client, game["id"])["hands"]) == 1


def test_scoreboard_shows_standings_leader_and_dealer(csrf_off, client):
    gid = game_id_of(start_game(client, scoring="lowest-total"))
    client.post(f"/games/{gid}/hands/new", data=hand_data(2, {0: ["wild"], 1: ["5"], 3: ["9"]}))
    board = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Ben deals hand 2." in board
    assert re.search(r'<tr class="leader">\s*<th scope="row">Cy', board)
    assert '<progress max="500" value="50"' in board
    assert "450 to go" in board


def test_home_lists_games_newest_first(csrf_off, client):
    first = game_id_of(start_game(client, ["Ana", "Ben"]))
    second = game_id_of(start_game(client, ["Cy", "Dee"]))
    home = client.get("/").get_data(as_text=True)
    assert home.index("Cy, Dee") < home.index("Ana, Ben")
    assert f'href="/games/{second}"' in home and f'href="/games/{first}"' in home


def test_unknown_pages_are_404_html(client):
    response = client.get("/games/42")
    assert response.status_code == 404 and "home page" in response.get_data(as_text=True)
    assert client.get("/games/42", headers={"Accept": "application/json"}).json["error"]


def test_no_js_count_boxes_start_empty_and_errors_sit_beside_their_box(csrf_off, client):
    gid = game_id_of(start_game(client))
    page = client.get(f"/games/{gid}/hands/new").get_data(as_text=True)
    assert re.search(r'name="p1_7" type="number" value=""', page)
    assert 'type="number" value="0"' not in page
    bad = client.post(f"/games/{gid}/hands/new", data={**hand_data(0, {1: ["1"], 2: ["2"], 3: ["3"]}), "p1_7": "9"})
    html = bad.get_data(as_text=True)
    box = html[html.index('name="p1_7"'):]
    assert box.index("The deck has 8 of these.") < box.index("</label>")  # inside that box's label
    assert 'aria-describedby="p1_7-error"' in html


def test_went_out_link_preselects_who_went_out(csrf_off, client):
    gid = game_id_of(start_game(client))
    board = client.get(f"/games/{gid}").get_data(as_text=True)
    assert f"/games/{gid}/hands/new?out=2" in board
    page = client.get(f"/games/{gid}/hands/new?out=2").get_data(as_text=True)
    assert re.search(r'name="out" value="2" checked', page)
    for odd in ("9", "x", "-1", "²", "9" * 5000):  # 5,000 digits: found by the fuzz test, was a 500
        page = client.get(f"/games/{gid}/hands/new?out={odd}")
        assert page.status_code == 200 and "checked" not in page.get_data(as_text=True)


def test_a_save_for_a_game_that_ended_meanwhile_keeps_the_cards(csrf_off, client):
    gid = game_id_of(start_game(client, target="10"))
    assert client.post(f"/games/{gid}/hands/new", data=hand_data(0, {1: ["9"], 2: ["9"], 3: ["9"]},
                                                             request_id="first")).status_code == 302
    late = client.post(f"/games/{gid}/hands/new", data=hand_data(1, {0: ["wild"], 2: ["1"], 3: ["1"]},
                                                             request_id="late"))
    html = late.get_data(as_text=True)
    assert late.status_code == 409 and "This game is over" in html
    assert 'name="p0_wild" type="number" value="1"' in html  # what was entered is still there
    assert len(api_state(client, gid)["hands"]) == 1


def test_a_refused_keypad_save_runs_the_write_once_and_is_not_saved_again(csrf_off, client, monkeypatch):
    """One pass: load, check, save once; a problem renders the page, it does not try again."""
    from scorekeeper.services import hands
    gid = game_id_of(start_game(client, target="10"))
    writes = []
    real_write = hands.write_game
    monkeypatch.setattr(hands, "write_game", lambda *a, **k: writes.append(a[0]) or real_write(*a, **k))
    assert client.post(f"/games/{gid}/hands/new", data=hand_data(0, {1: ["9"], 2: ["9"], 3: ["9"]},
                                                             request_id="one")).status_code == 302
    assert writes == [gid]
    over = client.post(f"/games/{gid}/hands/new", data=hand_data(1, {0: ["1"], 2: ["1"], 3: ["1"]},
                                                                request_id="two"))
    assert over.status_code == 409 and "This game is over" in over.get_data(as_text=True)
    assert writes == [gid, gid]  # refused by the one write, not retried
    bad = client.post(f"/games/{gid}/hands/new", data=hand_data(1, {0: ["1"]}, request_id="three"))
    assert bad.status_code == 422 and "left in Cy" in bad.get_data(as_text=True)
    assert writes == [gid, gid]  # a problem in the form never reaches the write
