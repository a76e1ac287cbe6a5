"""Games as the app reads them, and creating one.

Rows become the domain's ScoreSheet here; nothing in this module knows HTTP.
"""
from __future__ import annotations

from typing import NamedTuple

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import aliased, joinedload, selectinload

from ..domain.editions import DEFAULT_EDITION, MAX_TARGET, HouseRuleError, get_edition, parse_house_rules, parse_target
from ..domain.scoring import (
    WINNER_TAKES_POINTS, Hand as DomainHand, PlayersError, ScoreSheet, SystemChoiceError,
    build_hand, clean_player_names, dealing_seat, parse_system)
from ..domain.teams import Teams, TeamsError, parse_teams, seat_partners_apart, teams_from_numbers
from ..domain.text import N_, message_of, say
from ..models import Game, Hand, Player, db
from ..plain_select import PlainSelect
from . import storage
from .errors import Invalid, KeyMissing, KeyRefused, NotFound
from ..ids import looks_like_public_id
from .keys import hash_key, hash_opens, new_key

NO_GAME = say(N_("There is no game with that id."))

DEFAULT_TARGET = 500

# The game, its hands and their cards come in ONE statement, so they are one consistent
# snapshot even while another phone deletes or edits a hand (separate SELECTs could see a
# hand but not its cards). Players never change once seated: a second statement is safe.
GAME_OPTIONS = (selectinload(Game.players), joinedload(Game.hands).joinedload(Hand.entries))
VISIBLE = Game.restore_batch.is_(None)  # a restore still writing its games hides them
_STAMP = PlainSelect(select(Game.version, Game.edit_key_hash).where(
    Game.id == bindparam("game_id"), VISIBLE))


def load_game(game_id: str) -> Game | None:
    """The whole game in a fixed number of queries, however many hands it has."""
    if not looks_like_public_id(game_id):  # no such row: spare the database the question
        return None
    stmt = select(Game).where(Game.id == game_id, VISIBLE).options(*GAME_OPTIONS)
    return db.session.scalars(stmt).unique().one_or_none()


def load_game_head(game_id: str, for_update: bool = False) -> Game | None:
    """The game and its players, not its hands: what recording one more hand needs.

    `for_update` (a write, services/transactions.py): on PostgreSQL the same statement locks
    the game's row (FOR UPDATE OF games), waiting for a writer before it and then reading the
    row as that writer left it; the players come joined in, as they never change once seated."""
    if not looks_like_public_id(game_id):
        return None
    stmt = select(Game).where(Game.id == game_id, VISIBLE)
    if for_update:
        stmt = stmt.options(joinedload(Game.players)).with_for_update(of=Game)
        return db.session.scalars(stmt).unique().one_or_none()
    return db.session.scalars(stmt.options(selectinload(Game.players))).one_or_none()


def hand_count(game_id: str) -> int:
    return db.session.scalar(select(func.count()).select_from(Hand).where(Hand.game_id == game_id))


def next_dealer_seat(game: Game) -> int:
    """Who deals the next hand, by the domain's rule (dealing_seat), from the last hand's
    stored dealer: one small query, the hands are not loaded."""
    return dealer_after(game, db.session.scalar(_last_dealer(game.id)))


def dealer_after(game: Game, last: int | None) -> int:
    """Who deals after the seat that dealt the last hand (None: no hand yet)."""
    return dealing_seat(last, game.first_dealer_seat, len(game.players))


def hands_and_last_dealer(game_id: str) -> tuple[int, int | None]:
    """How many hands the game holds and the seat that dealt its last one: one statement."""
    count, seat = db.session.execute(select(func.count(Hand.id), _last_dealer(game_id).scalar_subquery())
                                     .where(Hand.game_id == game_id)).one()
    return count, seat


def _last_dealer(game_id: str):
    """The seat that dealt the game's last hand (no row: no hand yet). Over an alias of hands,
    so it stands on its own inside a statement that reads hands too."""
    last = aliased(Hand)
    return select(last.dealer_seat).where(last.game_id == game_id).order_by(last.number.desc()).limit(1)


def empty_sheet(game: Game) -> ScoreSheet:
    """The game's settings and players without its hands: enough to score one new hand."""
    edition = get_edition(game.edition)
    return ScoreSheet(edition=edition, rules=parse_house_rules(game.house_rules, edition),
                      scoring=game.scoring, target=game.target,
                      players=[p.name for p in game.players], teams=teams_of(game))


def teams_of(game: Game) -> Teams | None:
    """The game's teams from its seats' stored team numbers; None when not played in teams."""
    return teams_from_numbers([p.name for p in game.players], [p.team for p in game.players])


def is_team_game(game: Game) -> bool:
    return any(p.team is not None for p in game.players)


def get_game(game_id: str) -> Game:
    game = load_game(game_id)
    if game is None:
        raise NotFound(NO_GAME)
    return game


def game_stamp(game_id: str) -> tuple[int, str] | None:
    """The game's version and key hash: enough to answer a poll with 304.

    Polls are the hottest path, so this skips the ORM session and runs on the raw connection.
    """
    if not looks_like_public_id(game_id):
        return None
    row = _STAMP.first(db.engine, {"game_id": game_id})
    return None if row is None else (row.version, row.edit_key_hash)


def check_key(game_id: str, key: str | None) -> None:
    """Refuse a change to the game unless `key` is its edit key (the game is not loaded)."""
    stamp = game_stamp(game_id)
    if stamp is None:
        raise NotFound(NO_GAME)
    if not key:
        raise KeyMissing(say(N_("This needs the game's edit key: send 'Authorization: Bearer <edit_key>'.")))
    if not hash_opens(stamp[1], key):
        raise KeyRefused(say(N_("That edit key does not open this game.")))


def key_opens(game: Game, key: str | None) -> bool:
    return hash_opens(game.edit_key_hash, key)


def stored_cards(game: Game, hand: Hand) -> tuple[dict[str, list[str]], dict[str, int]]:
    """A stored hand as entered: each player's card tokens, and the typed totals."""
    return held_and_typed({p.id: p.name for p in game.players},
                          ((e.player_id, e.cards, e.typed_total) for e in hand.entries))


def held_and_typed(names: dict[int, str], entries) -> tuple[dict[str, list[str]], dict[str, int]]:
    """Held cards rows (player id, space-separated tokens, typed total) by player name."""
    held, typed = {}, {}
    for player_id, cards, typed_total in entries:
        held[names[player_id]] = cards.split()
        if typed_total is not None:
            typed[names[player_id]] = typed_total
    return held, typed


def domain_hand(game: Game, hand: Hand) -> DomainHand:
    return checked_hand(game.edition, *stored_cards(game, hand))


def checked_hand(edition: str, held: dict[str, list[str]], typed: dict[str, int]) -> DomainHand:
    """A stored hand as the domain checks it (its held cards' players, in seat-id order)."""
    return build_hand(get_edition(edition), list(held), held, typed)


def seat_names(game: Game) -> dict[int, str]:
    return {p.seat: p.name for p in game.players}


def sheet_of(game: Game) -> ScoreSheet:
    edition = get_edition(game.edition)
    seats = seat_names(game)
    return ScoreSheet(
        edition=edition, rules=parse_house_rules(game.house_rules, edition),
        scoring=game.scoring, target=game.target,
        players=[p.name for p in game.players],
        hands=[domain_hand(game, h) for h in game.hands],
        dealers=[seats[h.dealer_seat] for h in game.hands],
        first_dealer=seats.get(game.first_dealer_seat), teams=teams_of(game))


def create_game(players: object, edition: object = DEFAULT_EDITION,
                scoring: object = WINNER_TAKES_POINTS, target: object = DEFAULT_TARGET,
                house_rules: object = None, first_dealer_seat: int = 0,
                teams: object = None, seat_apart: bool = False) -> tuple[Game, str]:
    """A new game and its edit key (shown once: only its hash is kept). `teams` (a list of
    lists of names, or None) plays it in teams; the players keep the order given unless
    `seat_apart` seats partners apart."""
    key = new_key()
    game = build_game(players, edition, scoring, target, house_rules, hash_key(key), teams, seat_apart)
    game.first_dealer_seat = first_dealer_seat % len(game.players)
    db.session.add(game)
    storage.commit()
    return game, key


class NewGame(NamedTuple):
    """A new game's settings, checked: plain values, ready for a Game row."""
    names: list[str]
    edition: str
    scoring: str
    target: int
    house_rules: dict
    teams: Teams | None = None

    def team_number(self, name: str) -> int | None:
        if self.teams is None:
            return None
        return next(n for n, team in enumerate(self.teams) if name in team)


def build_game(players: object, edition: object, scoring: object, target: object,
               house_rules: object, key_hash: str, teams: object = None,
               seat_apart: bool = False) -> Game:
    """A checked, unsaved game; raises Invalid naming the field at fault."""
    new = check_new_game(players, edition, scoring, target, house_rules, teams)
    if seat_apart and new.teams:
        new = new._replace(names=seat_partners_apart(new.teams))
    return Game(edition=new.edition, scoring=new.scoring, target=new.target,
                house_rules=new.house_rules, edit_key_hash=key_hash,
                players=[Player(seat=i, name=n, team=new.team_number(n))
                         for i, n in enumerate(new.names)])


def check_new_game(players: object, edition: object, scoring: object, target: object,
                   house_rules: object, teams: object = None) -> NewGame:
    """A new game's settings checked (a backup's games too); raises Invalid naming the field
    at fault. `teams` None (or absent) is a game without teams."""
    try:
        names = clean_player_names(players)
    except PlayersError as err:
        raise Invalid(message_of(err), field="players") from None
    try:
        ed = get_edition(edition)
        rules = parse_house_rules(house_rules, ed)
        goal = parse_target(target)
    except HouseRuleError as err:
        raise Invalid(message_of(err)) from None
    try:
        scoring = parse_system(scoring)
    except SystemChoiceError as err:
        raise Invalid(message_of(err), field="scoring") from None
    return NewGame(names, ed.slug, scoring, goal, rules.as_dict(ed), _checked_teams(teams, names))


def _checked_teams(teams: object, names: list[str]) -> Teams | None:
    if teams is None:
        return None
    try:
        return parse_teams(teams, names)
    except TeamsError as err:
        raise Invalid(message_of(err), field="teams") from None


TARGET_STEP = 250


def target_choices(game: Game, sheet: ScoreSheet, count: int = 2) -> list[int]:
    """The round targets "keep playing" offers: the next multiples of 250 above both the
    target and the top score (500 reached: 750 and 1000; 798 reached: 1000 and 1250)."""
    floor = max(game.target, *sheet.deciding_totals().values())
    first = (floor // TARGET_STEP + 1) * TARGET_STEP
    return [t for t in range(first, first + count * TARGET_STEP, TARGET_STEP) if t <= MAX_TARGET]


def suggested_target(game: Game, sheet: ScoreSheet) -> int:
    """The first round target "keep playing" offers."""
    choices = target_choices(game, sheet, 1)
    return choices[0] if choices else MAX_TARGET


def game_settings(game: Game) -> dict:
    """What a game was set up with, as the API and backups both show it."""
    return {
        "id": game.id,
        "edition": game.edition,
        "scoring": game.scoring,
        "target": game.target,
        "house_rules": dict(game.house_rules),
    }
