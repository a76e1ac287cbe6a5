"""The share page and the keep-score link."""
from __future__ import annotations

import segno
from flask import abort, flash, redirect, render_template, url_for
from flask_babel import gettext
from markupsafe import Markup

from ..access.games import can_edit, editable_game_or_403, game_or_404, key_for, remember_key
from ..http_cache import shows_key
from ..services import games
from . import bp
from .forms import KeyForm


def qr_svg(url: str) -> Markup:
    # The light background keeps the code scannable in dark mode.
    return Markup(segno.make(url, error="m").svg_inline(scale=5, light="#ffffff", border=3, omitsize=True))


@bp.get("/games/<public_id:game_id>/share")
def share(game_id: str):
    game = editable_game_or_403(game_id)
    watch = url_for("scoreboard.scoreboard", game_id=game.id, _external=True)
    # The key rides in the fragment: browsers never send it to a server, log or Referer.
    keep = url_for(".keep_score", game_id=game.id, _external=True) + "#key=" + key_for(game.id)
    shows_key()
    return render_template(
        "share.html", game=game, watch=watch, keep=keep, watch_qr=qr_svg(watch), keep_qr=qr_svg(keep))


@bp.route("/games/<public_id:game_id>/keep-score", methods=["GET", "POST"])
def keep_score(game_id: str):
    game = game_or_404(game_id)
    form = KeyForm()
    if form.validate_on_submit():
        if not games.key_opens(game, form.key.data.strip()):
            abort(403)
        remember_key(game.id, form.key.data.strip())
        flash(gettext("This phone can now keep score."), "ok")
        return redirect(url_for("scoreboard.scoreboard", game_id=game.id))
    return render_template("keep_score.html", game=game, form=form, already=can_edit(game))
