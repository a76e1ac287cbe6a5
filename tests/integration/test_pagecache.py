"""Scoreboards come from a cache keyed by the game's version: never stale, never another's."""
from tests.support.helpers import new_game, post_hand, keep_score

from scorekeeper.page_cache import VersionCache

HAND = {"Ana": [], "Ben": ["7"], "Cy": ["skip"], "Dee": ["wild"]}


def test_cache_stores_under_the_version_rendered():
    cache = VersionCache(size=2)
    assert cache.get_or_render("v1", lambda: ("v2", "page two")) == "page two"
    assert cache.get_or_render("v2", lambda: ("v2", "rendered again")) == "page two"
    assert cache.get_or_render("v1", lambda: ("v1", "page one")) == "page one"
    cache.get_or_render("v3", lambda: ("v3", "page three"))
    assert cache.get_or_render("v2", lambda: ("v2", "evicted")) == "evicted"  # oldest went first


def test_watchers_see_every_change(client, game):
    url = f"/games/{game['id']}"
    assert "No hands yet" in client.get(url).get_data(as_text=True)
    assert "No hands yet" in client.get(url).get_data(as_text=True)  # from the cache
    post_hand(client, game, HAND)
    page = client.get(url).get_data(as_text=True)
    assert 'id="hand-1"' in page and "No hands yet" not in page
    lowest = client.get(url + "?system=lowest-total").get_data(as_text=True)
    assert 'aria-current="page">Lowest total' in lowest


def test_keepers_get_their_own_page_and_flashes_are_always_fresh(csrf_off, client, game):
    url = f"/games/{game['id']}"
    client.get(url)  # a watcher's copy is now cached
    keep_score(client, game)
    assert "Record hand 1" in client.get(url).get_data(as_text=True)
    client.post(f"{url}/target", data={"target": "600"})
    client.delete_cookie("device")  # a phone that no longer keeps score
    assert "Playing on to 600." in client.get(url).get_data(as_text=True)  # the flash shows once
    assert "Playing on to 600." not in client.get(url).get_data(as_text=True)


def test_each_app_has_its_own_cache(app, tmp_path):
    from scorekeeper import create_app

    other = create_app({"TESTING": True, "SECRET_KEY": "t",
                        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'other.sqlite3'}"})
    first, second = app.test_client(), other.test_client()
    one, two = new_game(first, players=["Ana", "Ben"]), new_game(second, players=["Zed", "Yan"])
    assert "Ana" in first.get(f"/games/{one['id']}").get_data(as_text=True)
    assert "Zed" in second.get(f"/games/{two['id']}").get_data(as_text=True)
    assert second.get(f"/games/{one['id']}").status_code == 404


def test_a_finished_games_keeper_page_carries_its_own_csrf_token(app):
    import re

    first, second = app.test_client(), app.test_client()
    game = new_game(first, players=["Ana", "Ben"], target=10)
    post_hand(first, game, {"Ana": [], "Ben": ["wild"]})
    tokens = []
    for client in (first, second, first):
        keep_score(client, game)
        page = client.get(f"/games/{game['id']}").get_data(as_text=True)
        assert "Keep playing" in page
        tokens.append(re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1))
    assert tokens[0] != tokens[1]  # never one phone's token on another phone's page
