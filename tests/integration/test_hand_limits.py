"""Issue 30: one game takes a bounded number of hands per hour (HAND_SAVES_PER_HOUR), counted
in the game's row so every worker shares the count; past it a clear 429 and nothing saved."""
from datetime import timedelta

from sqlalchemy import update

from scorekeeper.models import Game, db, utcnow

from tests.support.helpers import auth, keep_score, new_game, post_hand

HELD = {"Ana": [], "Ben": ["7"]}


def limited(make_app, database_url, saves=3):
    return make_app(database_url, RATELIMIT_ENABLED=True, HAND_SAVES_PER_HOUR=saves)


def hands_of(client, game) -> int:
    return len(client.get(f"/api/games/{game['id']}").json["hands"])


def test_past_the_hourly_bound_a_save_is_refused_with_429_and_saves_nothing(make_app, database_url):
    client = limited(make_app, database_url).test_client()
    game = new_game(client, ("Ana", "Ben"))
    for n in range(3):
        assert post_hand(client, game, HELD, request_id=f"r{n}").status_code == 201
    refused = post_hand(client, game, HELD, request_id="r3")
    assert refused.status_code == 429
    assert "more hands within the last hour than any table plays" in refused.json["error"]
    assert refused.json["error"].endswith("Try again in 60 minutes.")
    assert 3500 <= int(refused.headers["Retry-After"]) <= 3600
    assert refused.json["retry_after"] == int(refused.headers["Retry-After"])
    assert hands_of(client, game) == 3
    assert post_hand(client, game, HELD, request_id="r1").status_code == 200  # a resend is no new hand
    polish = client.post(f"/api/games/{game['id']}/hands", json={"held": HELD},
                         headers={"Accept-Language": "pl"} | auth(game))
    assert polish.status_code == 429 and "rozdań" in polish.json["error"]


def test_every_worker_shares_the_count(make_app, database_url):
    one = limited(make_app, database_url).test_client()
    other = limited(make_app, database_url).test_client()
    game = new_game(one, ("Ana", "Ben"))
    assert post_hand(one, game, HELD).status_code == 201
    assert post_hand(other, game, HELD).status_code == 201
    assert post_hand(one, game, HELD).status_code == 201
    assert post_hand(other, game, HELD).status_code == 429
    assert post_hand(one, game, HELD).status_code == 429
    assert hands_of(one, game) == 3


def test_at_the_bound_a_mistaken_hand_can_still_be_deleted_and_put_back(make_app, database_url):
    client = limited(make_app, database_url, saves=2).test_client()
    game = new_game(client, ("Ana", "Ben"))
    for _ in range(2):
        assert post_hand(client, game, HELD).status_code == 201
    assert post_hand(client, game, HELD).status_code == 429
    deleted = client.delete(f"/api/games/{game['id']}/hands/2", headers=auth(game))
    assert deleted.status_code == 200 and hands_of(client, game) == 1
    assert client.delete(f"/api/games/{game['id']}/hands/1", headers=auth(game)).status_code == 200
    back = client.post(f"/api/games/{game['id']}/hands/{deleted.json['deleted']}/restore", headers=auth(game))
    assert back.status_code == 201 and hands_of(client, game) == 1
    assert post_hand(client, game, HELD).status_code == 429  # deleting made no room for new saves


def test_an_hour_later_the_game_takes_hands_again(make_app, database_url):
    app = limited(make_app, database_url, saves=1)
    client = app.test_client()
    game = new_game(client, ("Ana", "Ben"))
    assert post_hand(client, game, HELD).status_code == 201
    assert post_hand(client, game, HELD).status_code == 429
    with app.app_context():
        db.session.execute(update(Game).where(Game.id == game["id"])
                           .values(saves_since=utcnow() - timedelta(hours=1, seconds=1)))
        db.session.commit()
    assert post_hand(client, game, HELD).status_code == 201
    assert hands_of(client, game) == 2


def test_the_keypad_says_so_beside_the_form(make_app, database_url):
    app = limited(make_app, database_url, saves=1)
    app.config["WTF_CSRF_ENABLED"] = False
    client = app.test_client()
    game = new_game(client, ("Ana", "Ben"))
    keep_score(client, game)
    form = {"out": "0", "p1_7": "1"}
    assert client.post(f"/games/{game['id']}/hands/new", data=form).status_code == 302
    page = client.post(f"/games/{game['id']}/hands/new", data=form)
    assert page.status_code == 429
    assert 3500 <= int(page.headers["Retry-After"]) <= 3600
    text = page.get_data(as_text=True)
    assert "more hands within the last hour" in text and "Try again in 60 minutes." in text
    polish = client.post(f"/games/{game['id']}/hands/new", data=form, headers={"Accept-Language": "pl"})
    assert polish.status_code == 429 and "Spróbuj ponownie za 60 minut." in polish.get_data(as_text=True)
    assert hands_of(client, game) == 1


def test_without_rate_limits_there_is_no_bound(client):
    game = new_game(client, ("Ana", "Ben"))
    for _ in range(5):
        assert post_hand(client, game, HELD).status_code == 201
