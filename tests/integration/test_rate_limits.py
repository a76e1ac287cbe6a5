"""Issue 12 finding 9: one client may create only so much per minute (games, tables,
restores, judge calls); past it, 429 with Retry-After and the usual error body. A family's
evening never meets the default numbers."""
import json
from io import BytesIO

import pytest

from scorekeeper import rate_limits
from scorekeeper.models import Game, db

from tests.support.helpers import csrf_token, game_backup, new_game, post_hand

NEW_GAME_FORM = {"players-0": "Mom", "players-1": "Dad", "players-2": "Zoe", "edition": "classic",
                 "scoring": "winner-takes-points", "target": "500"}
PLAY = {"question": "play", "top": "red-7", "card": "blue-7"}


@pytest.fixture
def limited(make_app, database_url):
    """An app with the rate limits on, as a server runs it, with small numbers to reach."""
    def make(**limits):
        return make_app(database_url, RATELIMIT_ENABLED=True, **limits)
    return make


def games_stored(app) -> int:
    with app.app_context():
        return db.session.query(Game).count()


def assert_throttled(response, json_body: bool):
    assert response.status_code == 429
    assert 1 <= int(response.headers["Retry-After"]) <= 3600
    if json_body:
        assert "wait a minute" in response.json["error"]
    else:
        assert response.content_type.startswith("text/html")
        assert "wait a minute" in response.get_data(as_text=True)


def test_games_past_the_limit_answer_429_and_are_not_created(limited):
    app = limited(RATELIMIT_CREATION="3 per minute")
    client = app.test_client()
    for _ in range(3):
        new_game(client)
    assert_throttled(client.post("/api/games", json={"players": ["Ana", "Ben"]}), json_body=True)
    form = {**NEW_GAME_FORM, "csrf_token": csrf_token(client, "/games/new")}
    assert_throttled(client.post("/games/new", data=form), json_body=False)  # one budget for both
    assert games_stored(app) == 3
    assert client.get("/games/new").status_code == 200  # the form itself is never limited


def test_the_new_game_form_counts_towards_the_same_budget(limited):
    app = limited(RATELIMIT_CREATION="2 per minute")
    client = app.test_client()
    token = csrf_token(client, "/games/new")
    assert client.post("/games/new", data={**NEW_GAME_FORM, "csrf_token": token}).status_code == 302
    assert client.post("/games/new", data={**NEW_GAME_FORM, "csrf_token": token}).status_code == 302
    assert_throttled(client.post("/games/new", data={**NEW_GAME_FORM, "csrf_token": token}), json_body=False)
    assert_throttled(client.post("/api/games", json={"players": ["Ana", "Ben"]}), json_body=True)


def test_each_client_has_its_own_budget(limited):
    app = limited(RATELIMIT_CREATION="1 per minute")
    one, two = app.test_client(), app.test_client()
    one.environ_base["REMOTE_ADDR"], two.environ_base["REMOTE_ADDR"] = "203.0.113.1", "203.0.113.2"
    new_game(one)
    assert one.post("/api/games", json={"players": ["Ana", "Ben"]}).status_code == 429
    new_game(two)


def test_restores_past_the_limit_answer_429(limited):
    app = limited(RATELIMIT_RESTORE="2 per minute")
    client = app.test_client()
    backup = game_backup(client, new_game(client))
    token = csrf_token(client, "/")  # the home page carries the restore form's token

    def restore():
        return client.post("/restore", data={"backup": (BytesIO(backup), "backup.json"), "csrf_token": token},
                           content_type="multipart/form-data")
    assert restore().status_code == 200
    assert restore().status_code == 200
    assert_throttled(restore(), json_body=False)
    assert games_stored(app) == 3


def test_restored_games_count_against_the_creation_limit(limited):
    """A restore of 3 games is 3 creations: one that would pass the limit restores nothing,
    and what a restore made leaves that much less for new games."""
    app = limited(RATELIMIT_CREATION="5 per minute")
    client = app.test_client()
    game = new_game(client)  # 1 of 5
    backup = json.loads(game_backup(client, game))
    backup["games"] = backup["games"] * 3
    token = csrf_token(client, "/")

    def restore():
        return client.post("/restore", data={"backup": (BytesIO(json.dumps(backup).encode()), "b.json"),
                                             "csrf_token": token}, content_type="multipart/form-data")
    assert restore().status_code == 200  # 4 of 5
    assert games_stored(app) == 4
    assert_throttled(restore(), json_body=False)  # 3 more would be 7
    assert games_stored(app) == 4
    assert new_game(client)["id"]  # 5 of 5
    assert_throttled(client.post("/api/games", json={"players": ["Ana", "Ben"]}), json_body=True)


def test_judge_calls_past_the_limit_answer_429(limited):
    app = limited(RATELIMIT_JUDGE="5 per minute")
    client = app.test_client()
    for _ in range(5):
        assert client.post("/api/judge", json=PLAY).status_code == 200
    assert_throttled(client.post("/api/judge", json=PLAY), json_body=True)
    assert_throttled(client.get("/judge/play", headers={"Accept": "text/html"}), json_body=False)


def test_a_familys_evening_never_meets_the_default_limits(limited):
    """Six games (two of them through the form), 60 hands, 40 judge questions and their pages,
    a backup restored twice, every page looked at: nothing answers 429."""
    app = limited()
    assert app.config["RATELIMIT_CREATION"] == rate_limits.DEFAULTS["RATELIMIT_CREATION"]
    client = app.test_client()
    statuses = []
    games = [new_game(client, target=100_000) for _ in range(4)]
    token = csrf_token(client, "/games/new")
    statuses += [client.post("/games/new", data={**NEW_GAME_FORM, "csrf_token": token}).status_code
                 for _ in range(2)]
    for i in range(60):
        statuses.append(post_hand(client, games[i % 4], {"Ana": [], "Ben": ["7"], "Cy": ["skip"], "Dee": ["wild"]}).status_code)
    for _ in range(20):
        statuses.append(client.post("/api/judge", json=PLAY).status_code)
        statuses.append(client.get("/judge/play").status_code)
    backup = game_backup(client, games[0])
    for _ in range(2):
        statuses.append(client.post("/restore", data={"backup": (BytesIO(backup), "b.json"),
                                                      "csrf_token": csrf_token(client, "/")},
                                    content_type="multipart/form-data").status_code)
    for game in games:
        statuses += [client.get(path).status_code for path in
                     (f"/games/{game['id']}", f"/games/{game['id']}/hands", f"/api/games/{game['id']}", "/")]
    assert 429 not in statuses and all(s < 400 for s in statuses), statuses


def test_creation_limit_is_one_budget_a_view_elsewhere_can_share(limited):
    """How another blueprint (the family tables' POST /api/tables) joins the creation budget."""
    app = limited(RATELIMIT_CREATION="2 per minute", WTF_CSRF_ENABLED=False)

    @app.post("/api/make-something")
    @rate_limits.creation_limit
    def make_something():
        return {"made": True}, 201

    client = app.test_client()
    assert client.post("/api/make-something").status_code == 201
    new_game(client)
    assert_throttled(client.post("/api/make-something"), json_body=True)


def test_the_referee_shares_the_judges_limit(limited):
    app = limited(RATELIMIT_JUDGE="4 per minute")
    client = app.test_client()
    stretch = {"players": ["Ann", "Ben"], "start": "red-7", "plays": []}
    for _ in range(2):
        assert client.post("/api/judge", json=PLAY).status_code == 200
        assert client.post("/api/referee", json=stretch).status_code == 200
    assert_throttled(client.post("/api/referee", json=stretch), json_body=True)


def test_downloads_are_limited_and_a_tables_streamed_backup_is_the_same_text(limited):
    """A table's backup.json is written a game at a time: the same text as the whole document
    dumped at once; downloads (its backup, a game's exports) share one limit per client."""
    from scorekeeper.services.backups.export import envelope, game_record
    from scorekeeper.services.games import load_game
    from tests.integration.test_tables import keeper_client, new_table, play

    app = limited(RATELIMIT_EXPORT="3 per minute", RATELIMIT_CREATION="50 per minute")
    client = app.test_client()
    table = new_table(client)
    played = [play(client, table, ["Ana", "Ben"], [{"Ana": [], "Ben": [str(n)]}, {"Ana": ["wild"], "Ben": []}])
              for n in range(2)]
    keeper = keeper_client(app, table)
    first = keeper.get(f"/tables/{table['id']}/backup.json")
    assert first.status_code == 200
    text = first.get_data(as_text=True)
    exported_at = json.loads(text)["exported_at"]
    with app.app_context():
        whole = envelope([game_record(load_game(g["id"])) for g in played]) | {"exported_at": exported_at}
    assert text == json.dumps(whole, ensure_ascii=False, indent=1)
    game = played[0]
    assert keeper.get(f"/games/{game['id']}/export.csv").status_code == 200
    assert keeper.get(f"/games/{game['id']}/export.json").status_code == 200
    for path in (f"/tables/{table['id']}/backup.json", f"/games/{game['id']}/export.json"):
        assert_throttled(keeper.get(path), json_body=False)


def test_an_empty_tables_streamed_backup_is_the_same_text(app, client):
    from scorekeeper.services.backups.export import envelope, streamed

    with app.app_context():
        for records in ([], [{"a": "x\ny", "b": [1, {"c": None}]}], [{"a": 1}, {"b": []}]):
            assert "".join(streamed(iter(records))) == json.dumps(envelope(records), ensure_ascii=False, indent=1)
