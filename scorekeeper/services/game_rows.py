"""A whole game as its rows say it, for answers that list every hand (the JSON API): the
hands with their cards and each seat's points from its hand_scores row, in ONE statement, and
the standings and outcome from the database's sums of those rows. Nothing is scored again
and nothing is kept between requests.

The reads are separate statements, so a write may commit between them: the game's version is
read with the hands and again after the sums, and the whole read is made again when they
differ. An answer is therefore always one version of the game, never a mix of two.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from sqlalchemy import and_, bindparam, select

from ..domain.scoring import Outcome
from ..domain.systems import system_of
from ..domain.teams import TeamScoring
from ..domain.text import N_, say
from ..models import Game, Hand, HandScore, HeldCards, db
from ..plain_select import PlainSelect
from . import hand_scores
from .errors import Conflict
from .games import VISIBLE, game_settings, game_stamp, load_game_head, teams_of

ATTEMPTS = 8  # reads made again while writes keep landing between their statements

_G, _H, _C, _S = Game.__table__, Hand.__table__, HeldCards.__table__, HandScore.__table__
# The game's version with every hand, each seat's cards and its points: one snapshot.
_HANDS = PlainSelect(
    select(_G.c.version, _H.c.id, _H.c.public_id, _H.c.number, _H.c.revision, _H.c.dealer_seat,
           _C.c.player_id, _C.c.cards, _C.c.typed_total, _S.c.held, _S.c.went_out)
    .select_from(_G.outerjoin(_H, _H.c.game_id == _G.c.id).outerjoin(_C, _C.c.hand_id == _H.c.id)
                 .outerjoin(_S, and_(_S.c.hand_id == _H.c.id, _S.c.player_id == _C.c.player_id)))
    .where(_G.c.id == bindparam("game_id"), VISIBLE).order_by(_H.c.number, _C.c.player_id))


class HandRow(NamedTuple):
    """One hand as the API shows it (its fields are the JSON's keys)."""
    id: str | None
    number: int
    winner: str
    held: dict[str, list[str]]
    points: dict[str, int]  # what each seat's cards (or typed total) are worth: its `held` row
    typed_totals: dict[str, int]
    dealer: str
    revision: int


@dataclass(frozen=True)
class GameRows:
    version: int
    settings: dict  # games.game_settings
    players: list[str]  # seat order
    standings: dict[str, dict[str, int]]  # each system's slug -> each player's total
    teams: list[tuple[tuple[str, ...], int]] | None  # each team and its total; None: no teams
    outcome: Outcome
    hands: list[HandRow]
    row_ids: list[int]  # each hand's row id, in the same order

    def hand(self, row_id: int) -> HandRow | None:
        return next((h for h, row in zip(self.hands, self.row_ids) if row == row_id), None)


def game_rows(game_id: str) -> GameRows | None:
    """The game now, at one version (None: no such game, or still being restored)."""
    for _ in range(ATTEMPTS):
        db.session.expire_all()  # the session may hold the game as an earlier write left it
        head = load_game_head(game_id)
        if head is None:
            return None
        read = _read(head)
        stamp = game_stamp(game_id)
        if read is not None and stamp is not None and stamp[0] == read.version:
            return read
        db.session.rollback()  # PostgreSQL: let the next reads see the later commit
    raise Conflict(say(N_("The game is busy: other phones are saving right now. Try again.")))


def rows_in_write(head: Game) -> GameRows:
    """The game as the write under way leaves it (transactions.write_game's `answer`): read in
    the write's own transaction, which holds the game, so no other write can land between
    the statements and the game's row and players are the ones the write loaded."""
    read = _read(head)
    assert read is not None, "a write's own version moved under it"
    return read


def _read(head: Game) -> GameRows | None:
    """The game at `head`'s version, or None if a write landed before its hands were read."""
    connection = db.session.connection()
    rows = _HANDS.all_on(connection.connection.dbapi_connection, connection.dialect, {"game_id": head.id})
    if not rows or rows[0][0] != head.version:
        return None
    names = {p.id: p.name for p in head.players}
    dealers = {p.seat: p.name for p in head.players}
    found, row_ids, last = [], [], None
    for _, row_id, public_id, number, revision, dealer_seat, player_id, cards, typed, points, went_out in rows:
        if row_id is None:
            break  # a game without hands: its one row has none
        if row_id != last:
            last, held, typed_totals, seat_points = row_id, {}, {}, {}
            hand = [public_id, number, None, held, seat_points, typed_totals, dealers[dealer_seat], revision]
            found.append(hand)
            row_ids.append(row_id)
        name = names[player_id]
        held[name] = cards.split()
        seat_points[name] = points
        if typed is not None:
            typed_totals[name] = typed
        if went_out:
            hand[2] = name
    hands = list(map(HandRow._make, found))
    return _with_sums(head, hands, row_ids)


def _with_sums(head: Game, hands: list[HandRow], row_ids: list[int]) -> GameRows:
    """The standings and outcome from one GROUP BY of the per-seat rows (and, in a finished
    game, the hands that ended it: hand_scores.outcome)."""
    standings, sides = hand_scores.game_sums(head)
    teams = teams_of(head)
    team_rows = TeamScoring.of(system_of(head.scoring), teams).rows(sides) if teams else None
    return GameRows(version=head.version, settings=game_settings(head), players=[p.name for p in head.players],
                    standings=standings, teams=team_rows, outcome=hand_scores.outcome(head, sides, len(hands)),
                    hands=hands, row_ids=row_ids)
