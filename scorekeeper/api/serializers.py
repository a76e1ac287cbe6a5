"""Games and hands as the API shows them (docs/api.md), from the plain values of
services/page_values.py."""
from __future__ import annotations

import uuid

from flask import Response, current_app, url_for

from ..domain.scoring import SYSTEMS, Outcome, ScoreSheet
from ..models import Game
from ..services.cache import VersionFacts
from ..services.game_state import KEPT_HANDS as HANDS_KEPT_AS_JSON, GameState
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


def _game_dict(settings: dict, hands: tuple[HandView, ...] | None, sheet: ScoreSheet, outcome: Outcome,
               points: list[dict[str, int]]) -> dict:
    scores = sheet.standings()
    return dict(settings) | _teams(sheet) | {
        "players": [{"name": n, "score": scores[n]} for n in sheet.players],
        "standings": {slug: sheet.standings(system) for slug, system in SYSTEMS.items()},
        "url": url_for("scoreboard.scoreboard", game_id=settings["id"]),
        # points() once: asking it per hand would check every hand each time (quadratic)
        "hands": None if hands is None else [hand_dict(h, sheet, i, points) for i, h in enumerate(hands)],
        "finished": outcome.finished,
        "winners": outcome.winners,
    }


_HANDS_HERE = f"hands-{uuid.uuid4().hex}"  # where a game's hands go in its JSON (state_response)


def state_response(state: GameState, hand_id: str | None = None, **extra) -> Response:
    """The game as JSON (with `hand_id`: that hand and its game, as a save answers), the
    same bytes as jsonify(state_dict(...)) gives. Each hand is encoded once per game version
    it appears unchanged in and kept (hand_json): a game's thousandth save encodes one hand,
    not a thousand."""
    provider = current_app.json
    if (provider.compact is None and current_app.debug) or provider.compact is False:
        game = state_dict(state)  # pretty-printed: not worth keeping
        payload = game if hand_id is None else {"hand": _hand_in(game["hands"], hand_id), "game": game}
        return provider.response(payload | extra)
    game = _game_dict(state.settings, None, state.sheet, state.outcome, state.points) | {"hands": _HANDS_HERE}
    payload = game | extra
    if hand_id is not None:
        index = next((i for i, h in enumerate(state.view.hands) if h.id == hand_id), None)
        written = None if index is None else hand_dict(state.view.hands[index], state.sheet, index, state.points)
        payload = {"hand": written, "game": game} | extra
    text = provider.dumps(payload, separators=(",", ":"))
    hands = "[" + ",".join(_encoded_hands(state, provider)) + "]"
    return current_app.response_class(text.replace(f'"{_HANDS_HERE}"', hands, 1) + "\n",
                                      mimetype=provider.mimetype)


def _encoded_hands(state: GameState, provider) -> list[str]:
    kept = hand_json()
    encoded = []
    for index, (hand, key) in enumerate(zip(state.view.hands, state.keys)):
        # what a hand's JSON depends on: its row as it was at this revision, its place
        # and dealer (a game's edition, house rules and players never change)
        name = (state.view.id, key.row, key.revision, key.number, key.dealer_seat)
        text = kept.get(name)
        if text is None:
            text = provider.dumps(hand_dict(hand, state.sheet, index, state.points), separators=(",", ":"))
            kept.put(name, text)
        encoded.append(text)
    return encoded


def _hand_in(hands: list[dict], hand_id: str) -> dict | None:
    return next((h for h in hands if h["id"] == hand_id), None)


def hand_json() -> VersionFacts:
    """Each hand's JSON as a game version shows it: one per app, so per database."""
    kept = current_app.extensions.get("hand_json")
    if kept is None:
        kept = current_app.extensions.setdefault("hand_json", VersionFacts(HANDS_KEPT_AS_JSON))
    return kept


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
