"""Issue 27 on the server: a resent save changes nothing (same version, same ETag), "is this
the same hand?" is asked about every hand written after what the phone saw (named by version,
not by a count), a bring-back names its hand or is refused, a moved hand's message says so,
and a background send leaves no message for a later page."""
import pytest

from tests.integration.test_hand_identity import HANDS, delete, form_of, played, restore, stored
from tests.integration.test_scorepad import hand_data
from tests.support.helpers import auth, keep_score, post_hand

PAGE_HANDS = {0: ["4"], 1: ["5"], 3: ["6"]}  # HANDS[2] as the keypad's fields (Cy went out)


def etag(client, game):
    return client.get(f"/api/games/{game['id']}").headers["ETag"]


def test_a_resent_save_makes_no_new_version_nor_etag(csrf_off, client):
    game = played(client, hands=HANDS[:2])
    keep_score(client, game)
    before = etag(client, game)
    assert post_hand(client, game, HANDS[0], request_id="hand-1").status_code == 200  # the API, resent
    fields = hand_data(0, {1: ["7"], 2: ["7"], 3: ["7"]}, request_id="page-1")
    assert client.post(f"/games/{game['id']}/hands/new", data=fields).status_code == 302
    after_save = etag(client, game)
    assert after_save != before
    resent = client.post(f"/games/{game['id']}/hands/new", data=fields, follow_redirects=True)
    assert "Hand 3 was already saved." in resent.get_data(as_text=True)
    assert etag(client, game) == after_save and len(stored(client, game)["hands"]) == 3
    assert restore(client, game, "hand-1").status_code == 200  # an Undo of a hand never deleted
    assert etag(client, game) == after_save


def test_a_resent_edit_whose_answer_was_lost_is_not_asked_about(csrf_off, client):
    game = played(client)
    keep_score(client, game)
    page = client.get(f"/games/{game['id']}/hands/2/edit").get_data(as_text=True)
    edit = hand_data(1, {0: ["wild"], 2: ["wild"], 3: ["wild"]}) | {
        "hand_id": "hand-2", "revision": form_of(page, "revision")}
    assert client.post(f"/games/{game['id']}/hands/2/edit", data=edit).status_code == 302
    version = etag(client, game)
    assert client.post(f"/games/{game['id']}/hands/2/edit", data=edit).status_code == 302  # the same edit again
    assert etag(client, game) == version


@pytest.mark.parametrize("way", ["page", "api", "api-count"])
def test_the_same_hand_is_asked_about_after_another_phone_deleted_one(csrf_off, client, way):
    """Phones A and B open the keypad after hand 3; B saves; C deletes hand 1; A saves the same
    cards: asked, not stored twice (a count of hands matches again: the API's older `after`
    asks too)."""
    game = played(client, hands=HANDS[:2] + [HANDS[3]])
    keep_score(client, game)
    page = client.get(f"/games/{game['id']}/hands/new").get_data(as_text=True)
    seen = form_of(page, "seen")
    newest = max(h["revision"] for h in stored(client, game)["hands"])
    assert post_hand(client, game, HANDS[2], request_id="phone-b").status_code == 201
    assert delete(client, game, 1).status_code == 200
    if way == "page":
        mine = hand_data(2, PAGE_HANDS, request_id="phone-a") | {"seen": seen, "after": "3"}
        answer = client.post(f"/games/{game['id']}/hands/new", data=mine)
        assert answer.status_code == 409
        assert "Hand 3 was just saved on another phone with the same cards" in answer.get_data(as_text=True)
    else:
        seen_as = {"after_revision": newest} if way == "api" else {"after": 3}
        answer = post_hand(client, game, HANDS[2], request_id="phone-a", **seen_as)
        assert answer.status_code == 409 and answer.json["duplicate_of"] == 3
    assert [h["id"] for h in stored(client, game)["hands"]] == ["hand-2", "hand-3", "phone-b"]


def test_an_undo_is_no_hand_saved_since_and_every_later_hand_is_compared(csrf_off, client):
    game = played(client, hands=HANDS[:2], target=5000)
    keep_score(client, game)
    delete(client, game, 1)
    page = client.get(f"/games/{game['id']}/hands/new").get_data(as_text=True)
    restore(client, game, "hand-1")  # another phone's Undo: nobody saved a hand
    other = hand_data(3, {0: ["9"], 1: ["9"], 2: ["9"]}, request_id="after-undo") | {"seen": form_of(page, "seen")}
    assert client.post(f"/games/{game['id']}/hands/new", data=other).status_code == 302
    seen = max(h["revision"] for h in stored(client, game)["hands"])
    assert post_hand(client, game, HANDS[2], request_id="early").status_code == 201
    for n in range(25):  # more than any window: the same hand saved 26 hands ago is still found
        held = {"Ana": [], "Ben": [str(n % 10)], "Cy": ["skip"], "Dee": ["wild", str(n % 10)]}
        assert post_hand(client, game, held, request_id=f"h{n}").status_code == 201
    late = post_hand(client, game, HANDS[2], request_id="late", after_revision=seen)
    assert late.status_code == 409 and late.json["duplicate_of"] == 4


def test_bring_back_without_the_hand_id_is_refused_and_revives_nothing(csrf_off, client):
    game = played(client)
    keep_score(client, game)
    delete(client, game, 2)
    delete(client, game, 1)
    mine = hand_data(1, {0: ["skip"], 2: ["skip"], 3: ["skip"]}) | {"hand_id": "", "answer": "restore"}
    answer = client.post(f"/games/{game['id']}/hands/1/edit", data=mine)
    assert answer.status_code == 404
    assert "Which deleted hand to bring back is not known" in answer.get_data(as_text=True)
    assert [h["id"] for h in stored(client, game)["hands"]] == ["hand-3", "hand-4"]


def test_a_moved_hands_saved_message_says_it_moved(csrf_off, client):
    game = played(client)
    keep_score(client, game)
    page = client.get(f"/games/{game['id']}/hands/4/edit").get_data(as_text=True)
    delete(client, game, 2)
    edit = hand_data(0, {1: ["wild"], 2: ["wild"], 3: ["wild"]}) | {
        "hand_id": "hand-4", "revision": form_of(page, "revision")}
    board = client.post(f"/games/{game['id']}/hands/4/edit", data=edit, follow_redirects=True).get_data(as_text=True)
    assert "Hand 4 saved; it is hand 3 now" in board


def test_a_background_send_leaves_no_message_for_a_later_page(csrf_off, client):
    game = played(client, hands=HANDS[:2])
    keep_score(client, game)
    fields = hand_data(2, PAGE_HANDS, request_id="waiting")
    sent = client.post(f"/games/{game['id']}/hands/new", data=fields, headers={"X-Outbox-Background": "1"})
    assert sent.status_code == 302 and len(stored(client, game)["hands"]) == 3
    later = client.get(f"/games/{game['id']}/hands/new").get_data(as_text=True)
    assert "saved" not in later.split('id="main"')[1].split("<h1")[0]


def test_undo_stays_on_every_keepers_board_until_the_next_write(client, app):
    game = played(client)
    keep_score(client, game)
    other = app.test_client()
    keep_score(other, game)
    watcher = app.test_client()
    delete(client, game, 2)
    for keeper in (client, other, client):  # a reload keeps it
        board = keeper.get(f"/games/{game['id']}").get_data(as_text=True)
        assert "Hand 2 deleted; the scores are recomputed." in board and "/hands/hand-2/restore" in board
    assert "/restore" not in watcher.get(f"/games/{game['id']}").get_data(as_text=True)
    post_hand(client, game, HANDS[0], request_id="next")  # the next write
    assert "/restore" not in client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert "/restore" not in other.get(f"/games/{game['id']}/board").get_data(as_text=True)


@pytest.mark.parametrize("bad", [-1, "3", True, 1.5, 2**31, 2**63])
def test_a_bad_after_revision_is_a_400_and_saves_nothing(client, bad):
    game = played(client, hands=HANDS[:1])
    answer = post_hand(client, game, HANDS[1], after_revision=bad)
    assert answer.status_code == 400 and "after_revision" in answer.json["error"]
    assert len(stored(client, game)["hands"]) == 1


@pytest.mark.parametrize("huge", [2**31, 2**63])
def test_numbers_no_column_holds_are_a_400_never_a_500(csrf_off, client, huge):
    """PostgreSQL refuses 2^31 in an INTEGER comparison, SQLite 2^63: both are refused first."""
    game = played(client, hands=HANDS[:1])
    assert post_hand(client, game, HANDS[1], after=huge).status_code == 400
    path = f"/api/games/{game['id']}/hands/1"
    assert client.put(path, json={"held": HANDS[1], "revision": huge}, headers=auth(game)).status_code == 400
    assert client.delete(f"{path}?revision={huge}", headers=auth(game)).status_code == 400
    keep_score(client, game)
    page = hand_data(2, PAGE_HANDS, request_id="huge-seen") | {"seen": str(huge), "after": str(huge)}
    assert client.post(f"/games/{game['id']}/hands/new", data=page).status_code == 302  # read as unknown
    assert len(stored(client, game)["hands"]) == 2


def test_home_and_table_pages_have_the_outbox_line_for_every_game(client):
    table = client.post("/api/tables", json={"name": "Kitchen"}).json
    for page in ("/", f"/tables/{table['id']}"):
        html = client.get(page).get_data(as_text=True)
        assert 'data-outbox=""' in html and "app.js" in html, page
    script = client.get("/static/app.js").get_data(as_text=True)
    assert 'startsWith("outbox:")' in script and '"/static/board.js"' in script
