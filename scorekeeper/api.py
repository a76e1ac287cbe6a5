"""The JSON API (contract in shared/DESIGN.md): outside clients depend on it, keep it stable."""
from __future__ import annotations

from flask import Blueprint, jsonify, make_response, request, url_for

from . import games
from .errors import error_response
from .games import Rejected

bp = Blueprint("api", __name__, url_prefix="/api")

GAME_FIELDS = {"players", "edition", "scoring", "target", "house_rules"}
HAND_FIELDS = {"held", "typed_totals", "request_id", "revision"}


def _body(allowed: set[str]) -> dict:
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        raise Rejected("Send a JSON object in the request body.", 400)
    unknown = sorted(set(body) - allowed)
    if unknown:
        raise Rejected(f"Unknown field {', '.join(unknown)}: the known ones are "
                       f"{', '.join(sorted(allowed))}.", 400)
    return body


def _game_json(game_id: int) -> dict:
    game = games.load_game(game_id)
    if game is None:
        raise Rejected("There is no game with that id.", 404)
    return games.game_dict(game, url_for("scorepad.scoreboard", game_id=game.id))


def _hand_and_game_json(game_id: int, hand_id: int) -> dict:
    """A written hand as it stands now, found by its row (another phone may have renumbered
    it meanwhile), with the game; `hand` is null only if it was already deleted again."""
    game = games.load_game(game_id)
    payload = games.game_dict(game, url_for("scorepad.scoreboard", game_id=game.id))
    hand = next((h for h, row in zip(payload["hands"], game.hands) if row.id == hand_id), None)
    return {"hand": hand, "game": payload}


def _require_key(game_id: int) -> None:
    stamp = games.game_stamp(game_id)  # the key hash alone: the write loads the game itself
    if stamp is None:
        raise Rejected("There is no game with that id.", 404)
    scheme, _, key = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not key.strip():
        raise Rejected("This needs the game's edit key: send 'Authorization: Bearer <edit_key>'.", 401)
    if not games.hash_opens(stamp[1], key.strip()):
        raise Rejected("That edit key does not open this game.", 403)


@bp.errorhandler(Rejected)
def rejected(err: Rejected):
    return error_response(err.status, err.message)


@bp.post("/games")
def create_game():
    body = _body(GAME_FIELDS)
    if "players" not in body:
        raise Rejected("'players' is required, for example {\"players\": [\"Ana\", \"Ben\"]}.", 400)
    options = {k: body[k] for k in GAME_FIELDS - {"players"} if k in body}
    game, key = games.create_game(body["players"], **options)
    payload = _game_json(game.id) | {"edit_key": key}
    return jsonify(payload), 201, {"Location": url_for("api.get_game", game_id=game.id)}


@bp.get("/games/<int:game_id>")
def get_game(game_id: int):
    """Pollable: send the ETag back in If-None-Match and an unchanged game answers 304."""
    stamp = games.game_stamp(game_id)
    if stamp is None:
        raise Rejected("There is no game with that id.", 404)
    etag = f"g{game_id}v{stamp[0]}"
    if request.if_none_match.contains_weak(etag):  # RFC 9110: If-None-Match compares weakly
        response = make_response("", 304)
    else:
        response = jsonify(_game_json(game_id))
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.patch("/games/<int:game_id>")
def update_game(game_id: int):
    """Only the target can change once a game has started ("keep playing to 750")."""
    _require_key(game_id)
    body = _body({"target"})
    if "target" not in body:
        raise Rejected("Send the new target, for example {\"target\": 750}.", 400)
    games.change_target(game_id, body["target"])
    return jsonify(_game_json(game_id))


@bp.post("/games/<int:game_id>/hands")
def record_hand(game_id: int):
    _require_key(game_id)
    body = _body(HAND_FIELDS - {"revision"})
    held, typed = games.hand_input(body)
    hand, created = games.record_hand(game_id, held, typed, body.get("request_id"))
    return jsonify(_hand_and_game_json(game_id, hand.id)), 201 if created else 200


@bp.put("/games/<int:game_id>/hands/<int:number>")
def replace_hand(game_id: int, number: int):
    _require_key(game_id)
    body = _body(HAND_FIELDS - {"request_id"})
    revision = body.get("revision")
    if revision is not None and (isinstance(revision, bool) or not isinstance(revision, int)):
        raise Rejected("'revision' must be the whole number the hand had when you read it.", 400)
    held, typed = games.hand_input(body)
    hand = games.replace_hand(game_id, number, held, typed, expected_revision=revision)
    return jsonify(_hand_and_game_json(game_id, hand.id))


@bp.delete("/games/<int:game_id>/hands/<int:number>")
def delete_hand(game_id: int, number: int):
    """`?revision=N` (the hand's revision when read) makes a retried delete safe: 409, not a
    second hand gone."""
    _require_key(game_id)
    revision = request.args.get("revision")
    if revision is not None and not (revision.isascii() and revision.isdigit()):
        raise Rejected("'revision' must be the whole number the hand had when you read it.", 400)
    games.delete_hand(game_id, number, int(revision) if revision is not None else None)
    return jsonify(game=_game_json(game_id))
