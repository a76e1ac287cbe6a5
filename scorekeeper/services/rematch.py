"""Rematch: a new game for the same people once a game is over, the deal moving on.

The one path for every rematch: a game played at a family table rematches at that table."""
from __future__ import annotations

from dataclasses import dataclass

from ..domain.text import N_, message_of, say
from ..models import Game
from ..domain.systems import SystemChoiceError, parse_system
from .errors import Conflict, Invalid, NotFound
from . import tables
from .games import NO_GAME, create_game, load_game_head, next_dealer_seat, teams_of
from .hand_scores import is_over


@dataclass
class Rematch:
    """The new game and its edit key (shown once, like any new game's); None at a family
    table, whose games all open with the table's key (which only the caller holds)."""

    game: Game
    key: str | None


def rematch_settings(game: Game) -> dict:
    """What the rematch copies: players, edition, scoring, house rules and the target the
    game started with (before any "keep playing"). The deal moves on: whoever would deal
    next here (the player after the last dealer) deals the rematch's first hand.
    A family table's game also keeps its table (see `rematch`), and a team game its teams."""
    teams = teams_of(game)
    return {
        "players": [p.name for p in game.players],
        "edition": game.edition,
        "scoring": game.scoring,
        "target": game.past_targets[0] if game.past_targets else game.target,
        "house_rules": dict(game.house_rules),
        "first_dealer_seat": next_dealer_seat(game),
        "teams": [list(team) for team in teams] if teams else None,
    }


def rematch(game_id: str, scoring: object = None) -> Rematch:
    """A new game like `game_id` (in another scoring system when `scoring` names one);
    refused (nothing created) while that game is still going."""
    game = load_game_head(game_id)
    if game is None:
        raise NotFound(NO_GAME)
    if not is_over(game):
        raise Conflict(say(N_("This game is still going: a rematch can start once someone has won.")))
    settings = rematch_settings(game)
    if scoring:
        try:
            settings["scoring"] = parse_system(scoring)
        except SystemChoiceError as err:
            raise Invalid(message_of(err), field="scoring") from None
    if game.table_id is not None:  # same table, same roster, the table's key
        players = settings.pop("players")
        return Rematch(tables.start_game(game.table_id, players, **settings), None)
    new_game, key = create_game(**settings)
    return Rematch(new_game, key)
