"""Recording, editing and deleting hands. Each returns what it wrote (Written); a caller that
shows the whole game reads it afterwards (game_rows, the pages' reads)."""
from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import timedelta
from typing import Callable, TypeVar

from flask import current_app
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from ..domain.cards import CardError
from ..domain.editions import get_edition
from ..domain.scoring import MAX_HANDS, Hand as DomainHand, HandError, build_hand
from ..domain.text import N_, Nn_, message_of, say, say_n
from ..models import Game, Hand, HeldCards, db, utcnow
from .game_rows import GameRows, HandRow, rows_in_write
from .errors import Conflict, HandChanged, HandGone, Invalid, Malformed, NotFound, TooMany
from .games import dealer_after, hands_and_last_dealer, stored_cards
from .hand_scores import is_over, score_hand
from .hand_identity import (
    bury, check_not_saved_since, check_revision, deleted_hand, free_hand_id, holds, live_hand, live_hands, locate,
    unbury)
from .transactions import write_game

T = TypeVar("T")
MAX_REQUEST_ID = 64
SAVE_WINDOW = timedelta(hours=1)


@dataclass
class Written:
    """A write's outcome: `hand` is the hand written, as committed (None after a delete);
    `created` False when nothing was written (a resent request). After a delete, `deleted` is
    the id of the hand that can be put back. With `with_game`, `game` is the whole game as
    this write left it and `shown` the written hand in it, read before the commit (None when
    the write ended another way: a racing save of the same request id won)."""

    hand: Hand | None = None
    created: bool = True
    deleted: str | None = None
    game: GameRows | None = None
    shown: HandRow | None = None


def _write(game_id: str, change: Callable[[Game], T],
           with_game: bool) -> tuple[T, tuple[GameRows, HandRow | None] | None]:
    """write_game, and with `with_game` the game's rows read in the same transaction, with the
    written hand's row when `change` returns (hand, created)."""
    if not with_game:
        return write_game(game_id, change), None

    def answer(game: Game, result: T):
        rows = rows_in_write(game)
        hand = result[0] if isinstance(result, tuple) else None  # the hand's id, before the commit expires it
        return result, (rows, None if hand is None else rows.hand(hand.id))

    written = write_game(game_id, change, answer=answer)
    # The caller answers from the rows: expiring the write's objects breaks their reference
    # cycles (a hand and its cards), so they are freed at once instead of by a collection
    # at the request's end (database.GarbageGuard: ~70 ms over an unfrozen heap).
    db.session.expire_all()
    return written


def _written(hand: Hand, created: bool, read: tuple[GameRows, HandRow | None] | None) -> Written:
    game, shown = read or (None, None)
    return Written(hand, created, game=game, shown=shown)


def check_hand(game: Game, held: object, typed: object) -> DomainHand:
    try:
        return build_hand(get_edition(game.edition), [p.name for p in game.players], held, typed)
    except (HandError, CardError) as err:
        raise Invalid(message_of(err), field=getattr(err, "player", None)) from None


def _fill(game: Game, hand: Hand, result: DomainHand) -> None:
    """Write each player's cards into the hand, and what each scored (hand_scores), updating
    rows in place when editing."""
    ids = {p.name: p.id for p in game.players}
    existing = {e.player_id: e for e in hand.entries}
    for name, cards in result.held.items():
        entry = existing.get(ids[name])
        if entry is None:
            entry = HeldCards(player_id=ids[name])
            hand.entries.append(entry)
        entry.cards = " ".join(c.token for c in cards)
        entry.typed_total = result.typed.get(name)
    score_hand(game, hand, result)


def _find_request(game_id: str, request_id: str) -> Hand | None:
    return db.session.scalars(
        select(Hand).where(Hand.game_id == game_id, Hand.request_id == request_id)).first()


def _next_version(game: Game) -> int:
    """A hand's revision is the game version its last write made. No two writes to a game
    share a version, so (number, revision) names one hand as a phone last saw it, even
    after another phone deleted an earlier hand and the numbers moved up."""
    return game.version + 1


def _check_request_id(request_id: object) -> None:
    if request_id is not None and (not isinstance(request_id, str) or not request_id
                                   or len(request_id) > MAX_REQUEST_ID):
        raise Malformed(say(N_("'request_id' must be a text of 1 to %(max)s characters."), max=MAX_REQUEST_ID),
                        field="request_id")


def record_hand(game_id: str, held: object, typed: object = None, request_id: object = None,
                after: int | None = None, confirm_new: bool = False,
                ask_always: bool = False, after_version: int | None = None,
                mine: frozenset[str] = frozenset(), with_game: bool = False) -> Written:
    """Record a new hand. A repeated request_id records nothing and answers with that hand.

    `after_version`: the game version the phone saw when it started (`after`, the older way: how
    many hands it saw; `mine`: request ids of the phone's own earlier saves); if another
    phone saved a hand since with the same cards (any hand, with `ask_always`), nothing is saved and PossibleDuplicate
    says which, unless `confirm_new`. The write reads only the game's row and players, and
    asks the database how many hands it holds and whether their per-seat rows (hand_scores)
    reach the target: its cost does not grow with the game, in any worker.
    """
    _check_request_id(request_id)

    def change(game: Game) -> tuple[Hand, bool]:
        if request_id is not None:
            earlier = _find_request(game.id, request_id)
            if earlier is not None:
                return earlier, False
            _refuse_deleted_request(game.id, request_id)
        count, last_dealer = _room_for_a_hand(game)
        result = check_hand(game, held, typed)
        if not confirm_new:
            check_not_saved_since(game, result, ask_always, count, after, after_version, mine)
        _count_save(game)
        hand = Hand(game_id=game.id, public_id=free_hand_id(game.id, request_id), number=count + 1,
                    request_id=request_id, revision=_next_version(game), created_version=_next_version(game),
                    dealer_seat=dealer_after(game, last_dealer))
        _fill(game, hand, result)
        db.session.add(hand)
        return hand, True

    (hand, created), read = _write_once(game_id, change, request_id, with_game)
    return _written(hand, created, read)


def _room_for_a_hand(game: Game) -> tuple[int, int | None]:
    """How many hands the game holds, when it can take one more, and who dealt the last:
    whether it is over is a sum of its hands' per-seat rows against the target (a team
    game's team totals decide)."""
    count, last_dealer = hands_and_last_dealer(game.id)
    if count >= MAX_HANDS:
        raise Conflict(say(N_("A game holds at most %(max)s hands: start a new game to play on."),
                          max=MAX_HANDS))
    if is_over(game):
        raise Conflict(say(N_("This game is over: raise the target to keep playing.")))
    return count, last_dealer


def _count_save(game: Game) -> None:
    """One more hand saved in the game's current hour (the caller's write keeps
    it); past HAND_SAVES_PER_HOUR, TooMany and nothing is written. Every phone of the game
    counts together, in the game's row, so any number of workers share the count."""
    limit = current_app.config["HAND_SAVES_PER_HOUR"]
    if not current_app.config["RATELIMIT_ENABLED"] or not limit:
        return
    now = utcnow()
    if game.saves_since is None or not game.saves_since <= now < game.saves_since + SAVE_WINDOW:
        game.saves_since, game.saves_counted = now, 0
    if game.saves_counted >= limit:
        wait = math.ceil((game.saves_since + SAVE_WINDOW - now).total_seconds())
        wait = max(wait, 1)
        raise TooMany(say(N_("This game took more hands within the last hour than any table plays: "
                             "nothing was saved. %(when)s"),
                          when=say_n(Nn_("Try again in %(num)d minute.", "Try again in %(num)d minutes."),
                                     math.ceil(wait / 60))),
                      details={"retry_after": wait})
    game.saves_counted += 1


def _refuse_deleted_request(game_id: str, request_id: str) -> None:
    """A resent save of a hand that was recorded and then deleted: never record it again."""
    grave = deleted_hand(game_id, request_id=request_id)
    if grave is not None:
        raise HandGone(say(N_("Hand %(number)s was saved, then deleted on another phone: it was not "
                              "saved again."), number=grave.number),
                       details={"deleted": True, "hand_id": grave.public_id})


def _write_once(game_id: str, change, request_id: object,
                with_game: bool) -> tuple[tuple[Hand, bool], tuple[GameRows, HandRow | None] | None]:
    """Run the recording write; a racing request that committed the same request_id first
    wins, and this one answers with its hand."""
    try:
        return _write(game_id, change, with_game)
    except IntegrityError:
        db.session.rollback()
        hand = _find_request(game_id, request_id) if request_id else None
        if hand is None:
            raise
        return (hand, False), None


def replace_hand(game_id: str, number: int, held: object, typed: object = None,
                 expected_revision: int | None = None, hand_id: str | None = None,
                 follow_moves: bool = False, with_game: bool = False) -> Written:
    """Replace the cards of hand `number` (the hand `hand_id`, when given: see
    hand_identity.locate). The write reads the game's row and players and that hand only.
    `created` is False for a resent edit that changed nothing."""

    def change(game: Game) -> tuple[Hand, bool]:
        hand = locate(game, number, hand_id, follow_moves)
        result = check_hand(game, held, typed)
        if expected_revision is not None and hand.revision != expected_revision and holds(game, hand, result):
            return hand, False  # a resent edit: already stored
        check_revision(hand, expected_revision)
        _fill(game, hand, result)
        hand.revision = _next_version(game)
        return hand, True

    (hand, changed), read = _write(game_id, change, with_game)
    return _written(hand, changed, read)


def delete_hand(game_id: str, number: int, expected_revision: int | None = None,
                hand_id: str | None = None, follow_moves: bool = False, with_game: bool = False) -> Written:
    """Delete a hand; it can be put back (restore_hand) with everything it had. The write
    reads that hand only (later hands move up in one statement)."""

    def change(game: Game) -> str:
        hand = locate(game, number, hand_id, follow_moves)
        check_revision(hand, expected_revision)
        # Never refused nor counted by the hourly bound: a family must be able to take back a
        # mistaken hand at once, and every grave (the hand kept for Undo) was a counted save.
        return bury(game, hand).public_id

    deleted, read = _write(game_id, change, with_game)
    return Written(deleted=deleted, game=read and read[0])


def restore_hand(game_id: str, hand_id: str, held: object = None, typed: object = None,
                 with_game: bool = False) -> Written:
    """Put a deleted hand back at its number. With `held`, put it back with these cards (a
    phone that was editing it when another phone deleted it). `created` is False when the
    hand was already back (a repeated Undo)."""
    if not hand_id:
        raise NotFound(say(N_("Which deleted hand to bring back is not known: nothing was changed.")))

    def change(game: Game) -> tuple[Hand, bool]:
        live = live_hand(game, Hand.public_id == hand_id)
        if live is not None and held is None:
            return live, False
        if live is not None:
            raise HandChanged(say(N_("Hand %(number)s was put back on another phone meanwhile."),
                                  number=live.number))
        grave = deleted_hand(game.id, public_id=hand_id)
        if grave is None:
            raise NotFound(say(N_("This game has no deleted hand with that id.")))
        if live_hands(game) >= MAX_HANDS:
            raise Conflict(say(N_("Hand %(number)s cannot go back: a game holds at most %(max)s hands."),
                               number=grave.number, max=MAX_HANDS))
        hand = unbury(game, grave)
        if held is not None:
            _fill(game, hand, check_hand(game, held, typed))
            hand.revision = _next_version(game)
        else:
            score_hand(game, hand, check_hand(game, *stored_cards(game, hand)))
        return hand, True

    (hand, created), read = _write(game_id, change, with_game)
    return _written(hand, created, read)
