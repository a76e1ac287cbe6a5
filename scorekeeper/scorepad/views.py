"""The score pad pages: home, new game, the hand keypad."""
from __future__ import annotations

import uuid

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext

from ..domain.cards import KINDS
from ..domain.editions import EDITIONS, get_edition
from ..domain.scoring import SYSTEM_HELP
from ..edit_rights import can_edit, editable_game_or_403, key_for, my_games, remember_key
from ..errors import status_of
from ..models import Game
from ..numbers import whole_number
from ..scoreboard import board  # the module, not its names: the two packages import each other
from ..services import games, hands, target
from ..services import rematch as rematch_service
from ..services.errors import Conflict, ServiceError, StorageFailure
from ..tables.access import my_tables
from ..translate import translated
from . import bp
from .forms import DeleteHandForm, NewGameForm, RematchForm, TargetForm, field_name, hand_form_class, parse_revision
from .hand_form import hand_form_data, original_tokens, read_hand_form
from .keypad_words import keypad_words


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
                           system_help=SYSTEM_HELP)


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


@bp.route("/games/<public_id:game_id>/hands/new", methods=["GET", "POST"])
def new_hand(game_id: str):
    if request.method == "POST":
        saved = _quick_save(game_id)
        if saved is not None:
            return saved
    return _hand_page(editable_game_or_403(game_id), None)


def _quick_save(game_id: str):
    """A new hand read and saved from the game's settings and players alone, so saving costs
    the same in hand 1 and hand 1,000; None when the form needs showing again (the full
    page then reads the whole game and says what is wrong)."""
    head = games.load_game_head(game_id)
    if head is None:
        abort(404)
    if not can_edit(head):
        abort(403)
    sheet = games.empty_sheet(head)
    form = hand_form_class(sheet.edition, sheet.players)()
    if not form.validate_on_submit():
        return None
    held, typed, problems = read_hand_form(form, head, {})
    if problems:
        return None
    try:
        return _save_hand(game_id, None, held, typed, form)
    except ServiceError:
        return None


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


@bp.route("/games/<public_id:game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
def edit_hand(game_id: str, number: int):
    game = editable_game_or_403(game_id)
    if not any(h.number == number for h in game.hands):
        abort(404)
    return _hand_page(game, number)


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


@bp.route("/games/<public_id:game_id>/hands/<int:number>/delete", methods=["GET", "POST"])
def delete_hand(game_id: str, number: int):
    """GET asks first (a page showing the hand, which works without JavaScript); POST deletes."""
    game = editable_game_or_403(game_id)
    if request.method == "GET":
        return _confirm_delete(game, number)
    form = DeleteHandForm()
    if form.validate_on_submit():
        try:
            hands.delete_hand(game_id, number, parse_revision(form.revision.data))
        except ServiceError as err:
            message = translated(err.message)
            flash(gettext("%(problem)s Nothing was deleted.", problem=message)
                  if isinstance(err, Conflict) else message, "error")
        else:
            flash(gettext("Hand %(number)d deleted; the scores are recomputed.", number=number), "ok")
    return redirect(url_for("scoreboard.scoreboard", game_id=game_id))


def _confirm_delete(game: Game, number: int):
    hand = next((h for h in game.hands if h.number == number), None)
    if hand is None:
        abort(404)
    asked = request.args.get("revision")
    form = DeleteHandForm(revision=asked if asked else str(hand.revision))
    context = board.board_context(game) | {"editable": False}  # no Edit link on the hand shown
    return render_template("delete_hand.html", number=number, delete_form=form, **context)


def _hand_page(game: Game, number: int | None):
    sheet = games.sheet_of(game)
    HandForm = hand_form_class(sheet.edition, sheet.players)
    form = HandForm(data=hand_form_data(game, number) if number and request.method == "GET" else None)
    if request.method == "GET" and number is None:
        form.request_id.data = uuid.uuid4().hex
        out = whole_number(request.args.get("out", ""))  # never int() on 5,000 digits
        if out is not None and out < len(sheet.players):
            form.out.data = str(out)  # tapped "went out" beside a player on the scoreboard
    problems: dict[str, str] = {}
    conflict = None
    status = 422 if request.method == "POST" else 200
    if form.validate_on_submit():
        held, typed, problems = read_hand_form(form, game, original_tokens(game, number))
        if not problems:
            try:
                return _save_hand(game.id, number, held, typed, form)
            except ServiceError as err:
                problems[err.field or ""] = translated(err.message)
                status = status_of(err)
                if isinstance(err, Conflict) and number is not None:
                    conflict = _conflict(game.id, number, held, typed, form)
    elif form.errors:
        status = 422
    return render_template(
        "hand_form.html", game=game, sheet=sheet, form=form, number=number,
        problems=problems, values=sheet.values, kinds=[KINDS[k] for k in sheet.edition.deck],
        field_name=field_name, finished=sheet.outcome().finished and number is None and request.method == "GET",
        delete_form=DeleteHandForm(revision=form.revision.data), conflict=conflict,
        keypad_words=keypad_words), status


def _save_hand(game_id: str, number: int | None, held: dict, typed: dict, form):
    """Record a new hand or replace hand `number`, then back to the scoreboard."""
    if number is None:
        saved = hands.record_hand(game_id, held, typed, form.request_id.data or None,
                                  scored=False)
        flash(gettext("Hand %(number)d saved.", number=saved.hand.number) if saved.created
              else gettext("Hand %(number)d was already saved.", number=saved.hand.number), "ok")  # a retried Save
    else:
        hands.replace_hand(game_id, number, held, typed, parse_revision(form.revision.data))
        flash(gettext("Hand %(number)d updated; the scores are recomputed.", number=number), "ok")
    return redirect(url_for("scoreboard.scoreboard", game_id=game_id))


def _conflict(game_id: str, number: int, held: dict, typed: dict, form) -> dict | None:
    """Both versions of a hand edited on two phones at once; saving again keeps mine."""
    fresh = games.load_game(game_id)
    hand = next((h for h in fresh.hands if h.number == number), None) if fresh else None
    if hand is None:
        return None
    form.revision.data = str(hand.revision)
    players = [p.name for p in fresh.players]
    their_held, their_typed = games.stored_cards(fresh, hand)
    theirs = {name: (their_held.get(name, []), their_typed.get(name)) for name in players}
    mine = {name: (held.get(name, []), typed.get(name)) for name in players}
    return {"theirs": theirs, "mine": mine, "players": players}
