"""The share page and the keep-score link of a game (the part shared with tables: share_links.py)."""
from __future__ import annotations

from flask import url_for
from flask_babel import gettext

from ..access.games import can_edit, editable_game_or_403, game_or_404, key_for, remember_key
from ..services import games
from ..services.page_values import game_view
from ..share_links import keep_score_page, share_page
from . import bp


@bp.get("/games/<public_id:game_id>/share")
def share(game_id: str):
    game = editable_game_or_403(game_id)
    return share_page("share.html", url_for("scoreboard.scoreboard", game_id=game.id, _external=True),
                      url_for(".keep_score", game_id=game.id, _external=True), key_for(game.id), game=game_view(game))


@bp.route("/games/<public_id:game_id>/keep-score", methods=["GET", "POST"])
def keep_score(game_id: str):
    game = game_or_404(game_id)
    return keep_score_page(
        "keep_score.html", lambda key: games.key_opens(game, key), lambda key: remember_key(game.id, key),
        gettext("This phone can now keep score."), url_for("scoreboard.scoreboard", game_id=game.id),
        lambda: can_edit(game), game=game_view(game))
