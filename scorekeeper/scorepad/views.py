"""The score pad pages: home, new game, the Edit hand box (the keypad: hand_views.py)."""
from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext

from ..domain.editions import EDITIONS
from ..access.games import my_games, remember_key
from ..domain.scoring import SYSTEMS
from ..domain.teams import teams_from_choices
from ..form_fields import chosen_team
from ..numbers import whole_number
from ..services import games
from ..services.game_read import summary_of
from ..services.page_values import game_view, table_view
from ..services.errors import ServiceError, StorageFailure
from ..access.tables import my_tables
from ..translate import translated
from . import bp
from .forms import NewGameForm
from .hand_views import keeper_or_403


@bp.get("/")
def home():
    """Only the games this phone created, joined or opened: nothing lists the server's games."""
    playing, finished = [], []
    for game in my_games():  # each game's row and players; its hands only if it changed (summary_of)
        summary = summary_of(game)
        outcome = summary.outcome
        (finished if outcome.finished else playing).append((game_view(game), summary, outcome))
    return render_template("home.html", playing=playing, finished=finished,
                           tables=[table_view(t) for t in my_tables()])


@bp.route("/games/new", methods=["GET", "POST"])
def new_game():
    form = NewGameForm()
    if form.validate_on_submit():
        seats = [(n.strip(), chosen_team(t)) for n, t in zip(form.players.data, form.teams.data)
                 if n and n.strip()]
        names = [name for name, _team in seats]
        rules = form.house_rules()
        try:
            game, key = games.create_game(names, form.edition.data, form.scoring.data,
                                          form.target.data, rules, teams=teams_from_choices(seats),
                                          seat_apart=not form.keep_order.data)
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


@bp.get("/games/<public_id:game_id>/hands/edit")
def edit_any_hand(game_id: str):
    """The scoreboard's "Edit hand [n]" box: any hand, however old, one field away."""
    keeper_or_403(game_id)
    asked = request.args.get("number", "").strip()
    number = whole_number(asked)
    count = games.hand_count(game_id)
    if number is None or not 1 <= number <= count:
        flash(gettext("There is no hand “%(asked)s” to edit: choose 1 to %(last)d.",
                      asked=asked[:10], last=count), "error")
        return redirect(url_for("scoreboard.scoreboard", game_id=game_id))
    return redirect(url_for(".edit_hand", game_id=game_id, number=number))
