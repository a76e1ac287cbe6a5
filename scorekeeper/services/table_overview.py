"""A family table's overview: what its page shows, stored per table stamp.

A worker that has kept nothing of a table (just started, or the table fell out of its keep)
would combine every game's summary to show the table's page: at 500 games that is most of
the look. So every request that commits a change to a table or one of its games stores,
after its commit, the page's players, current league and first games of each list: moved by
that one game's hands when the write only moved hands in a game still going, else made the
way any look makes them (table_stats, which this worker keeps and brings up to date game by
game). A worker's first look reads that one row when it is true for the table's stamp;
otherwise (a write whose storing failed, two writes crossing) it combines the summaries as
before, so a stale row never shows a wrong number.

Which tables a request changed is noted by the session as it flushes (`_note`), kept only if
the transaction commits, and stored once per table when the request ends (`store_changed`).
"""
from __future__ import annotations

import logging
from dataclasses import asdict
from datetime import datetime
from itertools import chain

from flask import Flask
from sqlalchemy import event, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session

from ..models import FamilyTable, Game, TableOverview, TableSeason, db
from . import table_stats
from .errors import ServiceError
from .table_summaries import WRITTEN, SummaryChange
from .tables import stamp_text, table_stamp

log = logging.getLogger(__name__)

CHANGING = "tables changing"  # session.info: tables this transaction changed (until it commits)
CHANGED = "tables changed"  # session.info: tables committed changes to (until the request ends)
COMMITTED_SUMMARIES = "table summaries committed"  # session.info: SummaryChange, until the request ends


def overview_of(summary) -> dict:
    """A table summary's page, as stored (JSON)."""
    return {
        "name": summary.name,
        "players": [asdict(p) for p in summary.players],
        "seasons": [[s.number, _iso(s.started_at), _iso(s.ended_at)] for s in summary.seasons],
        "league": [asdict(row) for row in summary.league()],
        "blocks": [[b.system, b.games, [asdict(row) for row in b.rows]] for b in summary.league_blocks()],
        "sections": [[[[g.id, g.started.isoformat(), g.scoring, g.data] for g in section.games], section.count]
                     for section in (summary.section(False), summary.section(True))],
    }


def store(table_id: str, written: list[SummaryChange] = ()) -> None:
    """Store the table's overview at its stamp now, unless the stored one is already true:
    moved by the one game's summary this request wrote (`written`) when that is all that
    changed since the stored one, else made afresh. Never stored when the table changed while
    it was being made (that change's own request stores it). A failure (full disk) leaves the
    stored one stale: looks combine the games' summaries instead, and the table's next write
    stores it again."""
    try:
        stamp = table_stamp(table_id)
        if stamp is None:
            return
        text = stamp_text(stamp)
        row = db.session.execute(select(TableOverview.stamp, TableOverview.data)
                                 .where(TableOverview.table_id == table_id)).first()
        if row is not None and row.stamp == text:
            return
        data = _moved(row, stamp, written) if row is not None else None
        if data is not None:  # only over the overview it moved
            done = db.session.execute(update(TableOverview).where(
                TableOverview.table_id == table_id, TableOverview.stamp == row.stamp).values(stamp=text, data=data))
        else:
            data = overview_of(table_stats.table_summary(table_id, stamp, read_stored=False))
            if table_stamp(table_id) != stamp:  # what was read may be newer than `stamp`
                db.session.rollback()
                return
            done = db.session.execute(update(TableOverview).where(TableOverview.table_id == table_id)
                                      .values(stamp=text, data=data))
            if done.rowcount == 0:
                db.session.add(TableOverview(table_id=table_id, stamp=text, data=data))
        db.session.commit()
    except (SQLAlchemyError, ServiceError) as err:  # IntegrityError: another worker stored it first
        db.session.rollback()
        if not isinstance(err, IntegrityError):
            log.warning("table %s: overview not stored (%s)", table_id, type(err).__name__)


def _moved(row, stamp: tuple, written: list[SummaryChange]) -> dict | None:
    """The stored overview (`row`) moved by the one summary written, when it was true just
    before that write (its stamp is the one this write's version step leads from) and the
    write only moved hands in a game still going (the evening's usual save): its players'
    hands and best hands, and the game's line if it is listed. None: made afresh instead."""
    if len(written) != 1:
        return None
    change = written[0]
    old, new = change.old, change.new
    if old is None or change.old_version is None or old["finished"] or new["finished"] \
            or old["seats"] != new["seats"] or any(b < a for a, b in zip(old["best"], new["best"])):
        return None
    if row.stamp != stamp_text((stamp[0], stamp[1], stamp[2] - (change.version - change.old_version))):
        return None
    data = row.data
    players = {p["id"]: p for p in data["players"]}
    for i, (_, roster_id) in enumerate(new["seats"]):
        person = players.get(roster_id)
        if person is None:
            return None
        person["hands_played"] += new["hands"] - old["hands"]
        person["hands_won"] += new["hand_wins"][i] - old["hand_wins"][i]
        person["best_hand"] = max(person["best_hand"], new["best"][i])
    for entry in data["sections"][0][0]:  # the games in progress the page lists
        if entry[0] == change.game_id:
            entry[3] = new
    return data


def store_changed() -> None:
    """Store the overview of each table this request committed a change to."""
    if not db.session.registry.has():  # no session: nothing was written (most looks and polls)
        return
    written = db.session.info.pop(COMMITTED_SUMMARIES, [])
    for table_id in sorted(db.session.info.pop(CHANGED, ())):
        store(table_id, [w for w in written if w.table_id == table_id])


@event.listens_for(Session, "before_flush")
def _note(session: Session, _context, _instances) -> None:
    changing = session.info.setdefault(CHANGING, set())
    for row in chain(session.new, session.dirty, session.deleted):
        if isinstance(row, FamilyTable):
            changing.add(row.id)
        elif isinstance(row, (Game, TableSeason)):
            table_id = row.__dict__.get("table_id")  # never loaded here: a flush must not read
            if table_id is not None:
                changing.add(table_id)


@event.listens_for(Session, "after_commit")
def _committed(session: Session) -> None:
    changed = session.info.pop(CHANGING, set())
    if changed:
        session.info.setdefault(CHANGED, set()).update(changed)
    session.info.setdefault(COMMITTED_SUMMARIES, []).extend(session.info.pop(WRITTEN, ()))


@event.listens_for(Session, "after_rollback")
def _rolled_back(session: Session) -> None:
    session.info.pop(CHANGING, None)
    session.info.pop(WRITTEN, None)


def init_app(app: Flask) -> None:
    @app.after_request
    def store_overviews(response):
        store_changed()
        return response


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()
