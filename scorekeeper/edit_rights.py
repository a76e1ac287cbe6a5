"""Who may change a game: the browser that holds its edit key (kept in the session cookie).

The only module that reads or writes the keys in the session.
"""
from __future__ import annotations

from flask import abort, session

from .models import Game
from .services import games
from .services.keys import hash_opens

KEYS_KEPT = 40  # edit keys a browser remembers (the session cookie must stay small)


def remember_key(game_id: int, key: str) -> None:
    keys = dict(session.get("keys", {}))
    keys.pop(str(game_id), None)
    keys[str(game_id)] = key
    session["keys"] = dict(list(keys.items())[-KEYS_KEPT:])


def key_for(game_id: int) -> str | None:
    """The edit key this browser holds for the game, if any."""
    return session.get("keys", {}).get(str(game_id))


def key_hash_opens(game_id: int, key_hash: str) -> bool:
    """Whether this browser's key matches a game's stored hash (no need to load the game).

    A family table's key opens each of its games; the first look adopts it as the game's key.
    """
    if hash_opens(key_hash, key_for(game_id)):
        return True
    from .tables.access import table_key_opening  # the tables package imports this module
    table_key = table_key_opening(key_hash)
    if table_key is not None:
        remember_key(game_id, table_key)
    return table_key is not None


def can_edit(game: Game) -> bool:
    return key_hash_opens(game.id, game.edit_key_hash)


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
