"""Recording, editing and deleting hands. Each returns the game as the write left it, so a
caller shows the result without loading the game again."""
from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..domain.cards import CardError
from ..domain.editions import get_edition
from ..domain.scoring import Hand as DomainHand, HandError, ScoreSheet, build_hand
from ..models import Game, Hand, HeldCards, db
from .errors import Conflict, Invalid, Malformed, NotFound
from .games import load_game, sheet_of
from .transactions import write_game

MAX_REQUEST_ID = 64


@dataclass
class Written:
    """A game just after a write, scored; `hand` is the hand written (None after a delete)."""

    game: Game
    sheet: ScoreSheet
    hand: Hand | None = None
    created: bool = True


def check_hand(game: Game, held: object, typed: object) -> DomainHand:
    try:
        return build_hand(get_edition(game.edition), [p.name for p in game.players], held, typed)
    except (HandError, CardError) as err:
        raise Invalid(str(err), field=getattr(err, "player", None)) from None


def _fill(game: Game, hand: Hand, result: DomainHand) -> None:
    """Write each player's cards into the hand, updating rows in place when editing."""
    ids = {p.name: p.id for p in game.players}
    existing = {e.player_id: e for e in hand.entries}
    for name, cards in result.held.items():
        entry = existing.get(ids[name])
        if entry is None:
            entry = HeldCards(player_id=ids[name])
            hand.entries.append(entry)
        entry.cards = " ".join(c.token for c in cards)
        entry.typed_total = result.typed.get(name)


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
        raise Malformed(f"'request_id' must be a text of 1 to {MAX_REQUEST_ID} characters.",
                        field="request_id")


def _already_recorded(game_id: str, hand: Hand) -> Written:
    game = load_game(game_id)
    return Written(game, sheet_of(game), hand, created=False)


def record_hand(game_id: str, held: object, typed: object = None,
                request_id: object = None) -> Written:
    """Record a new hand. A repeated request_id records nothing and answers with that hand."""
    _check_request_id(request_id)

    def change(game: Game) -> Written | Hand:
        if request_id is not None:
            earlier = _find_request(game.id, request_id)
            if earlier is not None:
                return earlier
        sheet = sheet_of(game)
        if sheet.outcome().finished:
            raise Conflict("This game is over: raise the target to keep playing.")
        result = check_hand(game, held, typed)
        hand = Hand(number=len(game.hands) + 1, request_id=request_id,
                    revision=_next_version(game))
        _fill(game, hand, result)
        game.hands.append(hand)
        sheet.hands.append(result)
        return Written(game, sheet, hand)

    try:
        written = write_game(game_id, change)
    except IntegrityError:  # the same request_id committed by a racing request
        db.session.rollback()
        earlier = _find_request(game_id, request_id) if request_id else None
        if earlier is None:
            raise
        return _already_recorded(game_id, earlier)
    return written if isinstance(written, Written) else _already_recorded(game_id, written)


def _hand_at(game: Game, number: int, expected_revision: int | None = None) -> Hand:
    hand = next((h for h in game.hands if h.number == number), None)
    if hand is None:
        raise NotFound(f"This game has no hand {number}.")
    if expected_revision is not None and hand.revision != expected_revision:
        raise Conflict(f"Hand {number} was changed on another phone meanwhile.")
    return hand


def replace_hand(game_id: str, number: int, held: object, typed: object = None,
                 expected_revision: int | None = None) -> Written:
    def change(game: Game) -> Written:
        hand = _hand_at(game, number, expected_revision)
        result = check_hand(game, held, typed)
        _fill(game, hand, result)
        hand.revision = _next_version(game)
        return Written(game, sheet_of(game), hand)

    return write_game(game_id, change)


def delete_hand(game_id: str, number: int, expected_revision: int | None = None) -> Written:
    def change(game: Game) -> Written:
        hand = _hand_at(game, number, expected_revision)
        game.hands.remove(hand)
        for later in game.hands:
            if later.number > number:
                later.number -= 1
        return Written(game, sheet_of(game), None)

    return write_game(game_id, change)
