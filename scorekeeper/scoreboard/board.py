"""The scoreboard as every phone sees it: what it shows, and serving it cheaply.

A scoreboard is rendered once per game version, scoring view and watcher or keeper, then
kept (page_cache): phones that look again, or poll, cost a small query and a lookup.
"""
from __future__ import annotations

import json

from flask import abort, render_template, request, session, url_for
from flask_babel import get_locale, gettext

from ..access.games import key_hash_opens, stamp_with_rights
from ..compressed_pages import keep_compressed_as
from ..domain.scoring import SYSTEMS
from ..hand_pages import hands_context
from ..numbers import whole_number
from ..services import games
from ..services.game_read import GameRead, Shown, newest, read_game
from ..services.hand_identity import undoable_delete
from .chart import sample
from .forms import RematchForm, TargetForm
from ..page_cache import board_pages

RECENT_HANDS = 5  # hands shown with their cards on the scoreboard
EARLIER_HANDS = 15  # hands before those shown as points; older ones only on the hands pages
HANDS_PER_PAGE = 50  # on the every-hand pages, newest first
SHOWN = newest(RECENT_HANDS + EARLIER_HANDS)  # the scoreboard's hands: their cards are read


def board_view() -> str:
    """The scoring system asked for in `?system=`, or "" for the game's own."""
    view = request.args.get("system", "")
    return view if view in SYSTEMS else ""


def board_context(read: GameRead, chart: bool = True) -> dict:
    """What the scoreboard shows. `system` is the scoring system viewed (an object the
    template asks who is best, how a hand adds up), `game_system` the game's own. From one
    read of the game (services/game_read): sums, and the cards of only the hands shown."""
    view = board_view()
    system = SYSTEMS[view] if view else read.system
    also = [p - 1 for p in sample(read.count + 1)] if chart else ()  # index 0 of the chart: before hand 1
    context = hands_context(read, system, also, chart)
    game, outcome = context["game"], read.outcome()
    editable = key_hash_opens(game.id, read.game.edit_key_hash)
    context |= dict(view=view, systems=SYSTEMS.values(), outcome=outcome, editable=editable,
                    recent=RECENT_HANDS, earlier=EARLIER_HANDS)
    grave = undoable_delete(game) if editable else None
    if grave is not None:  # Undo of the last delete, on every keeper's board until the next write
        context["undo"] = dict(number=grave.number,
                               url=url_for("scorepad.restore_hand", game_id=game.id, hand_id=grave.public_id))
    if editable and outcome.finished:  # the end-of-game forms (with this session's CSRF token)
        context |= dict(target_form=TargetForm(), rematch_form=RematchForm(),
                        target_choices=games.target_choices(game, read),
                        rematch_dealer=read.next_dealer)
    return context


def context_or_404(game_id: str, shown: Shown, chart: bool = True) -> dict:
    """board_context of one consistent read of the game, its `shown` hands' cards read."""
    context = read_game(game_id, shown, build=lambda read: board_context(read, chart))
    if context is None:
        abort(404)
    return context


def hands_page(hands: int) -> tuple[int, int, int]:
    """The `?page=` asked for (1 = the newest hands), the number of pages, and the first
    hand number it shows. A page past the end shows the last one; one that is not a
    number, the first."""
    pages = max(1, -(-hands // HANDS_PER_PAGE))
    page = min(max(whole_number(request.args.get("page", "1")) or 1, 1), pages)
    return page, pages, hands - (page - 1) * HANDS_PER_PAGE


def board_etag(game_id: str, version: int, system: str, editable: bool) -> str:
    return f"g{game_id}v{version}-{system}-{'edit' if editable else 'watch'}-{get_locale()}"


def page_stamp(game_id: str) -> tuple[int, bool]:
    """The game's version, and whether this phone keeps score; unknown games are a 404."""
    stamp = stamp_with_rights(game_id)
    if stamp is None:
        abort(404)
    return stamp


def board_page(template: str, game_id: str, version: int, editable: bool, system: str) -> str:
    """The scoreboard (or its live part), from the cache when it can be.

    Pages are kept per game version, scoring view, watcher or keeper, and language. Never kept: a page
    with a flashed message (shown once), or a keeper's finished game or Undo of a delete, whose
    forms carry this session's CSRF token.
    """
    rendered = []

    def render() -> tuple[tuple | None, str]:
        context = context_or_404(game_id, SHOWN, chart=template != "board.html")  # the live part has no chart
        game, keeper = context["game"], context["editable"]
        page = render_template(template, etag=board_etag(game_id, game.version, system, keeper),
                               **context)
        personal = keeper and (context["outcome"].finished or "undo" in context)
        rendered.append(None if personal else (template, game_id, game.version, system, keeper, lang))
        return rendered[0], page

    lang = str(get_locale())  # the page's language is part of what was rendered
    if "_flashes" in session:
        return render()[1]
    key = (template, game_id, version, system, editable, lang)
    page = board_pages().get_or_render(key, render)
    kept_as = rendered[0] if rendered else key
    if kept_as is not None:
        keep_compressed_as(kept_as)
    return page


def js_texts() -> str:
    """board.js's human texts in the page's language, as the small JSON its data-t holds."""
    return json.dumps({
        "s": gettext("Live: synced %(time)s", time="{t}"),
        "l": gettext("Connection lost since %(time)s: retrying…", time="{t}"),
        "c": gettext("Link copied"), "f": gettext("Copy failed: use Share"),
        "e": gettext("Edit hand %(number)s", number="{t}"),
        "w": gettext("Hands waiting to be sent from this phone: %(count)s.", count="{t}"),
        "r": gettext("One needs a look before it can be saved:"),
        "n": gettext("Not in step yet: a hand from this phone is waiting."),
        "x": gettext("Not saved: %(why)s", why="{t}"), "fix": gettext("Fix it"), "drop": gettext("Discard")}, ensure_ascii=False, separators=(",", ":"))
