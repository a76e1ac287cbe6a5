"""Who may change a game: the browser that holds its edit key (kept in the session cookie)."""
from __future__ import annotations

from flask import abort, session

from . import games
from .models import Game

KEYS_KEPT = 40  # edit keys a browser remembers (the session cookie must stay small)


def remember_key(game_id: int, key: str) -> None:
    keys = dict(session.get("keys", {}))
    keys.pop(str(game_id), None)
    keys[str(game_id)] = key
    session["keys"] = dict(list(keys.items())[-KEYS_KEPT:])


def can_edit(game: Game) -> bool:
    return games.key_opens(game, session.get("keys", {}).get(str(game.id)))


def game_or_404(game_id: int) -> Game:
    game = games.load_game(game_id)
    if game is None:
        abort(404)
    return game


def editable_game_or_403(game_id: int) -> Game:
    game = game_or_404(game_id)
    if not can_edit(game):
        abort(403)
    return game
