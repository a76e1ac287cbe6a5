"""The score pad pages: home, new game, a new target, rematch (the keypad: hand_views.py)."""
from __future__ import annotations

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext

from ..domain.editions import EDITIONS, get_edition
from ..domain.scoring import SYSTEMS
from ..edit_rights import editable_game_or_403, key_for, my_games, remember_key
from ..numbers import whole_number
from ..services import games, target
from ..services import rematch as rematch_service
from ..services.errors import ServiceError, StorageFailure
from ..tables.access import my_tables
from ..translate import translated
from . import bp
from .forms import NewGameForm, RematchForm, TargetForm


@bp.get("/")
def home():
    """Only the games this phone created, joined or opened: nothing lists the server's games."""
    playing, finished = [], []
    for game in my_games():
        sheet = games.sheet_of(game)
        outcome = sheet.outcome()
        (finished if outcome.finished else playing).append((game, sheet, outcome))
    return render_template("home.html", playing=playing, finished=finished, tables=my_tables())


@bp.route("/games/new", methods=["GET", "POST"])
def new_game():
    form = NewGameForm()
    if form.validate_on_submit():
        names = [n.strip() for n in form.players.data if n and n.strip()]
        rules = {"zero_counts_ten": form.zero_counts_ten.data, "stacking": form.stacking.data,
                 "uno_penalty": form.uno_penalty.data}
        if get_edition(form.edition.data).extra == "blank" and form.blank_points.data is not None:
            rules["blank_points"] = form.blank_points.data
        try:
            game, key = games.create_game(names, form.edition.data, form.scoring.data,
                                          form.target.data, rules)
        except StorageFailure:
            raise  # not the form's fault: the error page says so, with 503
        except ServiceError as err:
            form_field = getattr(form, err.field or "", None) or form.players
            form_field.errors = [*form_field.errors, translated(err.message)]
        else:
            remember_key(game.id, key)
            return redirect(url_for("scoreboard.scoreboard", game_id=game.id))
    return render_template("new_game.html", form=form, editions=EDITIONS,
                           systems=SYSTEMS)


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


@bp.get("/games/<public_id:game_id>/hands/edit")
def edit_any_hand(game_id: str):
    """The scoreboard's "Edit hand [n]" box: any hand, however old, one field away."""
    game = editable_game_or_403(game_id)
    asked = request.args.get("number", "").strip()
    number = whole_number(asked)
    if number is None or not 1 <= number <= len(game.hands):
        flash(gettext("There is no hand “%(asked)s” to edit: choose 1 to %(last)d.",
                      asked=asked[:10], last=len(game.hands)), "error")
        return redirect(url_for("scoreboard.scoreboard", game_id=game_id))
    return redirect(url_for(".edit_hand", game_id=game_id, number=number))


@bp.post("/games/<public_id:game_id>/rematch")
def rematch(game_id: str):
    """One tap at the end of a game: the same table again, this phone keeping score."""
    editable_game_or_403(game_id)
    if not RematchForm().validate_on_submit():
        abort(400)
    try:
        new = rematch_service.rematch(game_id)
    except ServiceError as err:
        flash(translated(err.message), "error")
        return redirect(url_for("scoreboard.scoreboard", game_id=game_id))
    remember_key(new.game.id, new.key or key_for(game_id))  # at a table: the table's key
    flash(gettext("Rematch! %(name)s deals the first hand.", name=games.sheet_of(new.game).next_dealer), "ok")
    return redirect(url_for("scoreboard.scoreboard", game_id=new.game.id))
