"""A family table's league: a past season's page, and the keeper's "start a new season"
(asked first, and only once the season has a finished game)."""
from __future__ import annotations

from flask import abort, flash, make_response, redirect, render_template, request, url_for
from flask_babel import gettext

from ..access.tables import kept_table_or_403, table_or_404
from ..domain.scoring import SYSTEMS
from ..http_cache import keep_no_copy
from ..services import seasons
from ..services.page_values import table_view
from ..services.table_stats import table_summary
from . import bp
from .forms import TableActionForm


@bp.get("/tables/<public_id:table_id>/league/<int:number>")
def season_page(table_id: str, number: int):
    """One season's league, read-only (the current one too, at its own address)."""
    table = table_or_404(table_id)
    summary = table_summary(table.id)
    if not 1 <= number <= len(summary.seasons):
        abort(404)
    return render_template("table_season.html", table=table_view(table), summary=summary,
                           season=summary.seasons[number - 1], blocks=summary.league_blocks(number),
                           systems=SYSTEMS)


def _season_has_a_finished_game(table) -> bool:
    return bool(table_summary(table.id).league())


@bp.get("/tables/<public_id:table_id>/seasons/new")
def confirm_season(table_id: str):
    table = kept_table_or_403(table_id)
    if not _season_has_a_finished_game(table):
        flash(gettext("A new season can start once this one has a finished game."), "error")
        return redirect(url_for(".table_page", table_id=table.id) + "#league")
    number = len(table_summary(table.id).seasons) + 1
    keep_no_copy()  # the form carries this browser's CSRF token
    return make_response(render_template("table_season_new.html", table=table_view(table), number=number,
                                         form=TableActionForm()))


@bp.post("/tables/<public_id:table_id>/seasons")
def start_season(table_id: str):
    table = kept_table_or_403(table_id)
    if not TableActionForm().validate_on_submit():
        abort(400)
    if not _season_has_a_finished_game(table):
        flash(gettext("A new season can start once this one has a finished game."), "error")
        return redirect(url_for(".table_page", table_id=table.id) + "#league")
    asked = request.form.get("number", type=int)
    if asked is not None and asked <= len(table_summary(table.id).seasons):  # a second tap, or phone
        flash(gettext("Season %(n)s has already begun.", n=asked))
        return redirect(url_for(".table_page", table_id=table.id) + "#league")
    number = seasons.start_season(table.id)
    flash(gettext("Season %(n)s has begun: the league starts again from nothing. Earlier "
                  "seasons stay readable.", n=number))
    return redirect(url_for(".table_page", table_id=table.id) + "#league")
