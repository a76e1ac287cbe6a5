"""A game as scored at one version, kept in this process and caught up by what changed.

Every page and answer that shows a whole game asks for its state here. A state is built once
per version from the one kept before it: when no saved hand changed in between (the game's
`hands_reshaped_at`), only the hands numbered after the kept ones are read; otherwise the
hands' keys (row, revision, number, dealer: small rows, no cards), and only the rows that are
new or were edited are loaded, reusing what the process already checked and scored (after
an edit, delete or put-back too: ScoreSheet.with_hands). So a save, and the first look after
it, cost what changed, not the whole game, in any worker that has seen the game once. A worker that never has
loads the game whole, once (outside any write lock: see hands.record_hand).
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, replace
from functools import cached_property, partial
from typing import NamedTuple

from flask import current_app
from sqlalchemy import and_, bindparam, event, select
from sqlalchemy.orm import Session, joinedload

from ..domain.editions import get_edition, parse_house_rules
from ..domain.scoring import Hand as DomainHand, Outcome, ScoreSheet, build_hand
from ..models import Game, Hand, db
from ..plain_select import PlainSelect
from . import hand_scores
from .games import VISIBLE, game_settings, hand_count, load_game, load_game_head, stored_cards, teams_of
from .cache import game_summaries
from .page_values import GameView, HandView, game_view

# Hands this process keeps scored, over all the games it keeps. Kept objects are live, so the
# garbage guard's collection after each request that loaded rows walks them (database.py):
# about 14 objects a hand, 1 ms per 1,000 hands, so this bounds that walk to a few ms.
KEPT_HANDS = 5_000
REBUILD_SHARE = 0.5  # more changed hands than this share: load the game whole instead

_G, _H = Game.__table__, Hand.__table__
# The game's version with its hands' keys, in one statement: one consistent snapshot.
_KEYS = PlainSelect(
    select(_G.c.version, _H.c.id, _H.c.public_id, _H.c.number, _H.c.revision, _H.c.dealer_seat)
    .select_from(_G.outerjoin(_H, _H.c.game_id == _G.c.id))
    .where(_G.c.id == bindparam("game_id"), VISIBLE).order_by(_H.c.number))
# The same for the hands after the first `after` only: what a game took since it was kept,
# when no saved hand changed since (games.hands_reshaped_at).
_NEW_KEYS = PlainSelect(
    select(_G.c.version, _H.c.id, _H.c.public_id, _H.c.number, _H.c.revision, _H.c.dealer_seat)
    .select_from(_G.outerjoin(_H, and_(_H.c.game_id == _G.c.id, _H.c.number > bindparam("after"))))
    .where(_G.c.id == bindparam("game_id"), VISIBLE).order_by(_H.c.number))


@dataclass(frozen=True)
class StoredHand:
    """One hand row's cards as entered and as the domain checked them; true for its revision."""
    held: dict[str, list[str]]
    typed: dict[str, int]
    domain: DomainHand


class HandKey(NamedTuple):
    """A hand row as the keys query reads it: no cards."""
    row: int
    public_id: str
    number: int
    revision: int
    dealer_seat: int


@dataclass(frozen=True)
class GameState:
    """The game at `version`: its plain view (every hand), its score sheet, its settings."""
    version: int
    view: GameView
    sheet: ScoreSheet
    settings: dict
    keys: tuple[HandKey, ...]
    stored: dict[tuple[int, int], StoredHand]  # (row, revision) -> the hand's cards
    seats: tuple  # (player id, seat, name, team) per seat: stored hands are valid for these
    key_hash: str  # the edit key's hash, to tell a keeper from a watcher
    sheet_settings: tuple  # what `sheet` was scored with besides its hands (_sheet_settings)

    @cached_property
    def outcome(self) -> Outcome:
        return self.sheet.outcome()

    @cached_property
    def points(self) -> list[dict[str, int]]:
        return self.sheet.points()

    @property
    def totals(self) -> dict[str, int]:
        return self.sheet.standings()


class KeptStates:
    """The latest state of each game this process looked at, least recently used dropped
    first once they hold more than KEPT_HANDS hands."""

    def __init__(self, kept_hands: int = KEPT_HANDS):
        self.kept_hands = kept_hands
        self._states: OrderedDict[str, GameState] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str) -> GameState | None:
        with self._lock:
            return self._states.get(game_id)

    def put(self, game_id: str, state: GameState) -> None:
        with self._lock:
            old = self._states.get(game_id)
            if old is not None and old.version > state.version:
                return  # a slower request must not replace a newer state
            self._states[game_id] = state
            self._states.move_to_end(game_id)
            held = sum(len(s.keys) + 1 for s in self._states.values())
            while held > self.kept_hands and len(self._states) > 1:
                _, dropped = self._states.popitem(last=False)
                held -= len(dropped.keys) + 1

    def clear(self) -> None:
        with self._lock:
            self._states.clear()


def kept_states() -> KeptStates:
    """This app's states: one per app, so per database."""
    states = current_app.extensions.get("game_states")
    if states is None:
        states = current_app.extensions.setdefault("game_states", KeptStates())
    return states


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
    summary = game_summaries().get(key)
    if summary is None:
        summary = GameSummary([p.name for p in head.players], get_edition(head.edition), hand_count(head.id),
                              hand_scores.outcome(head))
        game_summaries().put(key, summary)
    return summary


def game_state(game_id: str) -> GameState | None:
    """The game as it is now (None: no such game, or still being restored)."""
    head = load_game_head(game_id)
    return None if head is None else state_of(head)


def state_of(head: Game, keep: bool = True) -> GameState:
    """The state at `head`'s version (`head`: the game's row and players, as just loaded in
    this session; inside a write, as the write lock holds them); kept for the next version,
    unless not `keep`."""
    kept = kept_states().get(head.id)
    if kept is not None and kept.version == head.version:
        return kept
    state = None
    # only forward: a request reading an older snapshot than another thread kept is built whole
    if kept is not None and kept.version < head.version and kept.seats == _seats(head) \
            and kept.view.edition == head.edition:
        state = _caught_up(head, kept)
    if state is None:
        state = _whole(head.id)
    if state is not None and keep:
        kept_states().put(head.id, state)
    return state


def state_of_write(head: Game) -> GameState | None:
    """The state at the version a write is making (its changes flushed, inside its
    transaction): kept once that transaction commits, so the write's own answer after the
    commit does not build it again; never kept if it rolls back."""
    state = state_of(head, keep=False)
    if state is not None:
        db.session.info.setdefault(KEEP_ON_COMMIT, []).append((kept_states(), head.id, state))
    return state


KEEP_ON_COMMIT = "game states to keep"  # session.info: (kept states, game id, state), until commit


@event.listens_for(Session, "after_commit")
def _keep_committed(session: Session) -> None:
    for states, game_id, state in session.info.pop(KEEP_ON_COMMIT, ()):
        states.put(game_id, state)


@event.listens_for(Session, "after_rollback")
def _drop_uncommitted(session: Session) -> None:
    session.info.pop(KEEP_ON_COMMIT, None)


def _seats(game: Game) -> tuple:
    return tuple((p.id, p.seat, p.name, p.team) for p in game.players)


def _caught_up(head: Game, kept: GameState) -> GameState | None:
    """`kept` brought to `head`'s version by loading only new or edited hands; None when that
    cannot be done safely (the game moved on meanwhile, or most of it changed)."""
    found = _new_keys(head, kept)
    if found is None:
        return None
    keys, start, run = found  # the first `start` keys are the kept ones, unchanged; `run`: see _Run
    stored = dict(kept.stored)
    if start == len(kept.keys):  # only hands added: everything kept still holds
        missing = list(keys[start:])
    else:  # only the keys between the two runs of kept hands can be new, or gone
        missing = [k for k in keys[start:run.new] if (k.row, k.revision) not in stored]
        live = {(k.row, k.revision) for k in keys[start:run.new]}
        for gone in [(k.row, k.revision) for k in kept.keys[start:run.new + run.move]]:
            if gone not in live:
                del stored[gone]
    if len(missing) > max(1, len(keys) * REBUILD_SHARE):
        return None
    if missing:
        # the rows and their cards in ONE statement: one snapshot, so the revision checked
        # below is the revision of the cards read (PostgreSQL reads each statement afresh)
        loaded = db.session.scalars(
            select(Hand).where(Hand.id.in_([k.row for k in missing])).options(joinedload(Hand.entries))
            .execution_options(populate_existing=True)).unique().all()
        revisions = {h.id: h.revision for h in loaded}
        if any(revisions.get(k.row) != k.revision for k in missing):
            return None  # edited again since the keys were read
        stored |= {(h.id, h.revision): _stored_hand(head, h) for h in loaded}
    if _sheet_settings(head) != kept.sheet_settings:
        return _state(head, keys, stored)
    return _reshaped(head, kept, keys, stored, start, run)


class _Run(NamedTuple):
    """Where the last run of kept hands starts among the new keys (`new`): from there on,
    new key i is kept key i + `move` (its number less `move`): 1 after a delete, -1 after a
    put-back."""
    new: int
    move: int = 0


def _no_run(keys: tuple[HandKey, ...], kept: GameState) -> _Run:
    """No last run of kept hands known: an empty one, after every key, new and kept."""
    return _Run(len(keys), len(kept.keys) - len(keys))


def _new_keys(head: Game, kept: GameState) -> tuple[tuple[HandKey, ...], int, _Run] | None:
    """The game's hand keys at `head`'s version, how many first ones are the kept keys
    unchanged, and the last run of kept ones moved (_Run). Only the hands after the kept ones
    are read when no saved hand changed since the kept version, or when the one write that
    changed one started from it (its note, _noted); otherwise every hand's key. None if the
    game moved on meanwhile."""
    connection = db.session.connection()  # this session's transaction (a write's, under its lock)
    raw, dialect = connection.connection.dbapi_connection, connection.dialect
    reshaped = (head.hands_reshaped_at or 0) > kept.version
    known, start, run = (kept.keys, len(kept.keys), None) if not reshaped else _noted(head, kept)
    if known is not None:
        rows = _NEW_KEYS.all_on(raw, dialect, {"game_id": head.id, "after": len(known)})
    else:
        rows = _KEYS.all_on(raw, dialect, {"game_id": head.id})
    if not rows or rows[0][0] != head.version:
        return None  # another write landed between the two reads: load it whole, consistently
    found = [r[1:] for r in rows if r[1] is not None]
    if known is None:
        keys = _keys(kept.keys, found)
        end = min(len(keys), len(kept.keys))
        return keys, next((i for i in range(end) if keys[i] is not kept.keys[i]), end), _no_run(keys, kept)
    added = tuple(HandKey._make(r) for r in found)
    if [k.number for k in added] != list(range(len(known) + 1, len(known) + len(added) + 1)):
        return None  # not a plain run of new hands: read it whole
    keys = known + added
    return keys, start, run if run is not None and not added else _no_run(keys, kept)


def _noted(head: Game, kept: GameState) -> tuple[tuple[HandKey, ...] | None, int, _Run | None]:
    """The kept keys after the write `head.hands_reshape` notes (hands.py), the place of the
    hand it changed and the kept hands after it (_Run); (None, 0, None) unless `kept` is the
    version that write started from."""
    note = (head.hands_reshape or "").split(" ", 6)
    if len(note) != 7 or note[0] != str(kept.version):
        return None, 0, None
    _, did, *numbers, public_id = note
    number, row, revision, dealer_seat = map(int, numbers)
    keys, at = kept.keys, number - 1
    hand = HandKey(row, public_id, number, revision, dealer_seat)
    if did == "edit" and 0 <= at < len(keys) and keys[at].public_id == public_id:
        return keys[:at] + (hand,) + keys[at + 1:], at, _Run(at + 1)
    if did == "delete" and 0 <= at < len(keys) and keys[at].row == row:
        return keys[:at] + _moved(keys[at + 1:], -1), at, _Run(at, 1)
    if did == "restore" and 0 <= at <= len(keys):
        return keys[:at] + (hand,) + _moved(keys[at:], 1), at, _Run(at + 1, -1)
    return None, 0, None


def _moved(keys: tuple, by: int) -> tuple:
    """Keys or views (HandKey, HandView: tuples whose `number` is the given field) with
    their numbers moved by `by`. Made in C loops (map, zip, tuple.__new__): after a delete of
    hand 1 of 1,000, every later hand gets a new number, and this is most of that cost."""
    if not keys:
        return ()
    kind = type(keys[0])
    fields = list(zip(*keys))
    at = kind._fields.index("number")
    fields[at] = map(by.__add__, fields[at])
    return tuple(map(partial(tuple.__new__, kind), zip(*fields)))


def _keys(kept: tuple[HandKey, ...], rows: list[tuple]) -> tuple[HandKey, ...]:
    """The rows as keys, reusing each kept key its row equals (compared as tuples, in place):
    a hand whose key is the very object kept is unchanged (_reshaped)."""
    if rows[:len(kept)] == list(kept):
        return kept + tuple(HandKey._make(r) for r in rows[len(kept):])
    return tuple(k if k == r else HandKey._make(r) for k, r in zip(kept, rows)) \
        + tuple(HandKey._make(r) for r in rows[len(kept):])


def _sheet_settings(game: Game) -> tuple:
    """What a score sheet depends on besides its hands."""
    return (game.edition, game.scoring, game.target, repr(game.house_rules), game.first_dealer_seat,
            _seats(game))


def _reshaped(head: Game, kept: GameState, keys: tuple[HandKey, ...], stored: dict, start: int,
              run: _Run) -> GameState:
    """`kept` after hands were added, edited, deleted or put back, the first `start` of them
    unchanged and the last ones from `run` on the kept ones moved: each hand kept keeps its
    points and its plain view, renumbered if it moved (ScoreSheet.with_hands); only the others
    are scored, and the kept runs are taken over whole, not hand by hand."""
    seats = {p.seat: p.name for p in head.players}
    between = [stored[(k.row, k.revision)] for k in keys[start:run.new]]
    after = run.new + run.move  # where the last run starts among the kept hands
    old = kept.sheet
    sheet = old.with_hands(old.hands[:start] + [h.domain for h in between] + old.hands[after:],
                           old.dealers[:start] + [seats[k.dealer_seat] for k in keys[start:run.new]]
                           + old.dealers[after:], unchanged=start, kept_from=run.new)
    old_keys, old_views = kept.keys, kept.view.hands
    moved = _moved(old_views[after:], -run.move) if run.move else old_views[after:]
    views = old_views[:start] + tuple(
        old_views[i] if i < len(old_keys) and old_keys[i] is k else
        HandView(k.public_id, k.number, k.revision, k.dealer_seat, h.held, h.typed)
        for i, k, h in zip(range(start, run.new), keys[start:run.new], between)) + moved
    return replace(kept, version=head.version, view=replace(_head_view(head), hands=views),
                   sheet=sheet, keys=keys, stored=stored, key_hash=head.edit_key_hash)


def _whole(game_id: str) -> GameState | None:
    """The game loaded whole in one statement (a consistent snapshot) and scored."""
    game = load_game(game_id)
    if game is None:
        return None
    keys = tuple(HandKey(h.id, h.public_id, h.number, h.revision, h.dealer_seat) for h in game.hands)
    stored = {(h.id, h.revision): _stored_hand(game, h) for h in game.hands}
    return _state(game, keys, stored)


def _stored_hand(game: Game, hand: Hand) -> StoredHand:
    held, typed = stored_cards(game, hand)
    domain = build_hand(get_edition(game.edition), list(held), held, typed)
    return StoredHand(held, typed, domain)


def _state(game: Game, keys: tuple[HandKey, ...], stored: dict) -> GameState:
    edition = get_edition(game.edition)
    seats = {p.seat: p.name for p in game.players}
    hands = [stored[(k.row, k.revision)] for k in keys]
    sheet = ScoreSheet(
        edition=edition, rules=parse_house_rules(game.house_rules, edition), scoring=game.scoring, target=game.target,
        players=[p.name for p in game.players], hands=[h.domain for h in hands],
        dealers=[seats[k.dealer_seat] for k in keys],
        first_dealer=seats.get(game.first_dealer_seat), teams=teams_of(game))
    views = tuple(HandView(k.public_id, k.number, k.revision, k.dealer_seat, h.held, h.typed)
                  for k, h in zip(keys, hands))
    return GameState(version=game.version, view=replace(_head_view(game), hands=views), sheet=sheet,
                     settings=game_settings(game), keys=keys, stored=stored, seats=_seats(game),
                     key_hash=game.edit_key_hash, sheet_settings=_sheet_settings(game))


def _head_view(game: Game) -> GameView:
    return game_view(game, with_hands=False)


