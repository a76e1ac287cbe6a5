"""Games and hands as the API shows them (docs/api.md), from the plain values of
services/page_values.py."""
from __future__ import annotations

from flask import url_for

from ..domain.scoring import SYSTEMS, ScoreSheet
from ..models import Game, Hand
from ..services.games import game_settings
from ..services.page_values import HandView, game_view


def hand_dict(hand: HandView, sheet: ScoreSheet, index: int,
              points: list[dict[str, int]] | None = None) -> dict:
    domain = sheet.hands[index]
    return {
        "id": hand.id,
        "number": hand.number,
        "winner": domain.winner,
        "held": hand.held,
        "points": (sheet.points() if points is None else points)[index],
        "typed_totals": dict(domain.typed),
        "dealer": sheet.dealer(hand.number),
        "revision": hand.revision,
    }


def game_dict(game: Game, sheet: ScoreSheet) -> dict:
    scores = sheet.standings()
    outcome = sheet.outcome()
    points = sheet.points()
    return game_settings(game) | _teams(sheet) | {
        "players": [{"name": n, "score": scores[n]} for n in sheet.players],
        "standings": {slug: sheet.standings(system) for slug, system in SYSTEMS.items()},
        "url": url_for("scoreboard.scoreboard", game_id=game.id),
        # points() once: asking it per hand would check every hand each time (quadratic)
        "hands": [hand_dict(h, sheet, i, points) for i, h in enumerate(game_view(game).hands)],
        "finished": outcome.finished,
        "winners": outcome.winners,
    }


def _teams(sheet: ScoreSheet) -> dict:
    """A team game's teams and their totals (a game without teams has no "teams" key)."""
    if sheet.team_scoring is None:
        return {}
    rows = sheet.team_scoring.rows(sheet.team_standings())
    return {"teams": [{"players": list(players), "score": score} for players, score in rows]}


def written_dict(game: Game, sheet: ScoreSheet, hand: Hand) -> dict:
    """A written hand (as numbered now) and the game it belongs to."""
    payload = game_dict(game, sheet)
    written = next((h for h in payload["hands"] if h["id"] == hand.public_id), None)
    return {"hand": written, "game": payload}
