"""Shortcuts for tests that drive the JSON API."""


def new_game(client, players=("Ana", "Ben", "Cy", "Dee"), **options):
    response = client.post("/api/games", json={"players": list(players), **options})
    assert response.status_code == 201, response.json
    return response.json


def auth(game):
    return {"Authorization": f"Bearer {game['edit_key']}"}


def post_hand(client, game, held, **extra):
    return client.post(f"/api/games/{game['id']}/hands", json={"held": held, **extra}, headers=auth(game))
