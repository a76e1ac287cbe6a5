"""Around the table: sharing a game, and the live scoreboard every phone polls.

Polling is plain HTTP with ETags: an unchanged game costs one small query and a
bodiless 304, so it needs no extra server and works behind a load balancer.
"""
from __future__ import annotations

import segno
from flask import (Blueprint, Response, abort, flash, make_response, redirect, render_template,
                   request, session, url_for)
from markupsafe import Markup

from . import games
from .access import can_edit, editable_game_or_403, game_or_404, remember_key
from .boards import board_etag, board_page, board_view, page_stamp
from .forms import KeyForm

bp = Blueprint("table", __name__)


def _not_modified(etag: str) -> Response | None:
    if request.if_none_match.contains_weak(etag):  # RFC 9110: If-None-Match compares weakly
        response = make_response("", 304)
        response.set_etag(etag)
        return response
    return None


@bp.get("/games/<int:game_id>/board")
def live_board(game_id: int):
    """The scoreboard's live part, or 304 when nothing changed since the phone last looked."""
    version, editable = page_stamp(game_id)
    system = board_view()
    etag = board_etag(game_id, version, system, editable)
    unchanged = _not_modified(etag)
    if unchanged:
        return unchanged
    response = make_response(board_page("board.html", game_id, version, editable, system))
    response.set_etag(etag)
    return response


@bp.after_request
def revalidate(response: Response) -> Response:
    response.headers.setdefault("Cache-Control", "no-cache")  # always ask: is it still fresh?
    response.vary.add("Cookie")
    return response


def qr_svg(url: str) -> Markup:
    # The light background keeps the code scannable in dark mode.
    return Markup(segno.make(url, error="m").svg_inline(scale=5, light="#ffffff", border=3, omitsize=True))


@bp.get("/games/<int:game_id>/share")
def share(game_id: int):
    game = editable_game_or_403(game_id)
    watch = url_for("scorepad.scoreboard", game_id=game.id, _external=True)
    # The key rides in the fragment: browsers never send it to a server, log or Referer.
    keep = url_for(".keep_score", game_id=game.id, _external=True) + "#key=" + session["keys"][str(game.id)]
    response = make_response(render_template(
        "share.html", game=game, watch=watch, keep=keep, watch_qr=qr_svg(watch), keep_qr=qr_svg(keep)))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/games/<int:game_id>/keep-score", methods=["GET", "POST"])
def keep_score(game_id: int):
    game = game_or_404(game_id)
    form = KeyForm()
    if form.validate_on_submit():
        if not games.key_opens(game, form.key.data.strip()):
            abort(403)
        remember_key(game.id, form.key.data.strip())
        flash("This phone can now keep score.", "ok")
        return redirect(url_for("scorepad.scoreboard", game_id=game.id))
    return render_template("keep_score.html", game=game, form=form, already=can_edit(game))
