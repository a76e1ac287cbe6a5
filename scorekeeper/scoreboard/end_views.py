"""The end of a game, from the scoreboard: play on to a new target, or a rematch."""
from __future__ import annotations

from flask import abort, flash, redirect, request, url_for
from flask_babel import gettext

from ..access.games import editable_game_or_403, key_for, remember_key
from ..services import games, target
from ..services import rematch as rematch_service
from ..services.errors import ServiceError
from ..translate import translated
from . import bp
from .forms import RematchForm, TargetForm


@bp.post("/games/<public_id:game_id>/target")
def change_target(game_id: str):
    editable_game_or_403(game_id)
    form = TargetForm()
    if form.validate_on_submit():
        try:
            target.change_target(game_id, form.target.data)
        except ServiceError as err:
            flash(translated(err.message), "error")
        else:
            flash(gettext("Playing on to %(target)d.", target=form.target.data), "ok")
    else:
        flash(" ".join(map(str, form.target.errors)) or gettext("Choose a target from 1 upwards."), "error")
    return redirect(url_for("scoreboard.scoreboard", game_id=game_id))


@bp.post("/games/<public_id:game_id>/rematch")
def rematch(game_id: str):
    """One tap at the end of a game: the same table again, this phone keeping score."""
    editable_game_or_403(game_id)
    if not RematchForm().validate_on_submit():
        abort(400)
    try:
        new = rematch_service.rematch(game_id, request.form.get("scoring"))
    except ServiceError as err:
        flash(translated(err.message), "error")
        return redirect(url_for("scoreboard.scoreboard", game_id=game_id))
    remember_key(new.game.id, new.key or key_for(game_id))  # at a table: the table's key
    flash(gettext("Rematch! %(name)s deals the first hand.", name=games.sheet_of(new.game).next_dealer), "ok")
    return redirect(url_for("scoreboard.scoreboard", game_id=new.game.id))
