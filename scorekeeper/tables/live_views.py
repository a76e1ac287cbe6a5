"""A table's screen, for a tablet or TV at the table: the current game large, following the
table to its next game by itself. Anyone with the table's link may watch (no key).

Like the scoreboard's live part, it polls with an ETag: an unchanged table answers a bodiless
304 after one indexed statement; a rendered live part is kept per game version and language."""
from __future__ import annotations

from flask import abort, current_app, flash, make_response, redirect, render_template, url_for
from flask_babel import get_locale, gettext

from ..domain.editions import EDITIONS
from ..domain.scoring import SYSTEMS
from ..http_cache import not_modified, revalidate
from ..page_cache import VersionCache, app_cache
from ..services.table_live import following_game, live_game, live_stamp
from . import bp


def _pages() -> VersionCache:
    return app_cache("table_live_pages", 128)


def _stamp(table_id: str) -> tuple[str, str | None, int | None, str]:
    stamp = live_stamp(table_id)
    if stamp is None:
        abort(404)
    return (*stamp, str(get_locale()))


def _etag(table_id: str, stamp: tuple) -> str:
    _name, game_id, version, lang = stamp
    return f"t{table_id}g{game_id}v{version}-{lang}"


def _live_part(table_id: str, stamp: tuple) -> str:
    name, game_id, version, lang = stamp

    def render():
        game = live_game(game_id, gettext(" & ")) if game_id else None
        page = render_template("_table_live.html", table_id=table_id, table_name=name, game=game,
                               editions=EDITIONS, systems=SYSTEMS)
        # kept under what it shows: a hand saved meanwhile makes it that newer version's
        return ((table_id, name, game_id, game.version if game else None, lang), page)

    return _pages().get_or_render((table_id, name, game_id, version, lang), render)


@bp.get("/tables/<public_id:table_id>/live")
def live(table_id: str):
    stamp = _stamp(table_id)
    return render_template("table_live.html", table_id=table_id, table_name=stamp[0],
                           etag=_etag(table_id, stamp), part=_live_part(table_id, stamp),
                           poll=url_for(".live_part", table_id=table_id))


@bp.get("/tables/<public_id:table_id>/live/board")  # "/board": the service worker keeps no copy
def live_part(table_id: str):
    """The screen's live part, or 304 when the table's current game has not changed."""
    stamp = _stamp(table_id)
    etag = _etag(table_id, stamp)
    response = not_modified(etag)
    if response is None:
        response = make_response(_live_part(table_id, stamp))
        response.set_etag(etag)
    return revalidate(response)


@bp.get("/tables/<public_id:table_id>/after/<public_id:game_id>")
def next_game(table_id: str, game_id: str):
    """The game started at the table after `game_id` (its rematch, or whatever came next)."""
    found = following_game(table_id, game_id)
    if found is None:
        flash(gettext("No game has started at this table after this one yet."), "ok")
        return redirect(url_for("scoreboard.scoreboard", game_id=game_id))
    return redirect(url_for("scoreboard.scoreboard", game_id=found))
