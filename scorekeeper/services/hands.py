"""Recording, editing and deleting hands. Each returns the game as the write left it, so a
caller shows the result without loading the game again."""
from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..domain.cards import CardError
from ..domain.editions import get_edition
from ..domain.scoring import (
    MAX_HANDS, Hand as DomainHand, HandError, ScoreSheet, add_hand, build_hand, hand_points,
    reached_target)
from ..domain.text import N_, message_of, say
from ..models import Game, Hand, HeldCards, db
from .errors import Conflict, Invalid, Malformed, NotFound
from .cache import game_totals
from .games import (
    empty_sheet, hand_count, load_game, load_game_head, next_dealer_seat, sheet_of, totals_of)
from .transactions import write_game

MAX_REQUEST_ID = 64


@dataclass
class Written:
    """A game just after a write, scored; `hand` is the hand written (None after a delete).
    game and sheet are None when the caller asked for no score (record_hand, scored=False)."""

    game: Game | None
    sheet: ScoreSheet | None
    hand: Hand | None = None
    created: bool = True


def check_hand(game: Game, held: object, typed: object) -> DomainHand:
    try:
        return build_hand(get_edition(game.edition), [p.name for p in game.players], held, typed)
    except (HandError, CardError) as err:
        raise Invalid(message_of(err), field=getattr(err, "player", None)) from None


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
        raise Malformed(say(N_("'request_id' must be a text of 1 to %(max)s characters."), max=MAX_REQUEST_ID),
                        field="request_id")


def record_hand(game_id: str, held: object, typed: object = None,
                request_id: object = None, scored: bool = True) -> Written:
    """Record a new hand. A repeated request_id records nothing and answers with that hand.

    The write reads only the game's row and players, the number of hands, and whether the
    game was already over (kept per version): its cost does not grow with the game. The
    whole game is loaded and scored afterwards, outside the write, only if `scored`.
    """
    _check_request_id(request_id)

    after: dict = {}

    def change(game: Game) -> tuple[Hand, bool]:
        if request_id is not None:
            earlier = _find_request(game.id, request_id)
            if earlier is not None:
                return earlier, False
        count = hand_count(game.id)
        if count >= MAX_HANDS:
            raise Conflict(say(N_("A game holds at most %(max)s hands: start a new game to play on."),
                              max=MAX_HANDS))
        totals = totals_of(game)
        if reached_target(totals, game.target):
            raise Conflict(say(N_("This game is over: raise the target to keep playing.")))
        result = check_hand(game, held, typed)
        hand = Hand(game_id=game.id, number=count + 1, request_id=request_id,
                    revision=_next_version(game), dealer_seat=next_dealer_seat(game))
        _fill(game, hand, result)
        db.session.add(hand)
        points = hand_points(result, empty_sheet(game).values)
        after.update(game=game, totals=add_hand(totals, result, points, game.scoring))
        return hand, True

    hand, created = _write_once(game_id, change, request_id)
    if created:  # the write bumped the version: the next hand starts from these totals
        game_totals().put((game_id, after["game"].version), after["totals"])
    return _written(game_id, hand, created) if scored else Written(None, None, hand, created)


def _write_once(game_id: str, change, request_id: object) -> tuple[Hand, bool]:
    """Run the recording write; a racing request that committed the same request_id first
    wins, and this one answers with its hand."""
    try:
        return write_game(game_id, change, load=load_game_head)
    except IntegrityError:
        db.session.rollback()
        hand = _find_request(game_id, request_id) if request_id else None
        if hand is None:
            raise
        return hand, False


def _written(game_id: str, hand: Hand, created: bool) -> Written:
    """The whole game after a write, scored, for an answer that shows it all."""
    db.session.expire_all()  # the session may hold the game as it was before this hand
    game = load_game(game_id)
    hand = next((h for h in game.hands if h.id == hand.id), hand)
    return Written(game, sheet_of(game), hand, created=created)


def _hand_at(game: Game, number: int, expected_revision: int | None = None) -> Hand:
    hand = next((h for h in game.hands if h.number == number), None)
    if hand is None:
        raise NotFound(say(N_("This game has no hand %(number)s."), number=number))
    if expected_revision is not None and hand.revision != expected_revision:
        raise Conflict(say(N_("Hand %(number)s was changed on another phone meanwhile."), number=number))
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
