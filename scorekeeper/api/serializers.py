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


_GAME_ONLY = object()  # no written hand to name: the answer is the game alone


def state_response(state: GameState, hand_id: str | None | object = _GAME_ONLY,
                   deleted: str | None = None) -> Response:
    """The game as JSON, the same bytes as jsonify(state_dict(...)) gives; with `hand_id`,
    that hand and its game (as a save answers); with `deleted`, the game and the deleted
    hand's id (as a delete answers). Each hand is encoded once per row and revision and kept
    (_encoded_hands): a game's thousandth save encodes one hand, not a thousand, and a
    delete that moves every later hand up re-encodes none of them."""
    provider = current_app.json
    if (provider.compact is None and current_app.debug) or provider.compact is False:
        game = state_dict(state)  # pretty-printed: not worth keeping
        return provider.response(_wrapped(game, state, hand_id, deleted, lambda: _hand_in(game["hands"], hand_id)))
    game = _game_dict(state.settings, None, state.sheet, state.outcome, state.points) | {"hands": _HANDS_HERE}
    payload = _wrapped(game, state, hand_id, deleted, lambda: _written_hand(state, hand_id))
    text = provider.dumps(payload, separators=(",", ":"))
    hands = "[" + ",".join(_encoded_hands(state, provider)) + "]"
    return current_app.response_class(text.replace(f'"{_HANDS_HERE}"', hands, 1) + "\n",
                                      mimetype=provider.mimetype)


def _wrapped(game: dict, state: GameState, hand_id, deleted: str | None, hand) -> dict:
    if hand_id is not _GAME_ONLY:  # a write's answer, whatever the hand's id (never bare)
        return {"hand": hand(), "game": game}
    if deleted is not None:
        return {"game": game, "deleted": deleted}
    return game


def _written_hand(state: GameState, hand_id: str) -> dict | None:
    index = next((i for i, h in enumerate(state.view.hands) if h.id == hand_id), None)
    return None if index is None else hand_dict(state.view.hands[index], state.sheet, index, state.points)


_NUMBER_HERE = -7_319_426_553  # a hand's number in its kept JSON, put in as each answer numbers it


def _encoded_hands(state: GameState, provider) -> list[str]:
    kept = hand_json()
    game_id = state.view.id
    # what a hand's JSON depends on besides its number: its row as it was at this revision
    # and its dealer (a game's edition, house rules and players never change)
    names = [(game_id, key.row, key.revision, key.dealer_seat) for key in state.keys]
    encoded = []
    for index, (hand, pieces) in enumerate(zip(state.view.hands, kept.get_many(names))):
        if pieces is None:
            text = provider.dumps(hand_dict(hand, state.sheet, index, state.points) | {"number": _NUMBER_HERE},
                                  separators=(",", ":"))
            pieces = text.split(f'"number":{_NUMBER_HERE}', 1)
            kept.put(names[index], pieces)
        encoded.append(f'{pieces[0]}"number":{hand.number}{pieces[1]}')
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
