"""Games and their hands over JSON."""
from __future__ import annotations

from flask import jsonify, request, url_for

from ..domain.text import N_, say
from ..http_cache import not_modified, keep_no_copy
from ..services import games, hands, tables, target
from ..services.errors import Malformed, NotFound
from ..services.game_rows import GameRows, game_rows
from . import bp
from .requests import (
    bearer_key, body_after, body_after_revision, body_flag, body_hand_id, body_revision, json_body, query_revision)
from .serializers import game_dict, written_dict

GAME_FIELDS = {"players", "edition", "scoring", "target", "house_rules", "teams"}
NEW_GAME_FIELDS = GAME_FIELDS | {"table"}
HAND_FIELDS = {"held", "typed_totals", "request_id", "revision", "hand_id", "after", "after_revision", "confirm_new"}


def _game_rows(game_id: str) -> GameRows:
    """The game now (game_rows; also after a write, whose answer shows the game it left)."""
    game = game_rows(game_id)
    if game is None:  # no such game, or it went away right after the write
        raise NotFound(games.NO_GAME)
    return game


def _game_json(game_id: str) -> dict:
    return game_dict(_game_rows(game_id))


@bp.post("/games")
def create_game():
    body = json_body(NEW_GAME_FIELDS)
    if "players" not in body:
        raise Malformed(say(N_("'players' is required, for example {\"players\": [\"Ana\", \"Ben\"]}.")))
    options = {k: body[k] for k in GAME_FIELDS - {"players"} if k in body}
    if "table" in body:
        game, key = _create_at_table(body.pop("table"), body["players"], options)
    else:
        game, key = games.create_game(body["players"], **options)
    payload = _game_json(game.id) | {"edit_key": key}
    keep_no_copy()
    return jsonify(payload), 201, {"Location": url_for("api.get_game", game_id=game.id)}


def _create_at_table(table_id: object, players: object, options: dict):
    """A game in a family table: unknown table 404, then the table's key (401/403)."""
    table = tables.get_table(table_id)
    key = bearer_key()
    tables.check_table_key(table, key)
    return tables.start_game(table.id, players, **options), key


@bp.get("/games/<public_id:game_id>")
def get_game(game_id: str):
    """Pollable: send the ETag back in If-None-Match and an unchanged game answers 304."""
    stamp = games.game_stamp(game_id)
    if stamp is None:
        raise NotFound(games.NO_GAME)
    response = not_modified(_etag(game_id, stamp[0]))
    if response is None:
        game = _game_rows(game_id)
        response = jsonify(game_dict(game))
        response.set_etag(_etag(game_id, game.version))  # the version the answer shows
    response.headers["Cache-Control"] = "no-cache"
    return response


def _etag(game_id: str, version: int) -> str:
    return f"g{game_id}v{version}"


@bp.patch("/games/<public_id:game_id>")
def update_game(game_id: str):
    """Only the target can change once a game has started ("keep playing to 750")."""
    games.check_key(game_id, bearer_key())
    body = json_body({"target"})
    if "target" not in body:
        raise Malformed(say(N_("Send the new target, for example {\"target\": 750}.")))
    target.change_target(game_id, body["target"])
    return jsonify(_game_json(game_id))


@bp.post("/games/<public_id:game_id>/hands")
def record_hand(game_id: str):
    games.check_key(game_id, bearer_key())
    body = json_body(HAND_FIELDS - {"revision", "hand_id"})
    written = hands.record_hand(game_id, body.get("held"), body.get("typed_totals"),
                                body.get("request_id"), after=body_after(body),
                                after_version=body_after_revision(body),
                                confirm_new=body_flag(body, "confirm_new"), with_game=True)
    return _written_response(game_id, written), 201 if written.created else 200


def _written_response(game_id: str, written):
    """A written hand and its game: as the write left them, read in its transaction (or,
    when a racing save of the same request id won, read now)."""
    if written.game is not None:
        return jsonify(written_dict(written.game, written.shown))
    game = _game_rows(game_id)
    return jsonify(written_dict(game, game.hand(written.hand.id)))


@bp.put("/games/<public_id:game_id>/hands/<int:number>")
def replace_hand(game_id: str, number: int):
    games.check_key(game_id, bearer_key())
    body = json_body(HAND_FIELDS - {"request_id", "after", "after_revision", "confirm_new"})
    written = hands.replace_hand(game_id, number, body.get("held"), body.get("typed_totals"),
                                 expected_revision=body_revision(body), hand_id=body_hand_id(body),
                                 with_game=True)
    return _written_response(game_id, written)


@bp.delete("/games/<public_id:game_id>/hands/<int:number>")
def delete_hand(game_id: str, number: int):
    """`?revision=N` (the hand's revision when read) or `?hand_id=` make a retried delete
    safe: 409, not a second hand gone. The hand can be put back (restore_hand)."""
    games.check_key(game_id, bearer_key())
    body = json_body({"hand_id", "revision"}) if request.get_data() else {}
    revision = body_revision(body) if "revision" in body else query_revision()
    written = hands.delete_hand(game_id, number, revision, hand_id=body_hand_id(body), with_game=True)
    return jsonify({"game": game_dict(written.game), "deleted": written.deleted})


@bp.post("/games/<public_id:game_id>/hands/<hand_id:hand_id>/restore")
def restore_hand(game_id: str, hand_id: str):
    """Put a deleted hand back at its number, as it was (201; 200 if it was already back)."""
    games.check_key(game_id, bearer_key())
    written = hands.restore_hand(game_id, hand_id, with_game=True)
    return _written_response(game_id, written), 201 if written.created else 200
