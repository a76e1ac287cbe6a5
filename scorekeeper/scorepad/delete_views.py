"""Deleting a hand (asked first, on a page that works without JavaScript) and putting it back."""
from __future__ import annotations

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext

from ..hand_pages import hands_context
from ..ids import looks_like_hand_id
from ..services import hands
from ..services.errors import Conflict, ServiceError
from ..services.game_read import GameRead
from ..translate import translated
from . import bp
from .forms import DeleteHandForm, UndoForm, parse_revision
from .hand_views import keeper_or_403, keeper_read_or_403


@bp.route("/games/<public_id:game_id>/hands/<int:number>/delete", methods=["GET", "POST"])
def delete_hand(game_id: str, number: int):
    """GET asks first; POST deletes the hand the page showed (by its id, wherever it has moved)
    and offers Undo."""
    if request.method == "GET":  # the game's sums and this one hand's cards, not the whole game
        return keeper_read_or_403(game_id, lambda count: (number,), build=lambda read: _confirm_delete(read, number))
    keeper_or_403(game_id)
    form = DeleteHandForm()
    if form.validate_on_submit():
        hand_id = form.hand_id.data if looks_like_hand_id(form.hand_id.data) else None
        try:
            hands.delete_hand(game_id, number, parse_revision(form.revision.data),
                              hand_id=hand_id, follow_moves=True)
        except ServiceError as err:
            message = translated(err.message)
            flash(gettext("%(problem)s Nothing was deleted.", problem=message)
                  if isinstance(err, Conflict) else message, "error")
        # else: the scoreboard offers Undo (board.html) to every keeper until the next write
    return redirect(url_for("scoreboard.scoreboard", game_id=game_id))


def _confirm_delete(read: GameRead, number: int):
    hand = read.view.hand(number)
    if hand is None:
        abort(404)
    asked = request.args.get("revision")
    form = DeleteHandForm(revision=asked if asked else str(hand.revision), hand_id=hand.id)
    context = hands_context(read, read.system) | {"editable": False}  # no Edit link on the hand shown
    return render_template("delete_hand.html", number=number, delete_form=form, **context)


@bp.post("/games/<public_id:game_id>/hands/<hand_id:hand_id>/restore")
def restore_hand(game_id: str, hand_id: str):
    """Undo a delete: the same hand back at the same number, as it was."""
    keeper_or_403(game_id)
    if not UndoForm().validate_on_submit():
        abort(400)
    try:
        written = hands.restore_hand(game_id, hand_id)
    except ServiceError as err:
        flash(translated(err.message), "error")
    else:
        flash(gettext("Hand %(number)d is back; the scores are as they were.", number=written.hand.number)
              if written.created else gettext("Hand %(number)d was already back.", number=written.hand.number),
              "ok")
    return redirect(url_for("scoreboard.scoreboard", game_id=game_id))
