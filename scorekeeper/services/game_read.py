"""One read of a game for every HTML page: the numbers from the per-seat rows (hand_scores:
sums, and running totals for only the hands asked for), the cards of only the hands the page
shows: nothing is kept between requests, so a worker that has kept nothing pays what any
other does, and a page's cost grows with the game only by the database's sums (docs/budgets.md).

A GameRead answers to the names the templates ask a ScoreSheet (players, hands, dealer,
standings, running, outcome, …). `hands`, `points` and `running` are Windows: as long as the
game, holding only what was read; asking for anything else is a bug in the page (KeyError).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from itertools import groupby
from typing import Callable, Iterable

from sqlalchemy import bindparam, func, or_, select

from ..domain.editions import get_edition, parse_house_rules, point_values
from ..domain.scoring import Outcome, dealing_seat, hand_points
from ..domain.systems import ScoringSystem, system_of
from ..domain.teams import TeamScoring
from ..ids import looks_like_public_id
from ..models import Game, Hand, HeldCards, Player, db
from ..page_cache import app_cache
from . import hand_scores
from .games import VISIBLE, checked_hand, hand_count, held_and_typed, teams_of
from .page_values import GameView, HandView, game_view

TRIES = 5  # reads of a game that another write keeps changing, before the game row is locked


class Window:
    """A game's hands (or their points, or totals) by index: as long as the game, holding
    only some of them."""

    def __init__(self, count: int, items: dict[int, object]):
        self.count, self.items = count, items

    def __len__(self) -> int:
        return self.count

    def __bool__(self) -> bool:
        return self.count > 0

    def __getitem__(self, index: int):
        return self.items[index if index >= 0 else self.count + index]


Shown = Callable[[int], Iterable[int]]  # the game's hand count -> the numbers whose cards to read


@dataclass(frozen=True)
class Seat:
    id: int
    seat: int
    name: str
    team: int | None


@dataclass(frozen=True)
class Head:
    """The game's row and players as plain values: what a page holds is never a row."""
    id: str
    edition: str
    scoring: str
    target: int
    house_rules: object
    first_dealer_seat: int | None
    edit_key_hash: str
    version: int
    updated_at: object
    past_targets: tuple[int, ...]
    table_id: str | None
    players: tuple[Seat, ...]

    COLUMNS = ("id", "edition", "scoring", "target", "house_rules", "first_dealer_seat", "edit_key_hash",
               "version", "updated_at", "past_targets", "table_id")  # the games columns it holds

    @classmethod
    def of_rows(cls, rows) -> "Head":
        """From the game's columns joined with each of its players (by seat)."""
        first = rows[0]
        return cls(*(getattr(first, name) for name in cls.COLUMNS[:-2]), tuple(first.past_targets or ()),
                   first.table_id, tuple(Seat(r.player_id, r.seat, r.name, r.team) for r in rows
                                         if r.player_id is not None))


@dataclass
class GameRead:
    game: Head
    count: int  # how many hands it has
    rows: list[HandView]  # the shown hands as entered, by number
    domain: dict[int, object]  # the shown hands as the domain checked them, by index (number - 1)
    _reached: dict[int, Outcome] = field(default_factory=dict)
    _running: dict[tuple[str, bool], tuple[set[int], Window]] = field(default_factory=dict)

    @cached_property
    def edition(self):
        return get_edition(self.game.edition)

    @cached_property
    def rules(self):
        return parse_house_rules(self.game.house_rules, self.edition)

    @property
    def values(self) -> dict[str, int]:
        return point_values(self.edition, self.rules)

    @property
    def system(self) -> ScoringSystem:
        return system_of(self.game.scoring)

    @property
    def target(self) -> int:
        return self.game.target

    @cached_property
    def players(self) -> list[str]:
        return [p.name for p in self.game.players]

    @cached_property
    def teams(self):
        return teams_of(self.game)

    @property
    def team_scoring(self) -> TeamScoring | None:
        return TeamScoring.of(self.system, self.teams) if self.teams else None

    @cached_property
    def hands(self) -> Window:
        return Window(self.count, self.domain)

    @cached_property
    def _points(self) -> Window:
        values = self.values
        return Window(self.count, {i: hand_points(h, values) for i, h in self.hands.items.items()})

    def points(self) -> Window:
        return self._points

    @cached_property
    def view(self) -> GameView:
        return replace(game_view(self.game, with_hands=False), hands=tuple(self.rows))

    def standings(self, system: ScoringSystem | str | None = None) -> dict[str, int]:
        return hand_scores.standings(self.game, system_of(system or self.game.scoring).slug)

    def deciding_totals(self) -> dict:
        """Each team's total in a team game, else each player's: what the target is checked against
        (the last row of the game's own running totals, which its scoreboard reads anyway)."""
        if not self.count:
            return hand_scores.side_totals(self.game)
        return self.running(self.system, teams=bool(self.teams))[-1]

    def totals_only_grow(self) -> bool:
        return min(self.values.values(), default=0) >= 0

    def running(self, system: ScoringSystem | str, also: Iterable[int] = (), teams: bool = False) -> Window:
        """The totals after each hand under `system` (each team's, by team number, if `teams`):
        read for the shown hands, the last one and the indices in `also` only."""
        wanted = set(self.hands.items) | {i for i in also if 0 <= i < self.count}
        if self.count:
            wanted.add(self.count - 1)
        key = (system_of(system).slug, teams)
        if key in self._running and wanted <= self._running[key][0]:  # read already, with these rows
            return self._running[key][1]
        found = hand_scores.running_at(self.game, key[0], [i + 1 for i in wanted], teams)
        self._running[key] = wanted, Window(self.count, {n - 1: row for n, row in found.items()})
        return self._running[key][1]

    def running_extent(self, system: ScoringSystem | str, rows: Window, teams: bool = False) -> tuple[int, int]:
        """As ScoreSheet.running_extent: while totals only grow, the last row tells; else every row is read."""
        if not rows:
            return 0, 0
        if self.totals_only_grow():
            return 0, max(0, max(rows[-1].values()))
        every = hand_scores.running_at(self.game, system_of(system).slug, None, teams).values()
        return min(0, min(min(r.values()) for r in every)), max(0, max(max(r.values()) for r in every))

    def outcome(self) -> Outcome:
        return self.first_reached(self.game.target)

    def first_reached(self, target: int) -> Outcome:
        """Who won when the game was played to `target` (the game's, or one since raised)."""
        if target not in self._reached:
            self._reached[target] = hand_scores.outcome(self.game, self.deciding_totals(), self.count, target)
        return self._reached[target]

    def dealer(self, hand_number: int) -> str:
        """As ScoreSheet.dealer: a read hand's stored dealer, else the deal passed on from the last hand's."""
        seats = {p.seat: p.name for p in self.game.players}
        rows = {h.number: h for h in self.rows}
        if hand_number in rows:
            return seats[rows[hand_number].dealer_seat]
        index = {p.seat: n for n, p in enumerate(self.game.players)}
        last = None if not self.count else index[self._last_dealer_seat]
        first = index.get(self.game.first_dealer_seat, 0)
        return self.players[dealing_seat(last, first, len(self.players), hand_number - self.count)]

    @cached_property
    def _last_dealer_seat(self) -> int:
        last = next((h for h in self.rows if h.number == self.count), None)
        if last is not None:
            return last.dealer_seat
        return db.session.scalar(select(Hand.dealer_seat).where(Hand.game_id == self.game.id,
                                                                Hand.number == self.count))

    @property
    def next_dealer(self) -> str:
        return self.dealer(self.count + 1)

    def read_rest(self) -> None:
        """What pages ask that is read lazily, so that one check of the game's version after
        it covers everything the page shows."""
        self.outcome()
        for target in self.game.past_targets or ():
            self.first_reached(target)
        if self.count:
            self.dealer(self.count + 1)


def read_game(game_id: str, shown: Shown = lambda count: (), hand_ids: Iterable[str] = (),
              build: Callable[[GameRead], object] = lambda read: read):
    """What `build` makes of the game read once, consistently (None: no such game, or still
    being restored): its row, the hands numbered in `shown(count)` or with an id in
    `hand_ids` with their cards, and whatever `build` reads of it. Each statement may see a
    newer commit (PostgreSQL reads each afresh), so the game's version is read again at the
    end: a write in between means reading it all again; after TRIES such reads the game's row
    is locked for the last one (every write locks it)."""
    if not looks_like_public_id(game_id):
        return None
    ids = [i[:64] for i in hand_ids if i]
    for attempt in range(TRIES + 1):
        found = _head(game_id, lock=attempt == TRIES)
        if found is None:
            return None
        game, count = found
        numbers = sorted(n for n in set(shown(count)) if 1 <= n <= count)
        rows = _hands(game, numbers, ids) if numbers or ids else []
        read = GameRead(game, count, rows, {h.number - 1: checked_hand(game.edition, h.held, h.typed)
                                            for h in rows})
        built = build(read)
        read.read_rest()  # after the page's own reads, which may already hold what this needs
        if attempt == TRIES or _stamp(game_id) == (game.version, game.edit_key_hash):
            return built
    raise AssertionError("unreachable")


# Built once with bound parameters: a page's reads skip building and keying their statements.
_G, _P, _H, _HC = Game.__table__, Player.__table__, Hand.__table__, HeldCards.__table__
_HEAD = select(*(_G.c[name] for name in Head.COLUMNS),
               select(func.count()).where(_H.c.game_id == _G.c.id).scalar_subquery().label("hand_count"),
               _P.c.id.label("player_id"), _P.c.seat, _P.c.name, _P.c.team) \
    .select_from(_G.outerjoin(_P, _P.c.game_id == _G.c.id)) \
    .where(_G.c.id == bindparam("game_id"), VISIBLE).order_by(_P.c.seat)
_LOCKED_HEAD = _HEAD.with_for_update(read=True, of=_G)
_HANDS = select(_H.c.public_id, _H.c.number, _H.c.revision, _H.c.dealer_seat,
                _HC.c.player_id, _HC.c.cards, _HC.c.typed_total) \
    .select_from(_H.outerjoin(_HC, _HC.c.hand_id == _H.c.id)) \
    .where(_H.c.game_id == bindparam("game_id"), or_(_H.c.number.in_(bindparam("numbers", expanding=True)),
                                                     _H.c.public_id.in_(bindparam("ids", expanding=True)))) \
    .order_by(_H.c.number, _HC.c.player_id)
_STAMP = select(_G.c.version, _G.c.edit_key_hash).where(_G.c.id == bindparam("game_id"))


def _head(game_id: str, lock: bool) -> tuple[Head, int] | None:
    """The game's row with its players, and how many hands it has: one statement (each
    statement is a round trip, and on PostgreSQL most of a page's cost), read as plain
    columns (no ORM objects: building them was a large part of a page's CPU)."""
    rows = db.session.execute(_LOCKED_HEAD if lock else _HEAD, {"game_id": game_id}).all()
    return (Head.of_rows(rows), rows[0].hand_count) if rows else None


def _hands(game: Head, numbers: list[int], ids: list[str]) -> list[HandView]:
    """The hands numbered in `numbers` or with an id in `ids`, with their cards, by number."""
    names = {p.id: p.name for p in game.players}
    rows = db.session.execute(_HANDS, {"game_id": game.id, "numbers": numbers, "ids": ids}).all()
    hands = []
    for number, group in groupby(rows, key=lambda row: row.number):
        entries = list(group)
        first = entries[0]
        cards = ((e.player_id, e.cards, e.typed_total) for e in entries if e.player_id is not None)
        hands.append(HandView(first.public_id, number, first.revision, first.dealer_seat,
                              *held_and_typed(names, cards)))
    return hands


def _stamp(game_id: str) -> tuple[int, str] | None:
    """The version and key hash now, in this session: what a write committed since shows."""
    row = db.session.execute(_STAMP, {"game_id": game_id}).first()
    return None if row is None else tuple(row)


def newest(how_many: int) -> Shown:
    """The newest `how_many` hands."""
    return lambda count: range(max(1, count - how_many + 1), count + 1)


@dataclass(frozen=True)
class GameSummary:
    """What a list of games shows of one: its players, edition, hands played and outcome."""
    players: list[str]
    edition: object  # the domain's Edition
    hand_count: int
    outcome: Outcome


def summary_of(head: Game) -> GameSummary:
    """`head`'s summary at its version: kept per version, so a list of games asks only about
    the games that changed since it was last shown, each once: its hands' count and the sums
    of their per-seat rows (hand_scores), never their cards."""
    key = (head.id, head.version)
    return app_cache("game_summaries", 4096).get_or_render(key, lambda: (key, GameSummary(
        [p.name for p in head.players], get_edition(head.edition), hand_count(head.id), hand_scores.outcome(head))))
