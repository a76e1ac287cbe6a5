"""The scoreboard page, every hand of a game, and the live part phones poll.

Polling is plain HTTP with ETags: an unchanged game costs one small query and a
bodiless 304, so it needs no extra server and works behind a load balancer.
"""
from __future__ import annotations

from flask import make_response, render_template

from ..access.games import remember_visit
from ..http_cache import not_modified, revalidate
from . import bp
from .board import HANDS_PER_PAGE, board_etag, board_page, board_view, context_or_404, hands_page, page_stamp


@bp.get("/games/<public_id:game_id>")
def scoreboard(game_id: str):
    version, editable = page_stamp(game_id)
    remember_visit(game_id)  # for this phone's home page (the live polls below are not visits)
    return board_page("scoreboard.html", game_id, version, editable, board_view())


@bp.get("/games/<public_id:game_id>/hands")
def all_hands(game_id: str):
    def this_page(count: int) -> range:
        _, _, newest = hands_page(count)
        return range(max(newest - HANDS_PER_PAGE + 1, 1), newest + 1)

    context = context_or_404(game_id, this_page, chart=False)  # only this page's hands' cards are read
    page, pages, newest = hands_page(len(context["sheet"].hands))
    return render_template("all_hands.html", page=page, pages=pages, newest=newest,
                           oldest=max(newest - HANDS_PER_PAGE + 1, 1), **context)


@bp.get("/games/<public_id:game_id>/board")
def live_board(game_id: str):
    """The scoreboard's live part, or 304 when nothing changed since the phone last looked."""
    version, editable = page_stamp(game_id)
    system = board_view()
    etag = board_etag(game_id, version, system, editable)
    response = not_modified(etag)
    if response is None:
        response = make_response(board_page("board.html", game_id, version, editable, system))
        response.set_etag(etag)
    return revalidate(response)
