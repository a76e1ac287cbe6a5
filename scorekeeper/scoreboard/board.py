"""The scoreboard as every phone sees it: what it shows, and serving it cheaply.

A scoreboard is rendered once per game version, scoring view and watcher or keeper, then
kept (page_cache): phones that look again, or poll, cost a small query and a lookup.
"""
from __future__ import annotations

from flask import abort, render_template, request, session

from ..domain.scoring import SYSTEMS
from ..edit_rights import can_edit, game_or_404, key_hash_opens
from ..models import Game
from ..scorepad.forms import TargetForm
from ..services import games
from .page_cache import board_pages

RECENT_HANDS = 5  # hands shown with their cards on the scoreboard; the rest as points


def board_view() -> str:
    """The scoring system asked for in `?system=`, or "" for the game's own."""
    view = request.args.get("system", "")
    return view if view in SYSTEMS else ""


def board_context(game: Game) -> dict:
    sheet = games.sheet_of(game)
    view = board_view()
    system = view or game.scoring
    outcome = sheet.outcome()
    editable = can_edit(game)
    # Only a keeper of a finished game sees the "keep playing" form (and its CSRF token).
    target_form = (TargetForm(target=games.suggested_target(game, sheet))
                   if editable and outcome.finished else None)
    return dict(game=game, sheet=sheet, view=view, system=system, systems=SYSTEMS,
                standings=sheet.standings(system), running=sheet.running(system),
                points=sheet.points(), outcome=outcome, editable=editable,
                recent=RECENT_HANDS, target_form=target_form)


def board_etag(game_id: str, version: int, system: str, editable: bool) -> str:
    return f"g{game_id}v{version}-{system}-{'edit' if editable else 'watch'}"


def page_stamp(game_id: str) -> tuple[int, bool]:
    """The game's version, and whether this phone keeps score; unknown games are a 404."""
    stamp = games.game_stamp(game_id)
    if stamp is None:
        abort(404)
    version, key_hash = stamp
    return version, key_hash_opens(game_id, key_hash)


def board_page(template: str, game_id: str, version: int, editable: bool, system: str) -> str:
    """The scoreboard (or its live part), from the cache when it can be.

    Pages are kept per game version, scoring view and watcher or keeper. Never kept: a page
    with a flashed message (shown once), or a keeper's finished game, whose "keep playing"
    form carries this session's CSRF token.
    """
    def render() -> tuple[tuple | None, str]:
        context = board_context(game_or_404(game_id))
        game, keeper = context["game"], context["editable"]
        page = render_template(template, etag=board_etag(game_id, game.version, system, keeper),
                               **context)
        personal = keeper and context["outcome"].finished
        return None if personal else (template, game_id, game.version, system, keeper), page

    if "_flashes" in session:
        return render()[1]
    return board_pages().get_or_render((template, game_id, version, system, editable), render)
