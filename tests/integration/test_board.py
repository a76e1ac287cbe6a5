"""The scoreboard side of issue 10: stored dealers, delete that asks first, Edit for every
hand, the end of a game (round targets, rematch, past wins), Share near the top."""
import re

from tests.support.helpers import auth, keep_score, new_game, post_hand

FOUR = ["Ana", "Ben", "Cy", "Dee"]


def out_hand(winner: str, left=("9",)) -> dict:
    return {p: ([] if p == winner else list(left)) for p in FOUR}


def count_games(client) -> int:
    from sqlalchemy import func, select

    from scorekeeper.models import Game, db
    with client.application.app_context():
        return db.session.scalar(select(func.count()).select_from(Game))


def dealers(client, game):
    return [h["dealer"] for h in client.get(f"/api/games/{game['id']}").json["hands"]]


def test_deleting_an_earlier_hand_keeps_every_later_dealer(client, game):
    for winner in FOUR + ["Ana"]:
        assert post_hand(client, game, out_hand(winner)).status_code == 201
    assert dealers(client, game) == ["Ana", "Ben", "Cy", "Dee", "Ana"]
    assert client.delete(f"/api/games/{game['id']}/hands/2", headers=auth(game)).status_code == 200
    assert dealers(client, game) == ["Ana", "Cy", "Dee", "Ana"]
    # The next deal follows the last hand's dealer (Ana), not the hand count.
    post_hand(client, game, out_hand("Cy"))
    assert dealers(client, game)[-1] == "Ben"
    board = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert "Hand 2 <small>· Cy dealt</small>" in board and "Cy deals hand 6." in board


def test_delete_asks_first_and_the_page_changes_nothing(csrf_off, client, game):
    keep_score(client, game)
    post_hand(client, game, out_hand("Ana"))
    assert post_hand(client, game, {"Ana": ["red-7"], "Ben": [], "Cy": ["wild"], "Dee": []},
                     typed_totals={"Dee": 40}).status_code == 201
    page = client.get(f"/games/{game['id']}/hands/2/delete")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Delete hand 2?" in html and "Keep hand 2" in html and '<span class="sr">red 7</span>' in html
    assert len(dealers(client, game)) == 2
    revision = re.search(r'name="revision" type="hidden" value="(\d+)"', html).group(1)
    response = client.post(f"/games/{game['id']}/hands/2/delete", data={"revision": revision})
    assert response.status_code == 302
    assert dealers(client, game) == ["Ana"]


def test_the_hand_form_offers_delete_at_the_top_not_below_save(client, game):
    keep_score(client, game)
    post_hand(client, game, out_hand("Ana"))
    html = client.get(f"/games/{game['id']}/hands/1/edit").get_data(as_text=True)
    delete_link = html.index("Delete hand 1…")
    assert delete_link < html.index("Save hand")
    assert 'class="danger"' not in html[html.index("Save hand"):]  # no delete button below Save


def test_every_hand_can_be_edited_from_the_board(client, game):
    keep_score(client, game)
    for n in range(8):
        post_hand(client, game, out_hand(FOUR[n % 4]))
    board = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert f'data-edit="/games/{game["id"]}/hands/"' in board  # board.js links hands 1-3
    assert f'action="/games/{game["id"]}/hands/edit"' in board  # the no-JS box
    response = client.get(f"/games/{game['id']}/hands/edit?number=2")
    assert response.status_code == 302 and response.location.endswith(f"/games/{game['id']}/hands/2/edit")
    for bad in ("9", "0", "x", ""):
        response = client.get(f"/games/{game['id']}/hands/edit?number={bad}", follow_redirects=True)
        assert "There is no hand" in response.get_data(as_text=True), bad


def test_a_watcher_cannot_reach_edit_and_is_told_how_to_keep_score(client, game):
    for n in range(8):
        post_hand(client, game, out_hand(FOUR[n % 4]))
    board = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert "data-edit" not in board and "/hands/edit" not in board
    assert "To keep score on this phone, scan the keep-score QR code on a scorekeeper" in board
    assert client.get(f"/games/{game['id']}/hands/edit?number=2").status_code == 403
    assert client.get(f"/games/{game['id']}/hands/1/delete").status_code == 403


def test_share_sits_near_the_top_of_the_keepers_board(client, game):
    keep_score(client, game)
    board = client.get(f"/games/{game['id']}").get_data(as_text=True)
    share = board.index("Share this game")
    assert share < board.index('class="standings"') and share < board.index("Record hand 1")
    assert f'href="/games/{game["id"]}/share" data-share="http://localhost/games/{game["id"]}"' in board
    assert "To keep score on this phone" not in board


def finish(client, game, winner="Ana"):
    """Hands of 200 points to `winner` until someone reaches the game's target."""
    while not client.get(f"/api/games/{game['id']}").json["finished"]:
        post_hand(client, game, out_hand(winner, ("wild-draw4", "wild")))


def test_the_end_offers_round_targets_and_remembers_who_first_reached_the_old_one(csrf_off, client, game):
    keep_score(client, game)
    finish(client, game)  # Ana: 100 × 3 = 300 a hand, 600 after hand 2
    board = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert "Ana wins!" in board
    assert 'value="750">Keep playing to 750' in board and 'value="1000">Keep playing to 1000' in board
    assert client.post(f"/games/{game['id']}/target", data={"target": "750"}).status_code == 302
    state = client.get(f"/api/games/{game['id']}").json
    assert state["target"] == 750 and not state["finished"]
    board = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert "Game to 500: Ana won, in hand 2." in board
    assert client.post(f"/games/{game['id']}/target", data={"target": "1234"}).status_code == 302
    assert client.get(f"/api/games/{game['id']}").json["target"] == 1234  # any target still allowed


def test_rematch_same_table_deal_moves_on_and_this_phone_keeps_score(csrf_off, client):
    game = new_game(client, players=FOUR, edition="classic-112", scoring="winner-takes-points",
                    target=500, house_rules={"stacking": True, "uno_penalty": 2, "blank_points": 30})
    keep_score(client, game)
    finish(client, game)  # hands 1 and 2 (dealt by Ana, Ben): Cy would deal next
    response = client.post(f"/games/{game['id']}/rematch")
    assert response.status_code == 302
    new_id = response.location.rsplit("/", 1)[1]
    assert new_id != game["id"]
    old, new = (client.get(f"/api/games/{i}").json for i in (game["id"], new_id))
    for setting in ("edition", "scoring", "target", "house_rules"):
        assert new[setting] == old[setting], setting
    assert [p["name"] for p in new["players"]] == FOUR and new["hands"] == []
    board = client.get(f"/games/{new_id}").get_data(as_text=True)
    assert "Cy deals hand 1." in board and "Record hand 1" in board  # this phone keeps score
    assert client.get(f"/games/{new_id}/share").status_code == 200


def test_a_rematch_of_a_game_still_going_changes_nothing(csrf_off, client, game):
    keep_score(client, game)
    post_hand(client, game, out_hand("Ana"))
    games_before = count_games(client)
    response = client.post(f"/games/{game['id']}/rematch", follow_redirects=True)
    assert "This game is still going" in response.get_data(as_text=True)
    assert count_games(client) == games_before


def test_rematch_needs_the_keepers_key(csrf_off, client, game):
    finish(client, game)
    assert client.post(f"/games/{game['id']}/rematch").status_code == 403


def test_a_backup_keeps_the_dealers(client, game, runner):
    for winner in FOUR:
        post_hand(client, game, out_hand(winner))
    client.delete(f"/api/games/{game['id']}/hands/1", headers=auth(game))
    before = dealers(client, game)
    assert before == ["Ben", "Cy", "Dee"]
    from scorekeeper.services.backups.export import game_record
    from scorekeeper.services.backups.restore import restore
    from scorekeeper.services.games import load_game
    with client.application.app_context():
        record = game_record(load_game(game["id"]))
        restored = restore({"format": "scorekeeper-backup", "version": 1, "games": [record]})
    assert dealers(client, {"id": restored[0].id}) == before


def test_a_backup_keeps_who_first_reached_a_raised_target(csrf_off, client, game):
    keep_score(client, game)
    finish(client, game)
    client.post(f"/games/{game['id']}/target", data={"target": "750"})
    from scorekeeper.services.backups.export import game_record
    from scorekeeper.services.backups.restore import restore
    from scorekeeper.services.games import load_game
    with client.application.app_context():
        record = game_record(load_game(game["id"]))
        assert record["past_targets"] == [500]
        restored = restore({"format": "scorekeeper-backup", "version": 1, "games": [record]})
    board = client.get(f"/games/{restored[0].id}").get_data(as_text=True)
    assert "Game to 500: Ana won, in hand 2." in board
