"""Which hand a phone means: hands are named by their id, never by their number alone.

Numbers are places in the game and move up when an earlier hand is deleted; a hand's
`public_id` never changes. A deleted hand waits whole in `deleted_hands` until it is put back.
"""
from __future__ import annotations

from sqlalchemy import func, or_, select, update
from sqlalchemy.orm import selectinload

from ..domain.scoring import Hand as DomainHand
from ..domain.text import N_, say
from ..models import DeletedHand, Game, Hand, HeldCards, db, utcnow
from .errors import HandChanged, HandGone, HandMoved, NotFound, PossibleDuplicate, SavedThenDeleted
from ..ids import hand_id_from, new_hand_id
from .transactions import WRITE_STAMP

def deleted_hand(game_id: str, public_id: str | None = None,
                 request_id: str | None = None) -> DeletedHand | None:
    if not public_id and not request_id:
        return None  # an empty id names no hand (never "any hand saved without a request id")
    column, value = (DeletedHand.public_id, public_id) if public_id else (DeletedHand.request_id, request_id)
    return db.session.scalars(select(DeletedHand).where(
        DeletedHand.game_id == game_id, column == value)).first()


def undoable_delete(game: Game) -> DeletedHand | None:
    """The deleted hand Undo can put back: the game's last write was its delete."""
    return db.session.scalars(select(DeletedHand).where(
        DeletedHand.game_id == game.id, DeletedHand.deleted_at == game.updated_at)).first()


def free_hand_id(game_id: str, request_id: object) -> str:
    """The new hand's id: its request id when that can serve and names no other hand."""
    wanted = hand_id_from(request_id)
    taken = db.session.scalar(select(or_(  # a saved hand's or a deleted one's: one question
        select(Hand.id).where(Hand.game_id == game_id, Hand.public_id == wanted).exists(),
        select(DeletedHand.id).where(DeletedHand.game_id == game_id, DeletedHand.public_id == wanted).exists())))
    return new_hand_id() if taken else wanted


def locate(game: Game, number: int, hand_id: str | None, follow_moves: bool = False) -> Hand:
    """The hand a phone means: by id when it sent one (refusing a hand that moved unless
    `follow_moves`), else the hand now at `number`. Only that hand is read, with its cards."""
    if hand_id is None:
        hand = live_hand(game, Hand.number == number)
        if hand is None:
            raise NotFound(say(N_("This game has no hand %(number)s."), number=number))
        return hand
    hand = live_hand(game, Hand.public_id == hand_id)
    if hand is None:
        if deleted_hand(game.id, public_id=hand_id) is not None:
            raise HandGone(say(N_("Hand %(number)s was deleted on another phone."), number=number),
                           details={"deleted": True})
        raise NotFound(say(N_("This game has no hand with that id.")))
    if hand.number != number and not follow_moves:
        raise HandMoved(say(N_("Hand %(number)s is now hand %(now)s: a hand before it was deleted or "
                               "put back. Nothing was changed."), number=number, now=hand.number),
                        details={"moved_to": hand.number})
    return hand


def live_hand(game: Game, where) -> Hand | None:
    """The game's saved hand that `where` picks, with its cards (the game's other hands are not read)."""
    return db.session.scalars(select(Hand).where(Hand.game_id == game.id, where)
                              .options(selectinload(Hand.entries))).first()


def _deleted_hands(game: Game) -> int:
    return db.session.scalar(select(func.count()).select_from(DeletedHand)
                             .where(DeletedHand.game_id == game.id)) or 0


def live_hands(game: Game) -> int:
    return db.session.scalar(select(func.count()).select_from(Hand).where(Hand.game_id == game.id)) or 0


def check_revision(hand: Hand, expected_revision: int | None) -> None:
    if expected_revision is not None and hand.revision != expected_revision:
        raise HandChanged(say(N_("Hand %(number)s was changed on another phone meanwhile."),
                              number=hand.number))


def bury(game: Game, hand: Hand) -> DeletedHand:
    """Delete `hand`, keeping it whole so that it can be put back; later hands move up (in
    the database: the game's other hands are not loaded)."""
    grave = DeletedHand(game_id=game.id, public_id=hand.public_id, number=hand.number,
                        request_id=hand.request_id, revision=hand.revision,
                        dealer_seat=hand.dealer_seat, created_at=hand.created_at,
                        deleted_at=db.session.info.get(WRITE_STAMP) or utcnow(),
                        held=[[e.player_id, e.cards, e.typed_total] for e in hand.entries])
    db.session.add(grave)
    db.session.delete(hand)
    with db.session.no_autoflush:  # the game's row is written once, at commit (one version per write)
        db.session.execute(update(Hand).where(Hand.game_id == game.id, Hand.number > grave.number)
                           .values(number=Hand.number - 1))
    return grave


def unbury(game: Game, grave: DeletedHand) -> Hand:
    """Put a deleted hand back at the number it had (or last, if the game is shorter now),
    with its cards, typed totals, dealer and revision as they were."""
    number = min(grave.number, live_hands(game) + 1)
    db.session.execute(update(Hand).where(Hand.game_id == game.id, Hand.number >= number)
                       .values(number=Hand.number + 1))
    hand = Hand(game_id=game.id, public_id=grave.public_id, number=number,
                request_id=grave.request_id, revision=grave.revision,
                dealer_seat=grave.dealer_seat, created_at=grave.created_at,
                entries=[HeldCards(player_id=pid, cards=cards, typed_total=typed)
                         for pid, cards, typed in grave.held])
    db.session.delete(grave)
    db.session.add(hand)
    return hand


def _as_entered(hand: Hand) -> dict[int, tuple[list[str], int | None]]:
    return {e.player_id: (sorted(e.tokens), e.typed_total) for e in hand.entries}


def _entered(game: Game, result: DomainHand) -> dict[int, tuple[list[str], int | None]]:
    ids = {p.name: p.id for p in game.players}
    return {ids[name]: (sorted(c.token for c in cards), result.typed.get(name))
            for name, cards in result.held.items()}


def holds(game: Game, hand: Hand, result: DomainHand) -> bool:
    """Whether `hand` is stored with exactly these cards and typed totals."""
    return _as_entered(hand) == _entered(game, result)


def check_not_saved_since(game: Game, result: DomainHand, ask_always: bool, count: int,
                          after: int | None = None, after_version: int | None = None,
                          mine: frozenset[str] = frozenset()) -> None:
    """Refuse a new hand when another phone saved one with the same cards since this phone
    looked (with `ask_always`: when it saved any new hand since).

    What the phone saw is the game's version (`after_version`): every hand written after it is
    compared, however many were deleted or put back meanwhile. `after`, a count of hands seen
    (the API's older field), compares the hands numbered above it, less one for each hand
    deleted and not put back (each moved every later hand down one, so a count seen before a
    delete matches again). `mine`: request ids of hands the same phone saved before this one
    (its outbox): never another phone's."""
    if after_version is not None:
        written = Hand.revision > after_version
        # a hand put back (Undo) keeps no created_version: its revision says when it was written
        is_new = lambda hand: (hand.created_version or hand.revision) > after_version
    elif after is not None and count > (first := after - _deleted_hands(game)):
        written = Hand.number > first
        is_new = lambda hand: True
    else:
        return
    since = db.session.scalars(select(Hand).where(Hand.game_id == game.id, written)
                               .order_by(Hand.number.desc()).options(selectinload(Hand.entries))).all()
    since = [h for h in since if h.request_id not in mine]
    entered = _entered(game, result)
    same = next((h for h in since if _as_entered(h) == entered), None)
    fresh = [h for h in since if is_new(h)] if ask_always else []
    if same is None and not fresh:
        if after_version is not None:
            check_not_deleted_since(game, count + 1, after_version, mine)
        return
    shown = same or fresh[0]
    raise PossibleDuplicate(
        say(N_("Hand %(number)s was just saved on another phone with the same cards: is this the same hand?")
            if same else N_("Hand %(number)s was just saved on another phone: is this the same hand?"),
            number=shown.number),
        details={"duplicate_of": shown.number, "same_cards": same is not None})


def check_not_deleted_since(game: Game, number: int, after_version: int, mine: frozenset[str]) -> None:
    """Refuse a new hand that would be hand `number` when another phone saved a hand at that
    number since this phone looked (`after_version`), then deleted it: the phone is asked
    whether it is that hand before anything is stored."""
    grave = db.session.scalars(select(DeletedHand).where(
        DeletedHand.game_id == game.id, DeletedHand.number == number,
        DeletedHand.revision > after_version).order_by(DeletedHand.revision.desc())).first()
    if grave is None or grave.request_id in mine:
        return
    raise SavedThenDeleted(
        say(N_("Hand %(number)s was saved on another phone after this one was entered, then deleted "
               "there: save this hand anyway?"), number=number),
        details={"duplicate_of": number, "same_cards": False, "deleted": True})
