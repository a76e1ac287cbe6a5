"""Table pages. Views stay thin: the services do the work, access/tables.py decides who may."""
from __future__ import annotations

from flask import (Response, abort, flash, make_response, redirect, render_template, request,
                   stream_with_context, url_for)
from flask_babel import gettext, ngettext

from ..access.games import editable_game_or_403, remember_key, remember_new_games
from ..access.tables import (can_keep, kept_table_or_403, my_tables, remember_table_key,
                             remember_table_visit, table_key_for, table_or_404)
from ..domain.editions import EDITIONS
from ..domain.scoring import SYSTEMS
from ..domain.teams import teams_from_choices
from ..domain.text import N_
from ..form_fields import chosen_team
from ..http_cache import keep_no_copy
from ..restore_upload import RestoreForm, restore_file, too_many_creations
from ..services import rematch as rematch_service
from ..services import table_game_seats, tables
from ..services.backups.export import streamed, table_records
from ..services.backups.restore import RestoreError
from ..services.backups.table_restore import IntoTable
from ..services.errors import ServiceError
from ..services.page_values import table_view
from ..services.table_stats import SHOWN, table_summary
from ..share_links import keep_score_page, share_page
from ..translate import translated_error
from . import bp
from .forms import AdoptForm, MergeForm, NewTableForm, RenameForm, StartForm, TableActionForm



@bp.route("/tables/new", methods=["GET", "POST"])
def new_table():
    form = NewTableForm()
    if form.validate_on_submit():
        try:
            table, key = tables.create_table(form.name.data)
        except ServiceError as err:
            form.name.errors = [translated_error(err)]
        else:
            remember_table_key(table.id, key)
            return redirect(url_for(".table_page", table_id=table.id))
    return render_template("table_new.html", form=form)


def _page(table, **forms):
    summary = table_summary(table.id)
    keeper = can_keep(table)
    context = dict(table=table_view(table), summary=summary, keeper=keeper, shown=SHOWN,
                   by_id={p.id: p for p in summary.players}, systems=SYSTEMS)
    if keeper:
        last = tables.last_settings(table)
        start = forms.get("start") or StartForm(data=StartForm.prefill(last))
        context |= dict(start=start, last_game=bool(last), rename=forms.get("rename") or RenameForm(),
                        merge=forms.get("merge") or MergeForm(), action=TableActionForm(),
                        editions=EDITIONS)
    if keeper:  # its forms carry this browser's CSRF token
        keep_no_copy()
    return make_response(render_template("table.html", **context))


@bp.get("/tables/<public_id:table_id>")
def table_page(table_id: str):
    table = table_or_404(table_id)
    remember_table_visit(table.id)  # for this phone's home page
    return _page(table)


@bp.get("/tables/<public_id:table_id>/players/<player_id>")
def player_page(table_id: str, player_id: str):
    """One player against each other player at the table: head-to-head, one tap away."""
    table = table_or_404(table_id)
    summary = table_summary(table.id)
    me = next((p for p in summary.players if str(p.id) == player_id), None)
    if me is None:
        abort(404)
    rivals = [(p, summary.head_to_head(me.id, p.id)) for p in summary.players if p.id != me.id]
    return render_template("table_player.html", table=table_view(table), me=me, rivals=rivals)


def _seats(form: StartForm) -> list[str]:
    """Ticked roster names in the order they were tapped, then anyone given a team but not
    ticked (with JavaScript a team tap ticks them; without it the team says they play), then
    the new names."""
    ticked = [n for n in request.form.getlist("seat") if n.strip()]
    teamed = [name for key, value in request.form.items(multi=True)
              if value and (name := key.removeprefix("team:")) != key and name not in ticked]
    new = [n for n in (form.new.data or "").split(",") if n.strip()]
    return ticked + list(dict.fromkeys(teamed)) + new


def _with_last_settings(table):
    """The posted start form; one sent without the settings (an older page, a script) plays
    as the table's last game did."""
    if "target" in request.form:
        return request.form
    posted = request.form.copy()
    fresh = {name: field.default for name, field in StartForm(formdata=None)._fields.items()
             if name in ("edition", "scoring", "target")}
    for name, value in (fresh | StartForm.prefill(tables.last_settings(table))).items():
        if value is not False:
            posted[name] = "y" if value is True else str(value)
    return posted


@bp.post("/tables/<public_id:table_id>/games")
def start_game(table_id: str):
    table = kept_table_or_403(table_id)
    form = StartForm(formdata=_with_last_settings(table))
    if form.validate_on_submit():
        seats = _seats(form)
        picked = [(name, request.form.get(f"team:{name}")) for name in seats]
        if any(value and chosen_team(value) is None for _, value in picked):  # '²': no button sends it
            form.new.errors = [gettext("Choose each player's team with the team buttons.")]
            return _page(table, start=form), 422
        teams = teams_from_choices([(name, chosen_team(value)) for name, value in picked])
        try:
            game = tables.start_game(table.id, seats, teams=teams, seat_apart=not form.keep_order.data,
                                     **form.settings())
        except ServiceError as err:
            field = getattr(form, err.field or "", None)
            (field if field in (form.edition, form.scoring, form.target) else form.new).errors = [
                translated_error(err)]
        else:
            remember_key(game.id, table_key_for(table.id))
            return redirect(url_for("scoreboard.scoreboard", game_id=game.id))
    return _page(table, start=form), 422


@bp.post("/tables/<public_id:table_id>/rematch")
def rematch(table_id: str):
    table = kept_table_or_403(table_id)
    # Game ids are opaque: the one asked for must be among this table's games.
    wanted = request.form.get("game", "")
    game = next((g for g in table_summary(table.id).games if str(g.id) == wanted), None)
    if not TableActionForm().validate_on_submit() or game is None:
        abort(400)
    try:
        new = rematch_service.rematch(game.id, request.form.get("scoring") or request.args.get("scoring")).game
    except ServiceError as err:
        flash(translated_error(err), "error")
        return redirect(url_for(".table_page", table_id=table.id))
    remember_key(new.id, table_key_for(table.id))
    return redirect(url_for("scoreboard.scoreboard", game_id=new.id))


def _roster_change(table_id: str, form_name: str, form, change, error_field, done: str):
    """Rename or merge: on success a flash naming the person, else the form again with the
    reason beside `error_field`."""
    table = kept_table_or_403(table_id)
    if form.validate_on_submit():
        try:
            person = change(table.id)
        except ServiceError as err:
            error_field.errors = [translated_error(err)]
        else:
            flash(gettext(done, name=person.name), "ok")
            return redirect(url_for(".table_page", table_id=table.id))
    return _page(table, **{form_name: form}), 422


@bp.post("/tables/<public_id:table_id>/rename")
def rename(table_id: str):
    form = RenameForm()
    return _roster_change(table_id, "rename", form,
                          lambda kept: tables.rename_player(kept, form.old.data, form.new.data),
                          form.new, N_("Renamed to %(name)s."))


@bp.post("/tables/<public_id:table_id>/merge")
def merge(table_id: str):
    form = MergeForm()
    return _roster_change(table_id, "merge", form,
                          lambda kept: tables.merge_players(kept, form.spelling.data, form.into.data),
                          form.into, N_("Merged into %(name)s."))


@bp.get("/tables/<public_id:table_id>/share")
def share(table_id: str):
    table = kept_table_or_403(table_id)
    return share_page("table_share.html", url_for(".table_page", table_id=table.id, _external=True),
                      url_for(".keep_score", table_id=table.id, _external=True), table_key_for(table.id),
                      table=table_view(table))


@bp.route("/tables/<public_id:table_id>/keep-score", methods=["GET", "POST"])
def keep_score(table_id: str):
    table = table_or_404(table_id)
    return keep_score_page(
        "table_keep.html", lambda key: tables.key_opens_table(table, key),
        lambda key: remember_table_key(table.id, key),
        gettext("This phone can now start games and keep score at this table."),
        url_for(".table_page", table_id=table.id), lambda: can_keep(table), table=table_view(table))


@bp.get("/tables/<public_id:table_id>/backup.json")
def backup(table_id: str):
    """Every game of the table, as the whole-server backup writes games (keeper only)."""
    table = kept_table_or_403(table_id)
    body = stream_with_context(streamed(table_records(table.id)))  # limited: rate_limits.export_limit
    response = Response(body, mimetype="application/json")
    response.headers["Content-Disposition"] = f'attachment; filename="table-{table.id}.json"'
    keep_no_copy()
    return response


@bp.route("/tables/<public_id:table_id>/restore", methods=["GET", "POST"])
def restore_backup(table_id: str):
    """A backup's games added to this table (keeper only): all of them, or none."""
    table = kept_table_or_403(table_id)
    form = RestoreForm()
    if request.method == "POST":
        upload = form.backup.data if form.validate_on_submit() else None
        if upload is None or not getattr(upload, "filename", ""):
            form.backup.errors = [gettext("Choose a backup file to restore.")]
        else:
            try:
                restored = restore_file(upload, into=IntoTable(table))
            except RestoreError as err:
                form.backup.errors = [gettext("Nothing was restored. %(why)s", why=translated_error(err))]
            else:
                if restored is None:
                    return too_many_creations()
                table_game_seats.store_fresh(table.id)  # the restored games' seats' rows
                remember_new_games({item.id: table_key_for(table.id) for item in restored})
                flash(ngettext("%(num)d game restored into this table.",
                               "%(num)d games restored into this table.", len(restored)), "ok")
                return redirect(url_for(".table_page", table_id=table.id))
    status = 422 if form.backup.errors else 200
    keep_no_copy()  # the form carries this browser's CSRF token
    return make_response(render_template("table_restore.html", table=table_view(table), form=form), status)


@bp.route("/games/<public_id:game_id>/into-table", methods=["GET", "POST"])
def adopt_game(game_id: str):
    """A loose game into one of the tables this phone keeps, in one tap: its players join
    the table's roster, its league and stats count it, and it opens with the table's key."""
    game = editable_game_or_403(game_id)
    kept = [t for t in my_tables() if can_keep(t)]
    form = AdoptForm()
    if game.table_id is not None:
        return redirect(url_for("scoreboard.scoreboard", game_id=game.id))
    if form.validate_on_submit():
        table = next((t for t in kept if t.id == form.table.data), None)
        if table is None:
            abort(403)
        try:
            tables.adopt_game(table.id, game.id)
        except ServiceError as err:
            flash(translated_error(err), "error")
        else:
            remember_key(game.id, table_key_for(table.id))
            flash(gettext("This game now belongs to %(name)s: its league and stats count it.",
                          name=table.name), "ok")
            return redirect(url_for("scoreboard.scoreboard", game_id=game.id))
    keep_no_copy()  # the form carries this browser's CSRF token
    return make_response(render_template("game_into_table.html", game=game, tables=[table_view(t) for t in kept],
                                         form=form))
