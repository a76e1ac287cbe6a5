"""The hand keypad: record a new hand, edit one, and settle a save that met another phone's.

Every question a clash raises names the hand by its id, never by its number alone: a button
on these pages can only ever write the hand the phone was holding.
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass

from flask import abort, after_this_request, flash, redirect, render_template, request, url_for
from flask_babel import gettext

from ..access.games import can_edit, stamp_with_rights
from ..domain.cards import KINDS
from ..errors import status_of
from ..numbers import stored_number, whole_number
from ..services import games, hands
from ..services.game_read import GameRead, Shown, newest, read_game
from ..services.page_values import GameView, HandView, game_view
from ..services.errors import HandChanged, HandGone, PossibleDuplicate, SavedThenDeleted, ServiceError, TooMany
from ..translate import translated
from . import bp
from .forms import DeleteHandForm, field_name, hand_form_class, parse_revision
from .hand_form import hand_form_data, read_hand_form
from .keypad_words import keypad_words
from .waiting import RECENT_IDS

# The buttons of the clash questions (the `answer` a form posts).
SAME_HAND, NEW_HAND, BRING_BACK, DISCARD = "same", "new", "restore", "discard"
# Sent by the outbox (static/outbox.js) when it sends a waiting hand from another page.
BACKGROUND_HEADER = "X-Outbox-Background"
# The request ids of this phone's earlier saves still waiting when it saved this hand (`mine`,
# sent by keypad.js): hands it saved itself are never "saved on another phone". Read at most:
MOST_WAITING = 100


# A new hand's page reads the newest hands' ids (waiting.known_game), no other hand.
NEWEST = newest(RECENT_IDS)


@bp.route("/games/<public_id:game_id>/hands/new", methods=["GET", "POST"])
def new_hand(game_id: str):
    if request.method == "GET":  # the game's sums and its newest hands: the page costs the same at any length
        return keeper_read_or_403(game_id, NEWEST, build=lambda read: _hand_page(read, None))
    head = games.load_game_head(game_id)  # the game's row and players: all a save reads
    if head is None:
        abort(404)
    if not can_edit(head):
        abort(403)
    if request.form.get("answer") == SAME_HAND:  # nothing to write: no need for the whole game
        return _drop_mine(game_id)
    sheet = games.empty_sheet(head)
    form = hand_form_class(sheet.edition, sheet.players)()
    saved, problems, met, status = _submit(game_view(head), None, form, {})
    if saved is not None:
        return saved
    other = () if met is None or met.number is None else (met.number,)  # the other phone's hand, beside the newest
    page = read_game(game_id, lambda count: (*NEWEST(count), *other), build=lambda read: _hand_page(
        read, None, form, problems, met and met.question(read.view, form), status))
    if page is None:
        abort(404)
    return page


@bp.route("/games/<public_id:game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
def edit_hand(game_id: str, number: int):
    if request.method == "POST" and request.form.get("answer") == DISCARD:
        keeper_or_403(game_id)
        return _drop_mine(game_id)
    # this hand's cards (and the one the form names, wherever it moved), not the whole game's
    read = keeper_read_or_403(game_id, lambda count: (number,), hand_ids=[request.form.get("hand_id", "")])
    view = read.view
    if request.method == "GET":
        if view.hand(number) is None:
            abort(404)
        return _hand_page(read, number)
    form = hand_form_class(read.edition, read.players)()
    saved, problems, met, status = _submit(view, number, form, _tokens_before(view, number, form))
    if saved is not None:
        return saved
    clash = None
    if met is not None:  # the hand as stored now, read again: this read is from before the save
        fresh = read_game(game_id, lambda count: () if met.number is None else (met.number,),
                          hand_ids=[met.hand_id or ""], build=lambda read: read.view)
        if fresh is None:
            abort(404)
        clash = met.question(fresh, form)
    return _hand_page(read, number, form, problems, clash, status)


def keeper_or_403(game_id: str) -> None:
    """404 for no such game, 403 unless this phone keeps score in it; the game is not read."""
    stamp = stamp_with_rights(game_id)
    if stamp is None:
        abort(404)
    if not stamp[1]:
        abort(403)


def keeper_read_or_403(game_id: str, shown: Shown, hand_ids=(), build=lambda read: read):
    """What `build` makes of one read of the game (read_game), when this phone keeps score in it."""
    keeper_or_403(game_id)
    built = read_game(game_id, shown, hand_ids, build)
    if built is None:
        abort(404)
    return built


def _drop_mine(game_id: str):
    """"Same hand" or "discard my changes" (rights checked by the caller): nothing is written;
    the phone forgets its copy."""
    flash(gettext("Nothing was saved from this phone: the scores stay as they are."), "ok")
    return redirect(url_for("scoreboard.scoreboard", game_id=game_id))


def _submit(game: GameView, number: int | None, form, tokens_before: dict):
    """Check the posted hand and save it, once: (the redirect after a save, or None with what
    the page must say: problems by field, a clash with another phone's save (Clash), the status)."""
    if not form.validate_on_submit():
        return None, {}, None, 422
    held, typed, problems = read_hand_form(form, game, tokens_before)
    if problems:
        return None, problems, None, 422
    try:
        return _save_hand(game.id, number, held, typed, form), {}, None, 200
    except ServiceError as err:
        if isinstance(err, TooMany):
            _retry_after(err.details["retry_after"])
        clash = Clash.of(err, held, typed, number, form)
        return None, ({} if clash else {err.field or "": translated(err.message)}), clash, status_of(err)


def _retry_after(seconds: int) -> None:
    """The page's 429 carries Retry-After, as the API's does (its words say it in minutes)."""

    @after_this_request
    def say_when(response):
        response.headers["Retry-After"] = str(seconds)
        return response


def _fresh_form(read: GameRead, number: int | None):
    """The keypad as a GET opens it: empty for a new hand, the stored cards for an edit."""
    HandForm = hand_form_class(read.edition, read.players)
    if number is not None:
        return HandForm(data=hand_form_data(read.view, number))
    form = HandForm()
    form.request_id.data = uuid.uuid4().hex
    form.after.data = str(read.count)
    form.seen.data = str(read.game.version)
    out = whole_number(request.args.get("out", ""))  # never int() on 5,000 digits
    if out is not None and out < len(read.players):
        form.out.data = str(out)  # tapped "went out" beside a player on the scoreboard
    return form


def _hand_page(read: GameRead, number: int | None, form=None, problems: dict | None = None,
               clash: dict | None = None, status: int = 200):
    """The keypad page: freshly opened (no form), or again after a post that saved nothing."""
    form = form or _fresh_form(read, number)
    return render_template(
        "hand_form.html", game=read.view, sheet=read, form=form, number=number,
        problems=problems or {}, values=read.values, kinds=[KINDS[k] for k in read.edition.deck],
        field_name=field_name, finished=read.outcome().finished and number is None and request.method == "GET",
        delete_form=DeleteHandForm(revision=form.revision.data, hand_id=form.hand_id.data),
        clash=clash, keypad_words=keypad_words), status


def _tokens_before(game: GameView, number: int | None, form) -> dict[str, list[str]]:
    """The edited hand's stored cards (colours kept where the counts did not change)."""
    hand = _hand_of(game, number, form)
    return hand.held if hand else {}


def _hand_of(game: GameView, number: int | None, form) -> HandView | None:
    """The stored hand an edit form means: by its id, or (a form from before hands had ids)
    the hand at the number it was opened for; None for a new hand or one that is gone."""
    return None if number is None else game.hand(number, form.hand_id.data or None)


def _save_hand(game_id: str, number: int | None, held: dict, typed: dict, form):
    """Record a new hand, replace the edited one, or bring a deleted one back with these cards."""
    answer = request.form.get("answer")
    if number is None:
        saved = hands.record_hand(game_id, held, typed, form.request_id.data or None,
                                  after=stored_number(form.after.data),
                                  after_version=stored_number(form.seen.data),
                                  confirm_new=answer == NEW_HAND, ask_always=True,
                                  mine=frozenset(request.form.getlist("mine")[:MOST_WAITING]))
        _tell(gettext("Hand %(number)d saved.", number=saved.hand.number) if saved.created
              else gettext("Hand %(number)d was already saved.", number=saved.hand.number))  # a retried Save
    elif answer == BRING_BACK:
        saved = hands.restore_hand(game_id, form.hand_id.data, held, typed)
        _tell(gettext("Hand %(number)d is back, with your changes; the scores are recomputed.",
                      number=saved.hand.number))
    else:
        saved = hands.replace_hand(game_id, number, held, typed, parse_revision(form.revision.data),
                                   hand_id=form.hand_id.data or None, follow_moves=True)
        if saved.hand.number != number:
            _tell(gettext("Hand %(number)d saved; it is hand %(now)d now: a hand before it was deleted "
                          "or put back on another phone.", number=number, now=saved.hand.number))
        else:
            _tell(gettext("Hand %(number)d updated; the scores are recomputed.", number=number))
    return redirect(url_for("scoreboard.scoreboard", game_id=game_id))


def _tell(message: str) -> None:
    """Say what a save did on the next page, unless the phone's outbox sent it in the
    background: a message belongs to the page that caused it."""
    if request.headers.get(BACKGROUND_HEADER) != "1":
        flash(message, "ok")


@dataclass(frozen=True)
class Clash:
    """A save that met another phone's, and the one stored hand its question shows (by
    number, or by id when the edited hand has one), read by the page with only that hand's cards."""
    err: ServiceError
    mine: tuple[dict, dict]  # this phone's held cards and typed totals
    number: int | None  # None: no stored hand to show
    hand_id: str | None

    @classmethod
    def of(cls, err: ServiceError, held: dict, typed: dict, number: int | None, form) -> "Clash | None":
        if not isinstance(err, (HandChanged, HandGone, PossibleDuplicate)):
            return None
        if isinstance(err, SavedThenDeleted):
            return cls(err, (held, typed), None, None)
        if isinstance(err, PossibleDuplicate):
            return cls(err, (held, typed), err.details["duplicate_of"], None)
        return cls(err, (held, typed), number, form.hand_id.data or None)  # as _hand_of finds it

    def question(self, fresh: GameView, form) -> dict:
        """What the page asks, from `fresh` (a read holding the other hand): both versions side by side."""
        held, typed = self.mine
        players = [p.name for p in fresh.players]
        clash = {"kind": type(self.err).__name__, "message": translated(self.err.message),
                 "mine": {name: (held.get(name, []), typed.get(name)) for name in players},
                 "players": players, "theirs": None}
        if isinstance(self.err, SavedThenDeleted):  # nothing stored to show beside it: only this phone's
            return clash | {"number": self.err.details["duplicate_of"]}
        theirs = None if self.number is None else fresh.hand(self.number, self.hand_id)
        if theirs is not None:
            form.revision.data = str(theirs.revision)  # "keep mine" now writes over what is stored
            clash |= {"number": theirs.number,
                      "theirs": {name: (theirs.held.get(name, []), theirs.typed.get(name)) for name in players}}
        return clash
