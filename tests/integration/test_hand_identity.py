"""Hands with an identity (issue 17): ids that never name another hand, edits and deletes
matched on them, deletes that Undo puts back whole, and the same hand saved on two phones.

Every step checks the stored game (through GET), not only the answer."""
import re

import pytest

from tests.integration.test_scorepad import hand_data
from tests.support.helpers import auth, keep_score, new_game, post_hand

HANDS = [
    {"Ana": [], "Ben": ["7"], "Cy": ["red-skip"], "Dee": ["wild"]},
    {"Ana": ["1"], "Ben": [], "Cy": ["2"], "Dee": ["3"]},
    {"Ana": ["4"], "Ben": ["5"], "Cy": [], "Dee": ["6"]},
    {"Ana": ["8"], "Ben": ["9"], "Cy": ["0"], "Dee": []},
]


def stored(client, game):
    return client.get(f"/api/games/{game['id']}").json


def played(client, hands=HANDS, **options):
    game = new_game(client, **options)
    for i, held in enumerate(hands):
        assert post_hand(client, game, held, request_id=f"hand-{i + 1}").status_code == 201
    return game


def delete(client, game, number, **query):
    return client.delete(f"/api/games/{game['id']}/hands/{number}", query_string=query, headers=auth(game))


def restore(client, game, hand_id):
    return client.post(f"/api/games/{game['id']}/hands/{hand_id}/restore", headers=auth(game))


def test_every_hand_has_an_id_its_request_id_where_that_can_serve(client):
    game = new_game(client)
    hand = post_hand(client, game, HANDS[0], request_id="phone-made-1").json["hand"]
    assert hand["id"] == "phone-made-1"
    plain = post_hand(client, game, HANDS[1]).json["hand"]["id"]
    spaced = post_hand(client, game, HANDS[2], request_id="not a path/segment").json["hand"]["id"]
    ids = [h["id"] for h in stored(client, game)["hands"]]
    assert ids == ["phone-made-1", plain, spaced] and len(set(ids)) == 3
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{1,64}", i) for i in ids)


def test_a_put_or_delete_by_id_refuses_a_hand_that_moved(client):
    game = played(client)
    fourth = stored(client, game)["hands"][3]
    assert delete(client, game, 2).status_code == 200  # hand 4 is now hand 3
    before = stored(client, game)
    moved = client.put(f"/api/games/{game['id']}/hands/4", headers=auth(game),
                       json={"held": HANDS[0], "hand_id": fourth["id"]})
    assert moved.status_code == 409 and moved.json["error"].startswith("Hand 4 is now hand 3")
    answer = client.put(f"/api/games/{game['id']}/hands/3", headers=auth(game),
                        json={"held": HANDS[0], "hand_id": "hand-3"})  # hand 3 moved to number 2
    assert answer.status_code == 409 and "is now hand 2" in answer.json["error"]
    assert answer.json["moved_to"] == 2
    assert delete(client, game, 3, hand_id="hand-3").status_code == 409
    assert stored(client, game) == before
    # At its number now, the id opens it.
    ok = client.put(f"/api/games/{game['id']}/hands/3", headers=auth(game),
                    json={"held": HANDS[0], "hand_id": fourth["id"]})
    assert ok.status_code == 200 and ok.json["hand"]["id"] == fourth["id"]
    assert stored(client, game)["hands"][2]["held"] == HANDS[0]


def test_a_put_or_delete_of_a_deleted_hand_says_so_and_changes_nothing(client):
    game = played(client)
    assert delete(client, game, 4, hand_id="hand-4").json["deleted"] == "hand-4"
    before = stored(client, game)
    put = client.put(f"/api/games/{game['id']}/hands/4", headers=auth(game),
                     json={"held": HANDS[0], "hand_id": "hand-4"})
    assert put.status_code == 409 and put.json["error"] == "Hand 4 was deleted on another phone."
    again = client.delete(f"/api/games/{game['id']}/hands/3", json={"hand_id": "hand-4"}, headers=auth(game))
    assert again.status_code == 409 and "deleted" in again.json["error"]
    assert stored(client, game) == before
    assert delete(client, game, 1, hand_id="../etc").status_code == 400


def test_undo_puts_the_same_hand_back_at_its_number_as_it_was(client):
    game = played(client, house_rules={"zero_counts_ten": True})
    typed = client.put(f"/api/games/{game['id']}/hands/2", headers=auth(game),
                       json={"held": {"Ana": [], "Ben": [], "Cy": [], "Dee": []}, "typed_totals": {"Ana": 12, "Cy": 30, "Dee": 3}})
    assert typed.status_code == 200, typed.json
    before = stored(client, game)
    deleted = delete(client, game, 2)
    assert deleted.status_code == 200 and deleted.json["deleted"] == "hand-2"
    assert [h["id"] for h in stored(client, game)["hands"]] == ["hand-1", "hand-3", "hand-4"]
    assert stored(client, game)["hands"][1]["dealer"] == before["hands"][2]["dealer"]  # dealers stay
    back = restore(client, game, "hand-2")
    assert back.status_code == 201 and back.json["hand"]["number"] == 2
    assert stored(client, game) == before  # cards, typed totals, dealer, revision, standings
    again = restore(client, game, "hand-2")
    assert again.status_code == 200 and stored(client, game) == before
    assert restore(client, game, "never-there").status_code == 404
    assert client.post(f"/api/games/{game['id']}/hands/hand-2/restore").status_code == 401


def test_undo_after_more_hands_keeps_the_number_and_moves_the_later_ones_up(client):
    game = played(client, hands=HANDS[:3])
    delete(client, game, 1)
    assert post_hand(client, game, HANDS[3], request_id="hand-4").status_code == 201
    assert restore(client, game, "hand-1").status_code == 201
    hands = stored(client, game)["hands"]
    assert [(h["number"], h["id"]) for h in hands] == [(1, "hand-1"), (2, "hand-2"), (3, "hand-3"), (4, "hand-4")]
    assert [h["held"] for h in hands] == HANDS


def test_a_resent_save_of_a_deleted_hand_is_not_recorded_again(client):
    game = played(client, hands=HANDS[:2])
    delete(client, game, 2)
    again = post_hand(client, game, HANDS[1], request_id="hand-2")
    assert again.status_code == 409 and "deleted" in again.json["error"]
    assert len(stored(client, game)["hands"]) == 1


def test_the_same_cards_saved_since_are_asked_about_unless_confirmed(client):
    game = played(client, hands=HANDS[:2])
    assert post_hand(client, game, HANDS[2], request_id="phone-a").status_code == 201
    twin = post_hand(client, game, HANDS[2], request_id="phone-b", after=2)
    assert twin.status_code == 409 and twin.json["duplicate_of"] == 3 and twin.json["error"]
    assert len(stored(client, game)["hands"]) == 3
    other = post_hand(client, game, HANDS[3], request_id="phone-c", after=2)  # other cards: a new hand
    assert other.status_code == 201 and other.json["hand"]["number"] == 4
    sure = post_hand(client, game, HANDS[2], request_id="phone-b", after=2, confirm_new=True)
    assert sure.status_code == 201 and sure.json["hand"]["number"] == 5
    assert post_hand(client, game, HANDS[2], request_id="phone-b", after=2).status_code == 200  # a resend


@pytest.mark.parametrize("extra, field", [({"after": -1}, "after"), ({"after": "2"}, "after"),
                                          ({"after": True}, "after"), ({"confirm_new": "yes"}, "confirm_new")])
def test_bad_after_or_confirm_new_is_a_400_and_saves_nothing(client, extra, field):
    game = new_game(client)
    answer = post_hand(client, game, HANDS[0], **extra)
    assert answer.status_code == 400 and field in answer.json["error"]
    assert stored(client, game)["hands"] == []


# The keypad and the delete page, without JavaScript.

def form_of(page: str, name: str) -> str:
    return re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page).group(1)


def test_editing_a_hand_that_moved_writes_that_hand_and_no_other(csrf_off, client):
    game = played(client)
    keep_score(client, game)
    page = client.get(f"/games/{game['id']}/hands/4/edit").get_data(as_text=True)
    assert form_of(page, "hand_id") == "hand-4"
    delete(client, game, 2)  # another phone: hand 4 is now hand 3
    edit = hand_data(0, {1: ["wild"], 2: ["wild"], 3: ["wild"]}) | {
        "hand_id": "hand-4", "revision": form_of(page, "revision")}
    assert client.post(f"/games/{game['id']}/hands/4/edit", data=edit).status_code == 302
    hands = stored(client, game)["hands"]
    assert [h["id"] for h in hands] == ["hand-1", "hand-3", "hand-4"]
    assert hands[2]["held"] == {"Ana": [], "Ben": ["wild"], "Cy": ["wild"], "Dee": ["wild"]}
    assert hands[1]["held"] == HANDS[2]


def test_keep_mine_after_a_change_and_a_move_writes_the_hand_this_phone_held(csrf_off, client):
    game = played(client)
    keep_score(client, game)
    page = client.get(f"/games/{game['id']}/hands/4/edit").get_data(as_text=True)
    client.put(f"/api/games/{game['id']}/hands/4", headers=auth(game), json={"held": HANDS[1] | {"Dee": ["1"], "Ben": []}})
    delete(client, game, 2)
    mine = hand_data(1, {0: ["7"], 2: ["7"], 3: ["7"]}) | {"hand_id": "hand-4", "revision": form_of(page, "revision")}
    clash = client.post(f"/games/{game['id']}/hands/4/edit", data=mine)
    text = clash.get_data(as_text=True)
    assert clash.status_code == 409 and "Which version of hand 3 is right?" in text
    assert len(stored(client, game)["hands"]) == 3
    keep = mine | {"revision": form_of(text, "revision")}
    assert client.post(f"/games/{game['id']}/hands/4/edit", data=keep).status_code == 302
    hands = stored(client, game)["hands"]
    assert hands[2]["id"] == "hand-4" and hands[2]["held"] == {"Ana": ["7"], "Ben": [], "Cy": ["7"], "Dee": ["7"]}
    assert [h["held"] for h in hands[:2]] == [HANDS[0], HANDS[2]]


def test_editing_a_hand_deleted_on_another_phone_offers_to_bring_it_back(csrf_off, client):
    game = played(client)
    keep_score(client, game)
    page = client.get(f"/games/{game['id']}/hands/2/edit").get_data(as_text=True)
    delete(client, game, 2)
    mine = hand_data(1, {0: ["skip"], 2: ["skip"], 3: ["skip"]}) | {"hand_id": "hand-2", "revision": form_of(page, "revision")}
    clash = client.post(f"/games/{game['id']}/hands/2/edit", data=mine)
    text = clash.get_data(as_text=True)
    assert clash.status_code == 409 and "Hand 2 was deleted on another phone." in text
    assert 'value="restore"' in text and 'value="discard"' in text and "Keep mine" not in text
    assert client.post(f"/games/{game['id']}/hands/2/edit", data=mine | {"answer": "discard"}).status_code == 302
    assert len(stored(client, game)["hands"]) == 3
    assert client.post(f"/games/{game['id']}/hands/2/edit", data=mine | {"answer": "restore"}).status_code == 302
    hands = stored(client, game)["hands"]
    assert [h["id"] for h in hands] == ["hand-1", "hand-2", "hand-3", "hand-4"]
    assert hands[1]["held"] == {"Ana": ["skip"], "Ben": [], "Cy": ["skip"], "Dee": ["skip"]}


def test_the_keypad_asks_when_another_phone_saved_the_hand_first(csrf_off, client):
    game = played(client, hands=HANDS[:2])
    keep_score(client, game)
    page = client.get(f"/games/{game['id']}/hands/new").get_data(as_text=True)
    assert form_of(page, "after") == "2"
    post_hand(client, game, HANDS[2], request_id="other-phone")
    mine = hand_data(2, {0: ["4"], 1: ["5"], 3: ["6"]}, request_id="this-phone") | {"after": "2"}
    asked = client.post(f"/games/{game['id']}/hands/new", data=mine)
    text = asked.get_data(as_text=True)
    assert asked.status_code == 409
    assert "Hand 3 was just saved on another phone with the same cards: is this the same hand?" in text
    assert "save it as hand 4" in text and len(stored(client, game)["hands"]) == 3
    assert client.post(f"/games/{game['id']}/hands/new", data=mine | {"answer": "same"}).status_code == 302
    assert len(stored(client, game)["hands"]) == 3
    other = hand_data(0, {1: ["9"], 2: ["9"], 3: ["9"]}, request_id="third") | {"after": "2"}
    text = client.post(f"/games/{game['id']}/hands/new", data=other).get_data(as_text=True)
    assert "Hand 3 was just saved on another phone: is this the same hand?" in text  # other cards: asked too
    assert client.post(f"/games/{game['id']}/hands/new", data=mine | {"answer": "new"}).status_code == 302
    hands = stored(client, game)["hands"]
    assert len(hands) == 4 and hands[3]["id"] == "this-phone" and hands[3]["held"] == HANDS[2]


def test_a_deleted_hand_comes_back_with_the_undo_button(client):
    game = played(client)
    keep_score(client, game)
    before = stored(client, game)
    page = client.get(f"/games/{game['id']}/hands/2/delete").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    fields = {"csrf_token": token, "revision": form_of(page, "revision"), "hand_id": form_of(page, "hand_id")}
    board = client.post(f"/games/{game['id']}/hands/2/delete", data=fields, follow_redirects=True).get_data(as_text=True)
    assert len(stored(client, game)["hands"]) == 3
    undo = re.search(r'<form class="flash flash-ok undo" method="post" action="([^"]+)"', board).group(1)
    assert "Hand 2 deleted" in board and undo.endswith("/hands/hand-2/restore")
    undo_token = re.search(r'action="[^"]+/restore" role="status">.*?name="csrf_token" value="([^"]+)"', board, re.S).group(1)
    back = client.post(undo, data={"csrf_token": undo_token}, follow_redirects=True).get_data(as_text=True)
    assert "Hand 2 is back; the scores are as they were." in back
    assert stored(client, game) == before
