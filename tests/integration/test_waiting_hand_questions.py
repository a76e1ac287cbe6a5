"""Issue 37 on the server: a hand that waited on a phone is asked about, not stored silently,
when another phone saved a hand at its number and deleted it (or put it back) since the phone
looked; the keeper's answer decides."""
import pytest

from tests.integration.test_exactly_once import PAGE_HANDS
from tests.integration.test_hand_identity import HANDS, delete, form_of, played, restore, stored
from tests.integration.test_scorepad import hand_data
from tests.support.helpers import keep_score, post_hand


def waiting_phone(client):
    """A game of two hands, and phone A's keypad for hand 3 as it opened it (its `seen`)."""
    game = played(client, hands=HANDS[:2])
    keep_score(client, game)
    page = client.get(f"/games/{game['id']}/hands/new").get_data(as_text=True)
    return game, hand_data(2, PAGE_HANDS, request_id="phone-a") | {"seen": form_of(page, "seen"), "after": "2"}


def test_a_hand_saved_then_deleted_at_its_number_is_asked_about_then_stored_once(csrf_off, client):
    game, mine = waiting_phone(client)
    assert post_hand(client, game, HANDS[3], request_id="phone-b").status_code == 201  # B: hand 3
    assert delete(client, game, 3).status_code == 200  # ... and B deletes it
    asked = client.post(f"/games/{game['id']}/hands/new", data=mine)
    assert asked.status_code == 409
    text = asked.get_data(as_text=True)
    assert "Hand 3 was saved on another phone after this one was entered, then deleted there" in text
    assert "Save it as hand 3" in text and len(stored(client, game)["hands"]) == 2
    saved = client.post(f"/games/{game['id']}/hands/new", data=mine | {"answer": "new"})
    assert saved.status_code == 302
    again = client.post(f"/games/{game['id']}/hands/new", data=mine | {"answer": "new"})  # a resend
    assert again.status_code == 302
    assert [h["id"] for h in stored(client, game)["hands"]] == ["hand-1", "hand-2", "phone-a"]


def test_do_not_save_it_stores_nothing(csrf_off, client):
    game, mine = waiting_phone(client)
    post_hand(client, game, HANDS[3], request_id="phone-b")
    delete(client, game, 3)
    answer = client.post(f"/games/{game['id']}/hands/new", data=mine | {"answer": "same"})
    assert answer.status_code == 302 and len(stored(client, game)["hands"]) == 2


def test_the_api_says_so_with_a_409_and_confirm_new_stores_it(client):
    game = played(client, hands=HANDS[:2])
    seen = max(h["revision"] for h in stored(client, game)["hands"])
    post_hand(client, game, HANDS[3], request_id="phone-b")
    delete(client, game, 3)
    answer = post_hand(client, game, HANDS[2], request_id="phone-a", after_revision=seen)
    assert answer.status_code == 409
    assert answer.json["duplicate_of"] == 3 and answer.json["deleted"] is True and "error" in answer.json
    assert post_hand(client, game, HANDS[2], request_id="phone-a", after_revision=seen,
                     confirm_new=True).status_code == 201
    assert len(stored(client, game)["hands"]) == 3


def test_a_hand_saved_deleted_and_put_back_is_asked_about(csrf_off, client):
    game, mine = waiting_phone(client)
    post_hand(client, game, HANDS[3], request_id="phone-b")
    delete(client, game, 3)
    assert restore(client, game, "phone-b").status_code == 201  # B's Undo
    asked = client.post(f"/games/{game['id']}/hands/new", data=mine)
    assert asked.status_code == 409
    assert "Hand 3 was just saved on another phone" in asked.get_data(as_text=True)


@pytest.mark.parametrize("later", [True, False])
def test_a_delete_the_phone_had_seen_or_at_another_number_asks_nothing(csrf_off, client, later):
    """Only what the phone has not seen, at the number its hand takes, is asked about."""
    game = played(client, hands=HANDS[:2])
    keep_score(client, game)
    post_hand(client, game, HANDS[3], request_id="phone-b")
    delete(client, game, 3 if later else 1)
    page = client.get(f"/games/{game['id']}/hands/new").get_data(as_text=True)
    seen = form_of(page, "seen") if later else "0"
    mine = hand_data(2, PAGE_HANDS, request_id="phone-a") | {"seen": seen}
    if not later:  # hand 1 (seen long ago) deleted: this hand takes number 3, where nothing was deleted
        mine["seen"] = str(max(h["revision"] for h in stored(client, game)["hands"]))
    answer = client.post(f"/games/{game['id']}/hands/new", data=mine)
    assert answer.status_code == 302
