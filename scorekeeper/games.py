"""What the views do to games: create, load, record, edit and delete hands.

Views parse input and render; this module turns rows into the domain's
ScoreSheet and back, and keeps every write a single checked transaction.
"""
from __future__ import annotations

import hashlib
import hmac
import random
import secrets
import time
from typing import Callable, Mapping, TypeVar

from sqlalchemy import bindparam, select, text
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import joinedload, selectinload
from sqlalchemy.orm.exc import StaleDataError

from .domain.cards import CardError
from .domain.editions import (
    DEFAULT_EDITION, MAX_TARGET, HouseRuleError, get_edition, parse_house_rules, parse_target)
from .domain.scoring import (
    SYSTEMS, WINNER_TAKES_POINTS, Hand as DomainHand, HandError, PlayersError, ScoreSheet,
    SystemChoiceError, build_hand, clean_player_names, parse_system)
from .models import Game, Hand, HeldCards, Player, db, utcnow
from .schema import MAX_ID

DEFAULT_TARGET = 500
MAX_REQUEST_ID = 64
T = TypeVar("T")


class Rejected(Exception):
    """A request that cannot be carried out; nothing was changed."""

    def __init__(self, message: str, status: int = 422, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.status = status
        self.field = field


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def hash_opens(key_hash: str, key: str | None) -> bool:
    return bool(key) and hmac.compare_digest(hash_key(key), key_hash)


def key_opens(game: Game, key: str | None) -> bool:
    return hash_opens(game.edit_key_hash, key)


def game_stamp(game_id: int) -> tuple[int, str] | None:
    """The game's version and key hash: enough to answer a poll with 304.

    Polls are the hottest path, so this skips the ORM session and asks the engine directly.
    """
    with db.engine.connect() as connection:
        row = connection.execute(_STAMP, {"game_id": game_id}).first()
    return None if row is None else (row.version, row.edit_key_hash)


_STAMP = select(Game.version, Game.edit_key_hash).where(Game.id == bindparam("game_id"))


def create_game(players: object, edition: object = DEFAULT_EDITION,
                scoring: object = WINNER_TAKES_POINTS, target: object = DEFAULT_TARGET,
                house_rules: object = None) -> tuple[Game, str]:
    try:
        names = clean_player_names(players)
        ed = get_edition(edition)
        rules = parse_house_rules(house_rules, ed)
        goal = parse_target(target)
    except PlayersError as err:
        raise Rejected(str(err), field="players") from None
    except HouseRuleError as err:
        raise Rejected(str(err)) from None
    try:
        scoring = parse_system(scoring)
    except SystemChoiceError as err:
        raise Rejected(str(err), field="scoring") from None
    key = secrets.token_urlsafe(24)
    game = Game(edition=ed.slug, scoring=scoring, target=goal,
                house_rules=rules.as_dict(ed), edit_key_hash=hash_key(key),
                players=[Player(seat=i, name=n) for i, n in enumerate(names)])
    db.session.add(game)
    db.session.commit()
    return game, key


# The game, its hands and their cards come in ONE statement, so they are one consistent
# snapshot even while another phone deletes or edits a hand (separate SELECTs could see a
# hand but not its cards). Players never change once seated: a second statement is safe.
GAME_OPTIONS = (selectinload(Game.players), joinedload(Game.hands).joinedload(Hand.entries))


def load_game(game_id: int) -> Game | None:
    """The whole game in a fixed number of queries, however many hands it has."""
    if not 0 < game_id <= MAX_ID:  # no such row, and PostgreSQL would refuse the number
        return None
    stmt = select(Game).where(Game.id == game_id).options(*GAME_OPTIONS)
    return db.session.scalars(stmt).unique().one_or_none()


def list_games() -> list[Game]:
    stmt = (select(Game).order_by(Game.updated_at.desc(), Game.id.desc())
            .options(*GAME_OPTIONS))
    return list(db.session.scalars(stmt).unique())


def names_by_id(game: Game) -> dict[int, str]:
    return {p.id: p.name for p in game.players}


def stored_cards(game: Game, hand: Hand) -> tuple[dict[str, list[str]], dict[str, int]]:
    """A stored hand as entered: each player's card tokens, and the typed totals."""
    names = names_by_id(game)
    held = {names[e.player_id]: e.tokens for e in hand.entries}
    typed = {names[e.player_id]: e.typed_total for e in hand.entries if e.typed_total is not None}
    return held, typed


def domain_hand(game: Game, hand: Hand) -> DomainHand:
    held, typed = stored_cards(game, hand)
    return build_hand(get_edition(game.edition), list(held), held, typed)


def sheet_of(game: Game) -> ScoreSheet:
    edition = get_edition(game.edition)
    return ScoreSheet(
        edition=edition, rules=parse_house_rules(game.house_rules, edition),
        scoring=game.scoring, target=game.target,
        players=[p.name for p in game.players],
        hands=[domain_hand(game, h) for h in game.hands])


def check_hand(game: Game, held: object, typed: object) -> DomainHand:
    try:
        return build_hand(get_edition(game.edition), [p.name for p in game.players], held, typed)
    except (HandError, CardError) as err:
        raise Rejected(str(err), field=getattr(err, "player", None)) from None


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


def _begin_write(game_id: int) -> None:
    """Writers to a game queue rather than race: SQLite takes its write lock before reading
    (waiting up to the busy timeout); PostgreSQL locks the game's row first, in a statement
    of its own, so the game is read afterwards as the previous writer left it."""
    db.session.rollback()
    if db.session.get_bind().dialect.name == "sqlite":
        db.session.execute(text("BEGIN IMMEDIATE"))
    else:
        db.session.execute(select(Game.id).where(Game.id == game_id).with_for_update())


def _retrying(game_id: int, change: Callable[[Game], T]) -> T:
    """Run `change` on a freshly loaded game and commit; retry if another writer won."""
    for attempt in range(8):
        try:
            _begin_write(game_id)
            game = load_game(game_id)
            if game is None:
                raise Rejected("There is no such game.", status=404)
            result = change(game)
            game.updated_at = utcnow()  # bumps the version: the racing writer fails
            db.session.commit()
            return result
        except (StaleDataError, OperationalError):
            db.session.rollback()
            time.sleep(random.uniform(0, 0.004 * 2 ** attempt))  # let the winner finish first
        except Rejected:
            db.session.rollback()
            raise
    raise Rejected("The game is busy: other phones are saving right now. Try again.", status=409)


def find_request(game_id: int, request_id: str) -> Hand | None:
    return db.session.scalars(
        select(Hand).where(Hand.game_id == game_id, Hand.request_id == request_id)).first()


def record_hand(game_id: int, held: object, typed: object = None,
                request_id: object = None) -> tuple[Hand, bool]:
    """Record a new hand; returns (the hand, created). A repeated request_id records nothing."""
    if request_id is not None and (not isinstance(request_id, str) or not request_id
                                   or len(request_id) > MAX_REQUEST_ID):
        raise Rejected(f"'request_id' must be a text of 1 to {MAX_REQUEST_ID} characters.", 400)

    def change(game: Game) -> tuple[Hand, bool]:
        if request_id is not None:
            earlier = find_request(game.id, request_id)
            if earlier is not None:
                return earlier, False
        if sheet_of(game).outcome().finished:
            raise Rejected("This game is over: raise the target to keep playing.", status=409)
        result = check_hand(game, held, typed)
        hand = Hand(number=len(game.hands) + 1, request_id=request_id,
                    revision=_next_version(game))
        _fill(game, hand, result)
        game.hands.append(hand)
        return hand, True

    try:
        return _retrying(game_id, change)
    except IntegrityError:  # the same request_id committed by a racing request
        db.session.rollback()
        earlier = find_request(game_id, request_id) if request_id else None
        if earlier is None:
            raise
        return earlier, False


def _next_version(game: Game) -> int:
    """A hand's revision is the game version its last write made. No two writes to a game
    share a version, so (number, revision) names one hand as a phone last saw it, even
    after another phone deleted an earlier hand and the numbers moved up."""
    return game.version + 1


def _hand_at(game: Game, number: int, expected_revision: int | None = None) -> Hand:
    hand = next((h for h in game.hands if h.number == number), None)
    if hand is None:
        raise Rejected(f"This game has no hand {number}.", status=404)
    if expected_revision is not None and hand.revision != expected_revision:
        raise Rejected(f"Hand {number} was changed on another phone meanwhile.", status=409)
    return hand


def replace_hand(game_id: int, number: int, held: object, typed: object = None,
                 expected_revision: int | None = None) -> Hand:
    def change(game: Game) -> Hand:
        hand = _hand_at(game, number, expected_revision)
        result = check_hand(game, held, typed)
        _fill(game, hand, result)
        hand.revision = _next_version(game)
        return hand

    return _retrying(game_id, change)


def delete_hand(game_id: int, number: int, expected_revision: int | None = None) -> None:
    def change(game: Game) -> None:
        hand = _hand_at(game, number, expected_revision)
        game.hands.remove(hand)
        for later in game.hands:
            if later.number > number:
                later.number -= 1

    _retrying(game_id, change)


def change_target(game_id: int, target: object) -> None:
    try:
        goal = parse_target(target)
    except HouseRuleError as err:
        raise Rejected(str(err), field="target") from None

    def change(game: Game) -> None:
        top = max(sheet_of(game).standings().values())
        if goal <= top:
            raise Rejected(f"Someone already has {top} points: choose a target above {top}.",
                           field="target")
        game.target = goal

    _retrying(game_id, change)


def suggested_target(game: Game, sheet: ScoreSheet) -> int:
    """What "keep playing" offers: 250 more than the target or the top score, whichever is higher."""
    return min(MAX_TARGET, max(game.target, *sheet.standings().values()) + 250)


def hand_dict(game: Game, hand: Hand, sheet: ScoreSheet, index: int) -> dict:
    domain = sheet.hands[index]
    return {
        "number": hand.number,
        "winner": domain.winner,
        "held": stored_cards(game, hand)[0],
        "points": sheet.points()[index],
        "typed_totals": dict(domain.typed),
        "dealer": sheet.dealer(hand.number),
        "revision": hand.revision,
    }


def game_dict(game: Game, url: str) -> dict:
    sheet = sheet_of(game)
    scores = sheet.standings()
    outcome = sheet.outcome()
    return {
        "id": game.id,
        "edition": game.edition,
        "scoring": game.scoring,
        "target": game.target,
        "house_rules": dict(game.house_rules),
        "players": [{"name": n, "score": scores[n]} for n in sheet.players],
        "standings": {system: sheet.standings(system) for system in SYSTEMS},
        "url": url,
        "hands": [hand_dict(game, h, sheet, i) for i, h in enumerate(game.hands)],
        "finished": outcome.finished,
        "winners": outcome.winners,
    }


def hand_input(body: Mapping) -> tuple[object, object]:
    """The held cards and typed totals of an API body."""
    return body.get("held"), body.get("typed_totals")
