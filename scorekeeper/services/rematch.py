"""Rematch: a new game for the same table once a game is over, the deal moving on."""
from __future__ import annotations

from dataclasses import dataclass

from ..models import Game
from .errors import Conflict
from .games import create_game, get_game, sheet_of


@dataclass
class Rematch:
    """The new game and its edit key (shown once, like any new game's)."""

    game: Game
    key: str


def rematch_settings(game: Game) -> dict:
    """What the rematch copies: players, edition, scoring, house rules and the target the
    game started with (before any "keep playing"). The deal moves on: whoever would deal
    next here (the player after the last dealer) deals the rematch's first hand.
    Extend here to carry more over (a family table, say)."""
    seats = {p.name: p.seat for p in game.players}
    return {
        "players": [p.name for p in game.players],
        "edition": game.edition,
        "scoring": game.scoring,
        "target": game.past_targets[0] if game.past_targets else game.target,
        "house_rules": dict(game.house_rules),
        "first_dealer_seat": seats[sheet_of(game).next_dealer],
    }


def rematch(game_id: str) -> Rematch:
    """A new game like `game_id`; refused (nothing created) while that game is still going."""
    game = get_game(game_id)
    if not sheet_of(game).outcome().finished:
        raise Conflict("This game is still going: a rematch can start once someone has won.")
    new_game, key = create_game(**rematch_settings(game))
    return Rematch(new_game, key)
