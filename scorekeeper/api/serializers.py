"""Games and hands as the API shows them (docs/api.md), from the plain values of
services/page_values.py."""
from __future__ import annotations

from flask import url_for

from ..domain.scoring import SYSTEMS, Outcome, ScoreSheet
from ..models import Game
from ..services.game_state import GameState
from ..services.games import game_settings
from ..services.hands import Written
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
    """The game as GET shows it, scored whole from `sheet` (see state_dict)."""
    return _game_dict(game_settings(game), game_view(game).hands, sheet, sheet.outcome(), sheet.points())


def state_dict(state: GameState) -> dict:
    """The game as GET shows it, from the state kept per version: the same JSON as game_dict
    (tests/integration/test_game_state.py), without scoring the game again."""
    return _game_dict(state.settings, state.view.hands, state.sheet, state.outcome, state.points)


def _game_dict(settings: dict, hands: tuple[HandView, ...], sheet: ScoreSheet, outcome: Outcome,
               points: list[dict[str, int]]) -> dict:
    scores = sheet.standings()
    return dict(settings) | _teams(sheet) | {
        "players": [{"name": n, "score": scores[n]} for n in sheet.players],
        "standings": {slug: sheet.standings(system) for slug, system in SYSTEMS.items()},
        "url": url_for("scoreboard.scoreboard", game_id=settings["id"]),
        # points() once: asking it per hand would check every hand each time (quadratic)
        "hands": [hand_dict(h, sheet, i, points) for i, h in enumerate(hands)],
        "finished": outcome.finished,
        "winners": outcome.winners,
    }


def _teams(sheet: ScoreSheet) -> dict:
    """A team game's teams and their totals (a game without teams has no "teams" key)."""
    if sheet.team_scoring is None:
        return {}
    rows = sheet.team_scoring.rows(sheet.team_standings())
    return {"teams": [{"players": list(players), "score": score} for players, score in rows]}


def written_dict(written: Written) -> dict:
    """A written hand (as numbered now) and the game it belongs to."""
    hand = written.hand
    payload = state_dict(written.state) if written.state else game_dict(written.game, written.sheet)
    written = next((h for h in payload["hands"] if h["id"] == hand.public_id), None)
    return {"hand": written, "game": payload}
