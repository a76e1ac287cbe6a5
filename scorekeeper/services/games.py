"""Games as the app reads them, and creating one.

Rows become the domain's ScoreSheet here; nothing in this module knows HTTP.
"""
from __future__ import annotations

from sqlalchemy import bindparam, select
from sqlalchemy.orm import joinedload, selectinload

from ..domain.editions import DEFAULT_EDITION, MAX_TARGET, HouseRuleError, get_edition, parse_house_rules, parse_target
from ..domain.scoring import (
    WINNER_TAKES_POINTS, Hand as DomainHand, PlayersError, ScoreSheet, SystemChoiceError,
    build_hand, clean_player_names, parse_system)
from ..models import Game, Hand, Player, db
from .errors import Invalid, KeyMissing, KeyRefused, NotFound
from .ids import looks_like_public_id
from .keys import hash_key, hash_opens, new_key

DEFAULT_TARGET = 500

# The game, its hands and their cards come in ONE statement, so they are one consistent
# snapshot even while another phone deletes or edits a hand (separate SELECTs could see a
# hand but not its cards). Players never change once seated: a second statement is safe.
GAME_OPTIONS = (selectinload(Game.players), joinedload(Game.hands).joinedload(Hand.entries))
_STAMP = select(Game.version, Game.edit_key_hash).where(Game.id == bindparam("game_id"))


def load_game(game_id: str) -> Game | None:
    """The whole game in a fixed number of queries, however many hands it has."""
    if not looks_like_public_id(game_id):  # no such row: spare the database the question
        return None
    stmt = select(Game).where(Game.id == game_id).options(*GAME_OPTIONS)
    return db.session.scalars(stmt).unique().one_or_none()


def get_game(game_id: str) -> Game:
    game = load_game(game_id)
    if game is None:
        raise NotFound("There is no game with that id.")
    return game


def game_stamp(game_id: str) -> tuple[int, str] | None:
    """The game's version and key hash: enough to answer a poll with 304.

    Polls are the hottest path, so this skips the ORM session and asks the engine directly.
    """
    if not looks_like_public_id(game_id):
        return None
    with db.engine.connect() as connection:
        row = connection.execute(_STAMP, {"game_id": game_id}).first()
    return None if row is None else (row.version, row.edit_key_hash)


def check_key(game_id: str, key: str | None) -> None:
    """Refuse a change to the game unless `key` is its edit key (the game is not loaded)."""
    stamp = game_stamp(game_id)
    if stamp is None:
        raise NotFound("There is no game with that id.")
    if not key:
        raise KeyMissing("This needs the game's edit key: send 'Authorization: Bearer <edit_key>'.")
    if not hash_opens(stamp[1], key):
        raise KeyRefused("That edit key does not open this game.")


def key_opens(game: Game, key: str | None) -> bool:
    return hash_opens(game.edit_key_hash, key)


def stored_cards(game: Game, hand: Hand) -> tuple[dict[str, list[str]], dict[str, int]]:
    """A stored hand as entered: each player's card tokens, and the typed totals."""
    names = {p.id: p.name for p in game.players}
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


def create_game(players: object, edition: object = DEFAULT_EDITION,
                scoring: object = WINNER_TAKES_POINTS, target: object = DEFAULT_TARGET,
                house_rules: object = None) -> tuple[Game, str]:
    """A new game and its edit key (shown once: only its hash is kept)."""
    try:
        names = clean_player_names(players)
    except PlayersError as err:
        raise Invalid(str(err), field="players") from None
    try:
        ed = get_edition(edition)
        rules = parse_house_rules(house_rules, ed)
        goal = parse_target(target)
    except HouseRuleError as err:
        raise Invalid(str(err)) from None
    try:
        scoring = parse_system(scoring)
    except SystemChoiceError as err:
        raise Invalid(str(err), field="scoring") from None
    key = new_key()
    game = Game(edition=ed.slug, scoring=scoring, target=goal,
                house_rules=rules.as_dict(ed), edit_key_hash=hash_key(key),
                players=[Player(seat=i, name=n) for i, n in enumerate(names)])
    db.session.add(game)
    db.session.commit()
    return game, key


def suggested_target(game: Game, sheet: ScoreSheet) -> int:
    """What "keep playing" offers: 250 more than the target or the top score, whichever is higher."""
    return min(MAX_TARGET, max(game.target, *sheet.standings().values()) + 250)


def game_settings(game: Game) -> dict:
    """What a game was set up with, as the API and backups both show it."""
    return {
        "id": game.id,
        "edition": game.edition,
        "scoring": game.scoring,
        "target": game.target,
        "house_rules": dict(game.house_rules),
    }
