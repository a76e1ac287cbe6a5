"""Shortcuts for tests that drive the JSON API."""

import re


def new_game(client, players=("Ana", "Ben", "Cy", "Dee"), **options):
    response = client.post("/api/games", json={"players": list(players), **options})
    assert response.status_code == 201, response.json
    return response.json


def auth(game):
    return {"Authorization": f"Bearer {game['edit_key']}"}


def post_hand(client, game, held, **extra):
    return client.post(f"/api/games/{game['id']}/hands", json={"held": held, **extra}, headers=auth(game))


def keep_score(client, game, base_url="http://localhost"):
    """This browser becomes a keeper of the game, as through its keep-score link."""
    page = client.get(f"/games/{game['id']}/keep-score", base_url=base_url).get_data(as_text=True)
    if "This phone can already keep score" in page:
        return
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page)
    data = {"key": game["edit_key"]} | ({"csrf_token": token.group(1)} if token else {})
    response = client.post(f"/games/{game['id']}/keep-score", data=data, base_url=base_url)
    assert response.status_code == 302, response.get_data(as_text=True)[:500]


def csrf_token(client, path: str = "/") -> str:
    """The CSRF token of this browser's session, from the form on `path`."""
    page = client.get(path).get_data(as_text=True)
    return re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)


def game_backup(client, game) -> bytes:
    """A backup file of `game`, downloaded as its keeper does (the web backs up one game at
    a time; the whole server only through `flask backup`)."""
    keep_score(client, game)
    response = client.get(f"/games/{game['id']}/export.json")
    assert response.status_code == 200, response.status_code
    return response.data
