"""Games and hands as the API shows them (docs/api.md), from the plain values of
services/game_rows.py."""
from __future__ import annotations

from flask import url_for

from ..services.game_rows import GameRows, HandRow


def game_dict(game: GameRows) -> dict:
    """The game as GET shows it."""
    teams = {} if game.teams is None else {
        "teams": [{"players": list(players), "score": score} for players, score in game.teams]}
    return dict(game.settings) | teams | {
        "players": [{"name": n, "score": game.standings[game.settings["scoring"]][n]} for n in game.players],
        "standings": game.standings,
        "url": url_for("scoreboard.scoreboard", game_id=game.settings["id"]),
        "hands": [h._asdict() for h in game.hands],
        "finished": game.outcome.finished,
        "winners": game.outcome.winners,
    }


def written_dict(game: GameRows, hand: HandRow | None) -> dict:
    """A write's answer: the hand it wrote (None if another phone removed it since) and its game."""
    return {"hand": None if hand is None else hand._asdict(), "game": game_dict(game)}
