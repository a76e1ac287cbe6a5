"""A family table's game summarised for the table's page, API and league, stored with the game.

Every write that changes a table game stores its summary in the same transaction, true for
the version that write makes (models.TableGameSummary), built from the game's state at that
version (game_state), so it costs what the write changed: a new hand adds its own wins. The
table's held-card count moves in the same transaction, and a write that would take the table
past MAX_TABLE_CARD_ROWS is refused: one conditional UPDATE, never a count of the table's rows.

A summary names seats by their place (0, 1, …) and lists the seats' names and roster ids
once, so a rename or a merge rewrites that list only (carry_summaries).
"""
from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

from sqlalchemy import exists, or_, select, update

from ..domain.league import FinishedGame, finished_game
from ..domain.scoring import ScoreSheet
from ..domain.text import N_, say
from ..models import FamilyTable, Game, Hand, TableGameSummary, db
from .errors import Conflict
from .game_state import state_of, state_of_write
from .games import load_game

# Held-card rows (one per player per hand) a table may hold: bounds what one client can pile
# up behind one table (its page and league read them all when no summary is stored).
MAX_TABLE_CARD_ROWS = 100_000
TABLE_FULL = N_("This family table is full: it holds as many hands as one table may (%(most)s entries "
                "of cards). Start a new table to play on.")


def summary_data(game_id: object, sheet: ScoreSheet, points: list, ended_at: datetime | None,
                 seats: list[tuple[str, int | None]], prior: dict | None = None) -> dict:
    """The summary as stored (JSON): `prior`, the summary of the same game with fewer hands
    and nothing else changed, saves going over its hands again."""
    names = sheet.players
    place = {name: i for i, name in enumerate(names)}
    scoring = sheet.team_scoring
    wins = list(prior["hand_wins"]) if prior else [0] * len(names)
    best = list(prior["best"]) if prior else [0] * len(names)
    for hand, hand_points in zip(sheet.hands[prior["hands"] if prior else 0:],
                                 points[prior["hands"] if prior else 0:]):
        i = place[hand.winner]
        won = scoring.won_by_going_out(hand.winner, hand_points) if scoring else sum(hand_points.values())
        wins[i] += 1
        best[i] = max(best[i], won)
    outcome = sheet.outcome()
    data = {"seats": [list(seat) for seat in seats], "finished": outcome.finished,
            "winners": [place[n] for n in outcome.winners], "hands": len(sheet.hands),
            "hand_wins": wins, "best": best,
            "partners": [[place[n] for n in team] for team in sheet.teams or ()],
            "team_totals": [total for _, total in scoring.rows(sheet.team_standings())] if scoring else [],
            "record": None}
    if outcome.finished and ended_at is not None:
        record = finished_game(game_id, ended_at, sheet)
        met, near = record.pairings
        data["record"] = {"at": ended_at.isoformat(), "totals": [record.totals[n] for n in names],
                          "winners": [place[n] for n in record.winners],
                          "met": [[place[a], place[b]] for a, b in met],
                          "near": [[place[a], place[b]] for a, b in near]}
    return data


def record_of(game_id: object, scoring: str, data: dict) -> FinishedGame | None:
    """The game's league record from its stored summary (None while it is not over)."""
    stored = data["record"]
    if stored is None:
        return None
    names = [name for name, _ in data["seats"]]
    pairings = tuple(tuple((names[a], names[b]) for a, b in stored[which]) for which in ("met", "near")) \
        if "met" in stored else None
    return FinishedGame(game_id, datetime.fromisoformat(stored["at"]), tuple(names), scoring,
                        dict(zip(names, stored["totals"])), tuple(names[i] for i in stored["winners"]),
                        teams=tuple(tuple(names[i] for i in team) for team in data["partners"]),
                        known_pairings=pairings)


def store_summary(game: Game) -> None:
    """In a write's transaction, once its changes are made: the game's summary at the version
    this write makes. Nothing for a game outside a table."""
    if game.table_id is None:
        return
    db.session.flush()  # the new version; the write's hands readable in this transaction
    state = state_of_write(game)  # kept only if this transaction commits
    if state is None:
        return
    row = db.session.get(TableGameSummary, game.id)
    only_added = (game.hands_reshaped_at or 0) < game.version  # this write changed no saved hand
    prior = row.data if (row is not None and row.data is not None and only_added
                         and row.version == game.version - 1 and row.data["hands"] <= len(state.keys)) else None
    data = state_summary(game, state, prior)
    if row is None:
        row = TableGameSummary(game_id=game.id, card_rows=0)
        db.session.add(row)
    card_rows = len(state.keys) * len(game.players)
    move_card_rows(game.table_id, card_rows - row.card_rows)
    # the change, for the table's overview (table_overview), once this transaction commits
    db.session.info.setdefault(WRITTEN, []).append(
        SummaryChange(game.table_id, game.id, row.version, row.data, game.version, data))
    row.version, row.data, row.card_rows = game.version, data, card_rows


WRITTEN = "table summaries written"  # session.info: this transaction's SummaryChange


class SummaryChange(NamedTuple):
    """One game's summary as a write found it and as it left it."""
    table_id: str
    game_id: str
    old_version: int | None
    old: dict | None
    version: int
    new: dict


def state_summary(game: Game, state, prior: dict | None = None) -> dict:
    """The game's summary as stored, from its state (game_state) at the game's version."""
    outcome = state.outcome
    ended_at = None
    if outcome.finished:  # when the hand that ended it was saved: the league counts it then
        ended_at = db.session.scalar(select(Hand.created_at).where(Hand.id == state.keys[outcome.ended_after - 1].row))
    return summary_data(game.id, state.sheet, state.points, ended_at,
                        [(p.name, p.roster_id) for p in game.players], prior)


def store_missing(table_id: str | None = None) -> int:
    """Store the summary of each table game (of one table, or all) that has none for its
    version: games from before migration 0011, games just restored. Each is read whole in one
    statement and written only if the game is still at that version and no newer summary
    was stored meanwhile (a save at the same moment wins). How many were stored."""
    games, summaries = Game.__table__, TableGameSummary.__table__
    stale = (select(games.c.id).join(summaries, summaries.c.game_id == games.c.id)
             .where(games.c.table_id == table_id if table_id else games.c.table_id.is_not(None),
                    or_(summaries.c.version.is_(None), summaries.c.version != games.c.version)))
    stored = 0
    for game_id in db.session.scalars(stale).all():
        db.session.rollback()  # each game read afresh, in its own transaction
        game = load_game(game_id)
        state = state_of(game, keep=False) if game is not None else None
        if state is None or state.version != game.version:
            continue
        done = db.session.execute(
            update(summaries).where(summaries.c.game_id == game_id,
                                    or_(summaries.c.version.is_(None), summaries.c.version < state.version),
                                    exists().where(games.c.id == game_id, games.c.version == state.version))
            .values(version=state.version, data=state_summary(game, state)))
        db.session.commit()
        stored += done.rowcount
    return stored


def move_card_rows(table_id: str, change: int) -> None:
    """The table's held-card count moved by `change`; an increase past the bound is refused
    (Conflict, and the caller's transaction rolls back). One statement, which on PostgreSQL
    waits for another game's save at the table and checks the bound again after it."""
    if change == 0:
        return
    tables = FamilyTable.__table__
    stmt = update(tables).where(tables.c.id == table_id).values(card_rows=tables.c.card_rows + change)
    if change > 0:
        stmt = stmt.where(tables.c.card_rows + change <= MAX_TABLE_CARD_ROWS)
    if db.session.execute(stmt).rowcount != 1:
        raise Conflict(say(TABLE_FULL, most=MAX_TABLE_CARD_ROWS))


def carry_summaries(games: list[Game], before: dict[str, int]) -> None:
    """Games whose seats were renamed or merged (`before`: each one's version before this
    write; the write is flushed): a summary true before is true again with the new seats."""
    rows = {r.game_id: r for r in db.session.scalars(
        select(TableGameSummary).where(TableGameSummary.game_id.in_([g.id for g in games])))}
    for game in games:
        row = rows.get(game.id)
        if row is not None and row.data is not None and row.version == before[game.id]:
            row.data = row.data | {"seats": [[p.name, p.roster_id] for p in game.players]}
            row.version = game.version
