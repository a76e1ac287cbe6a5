"""A family table's overview: what its page shows, stored per table stamp.

A worker that has kept nothing of a table (just started, or the table fell out of its keep)
would combine every game's summary to show the table's page: at 500 games that is most of
the look. So every request that commits a change to a table or one of its games stores,
after its commit, the page's players, current league and first games of each list, made the
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
from .tables import stamp_text, table_stamp

log = logging.getLogger(__name__)

CHANGING = "tables changing"  # session.info: tables this transaction changed (until it commits)
CHANGED = "tables changed"  # session.info: tables committed changes to (until the request ends)


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


def store(table_id: str) -> None:
    """Store the table's overview at its stamp now, unless the stored one is already true. A
    failure (full disk, a crossing write) leaves the stored one stale: looks combine the
    games' summaries instead, and the table's next write stores it again."""
    try:
        stamp = table_stamp(table_id)
        if stamp is None:
            return
        text = stamp_text(stamp)
        if db.session.scalar(select(TableOverview.stamp).where(TableOverview.table_id == table_id)) == text:
            return
        data = overview_of(table_stats.table_summary(table_id, stamp, read_stored=False))
        done = db.session.execute(update(TableOverview).where(TableOverview.table_id == table_id)
                                  .values(stamp=text, data=data))
        if done.rowcount == 0:
            db.session.add(TableOverview(table_id=table_id, stamp=text, data=data))
        db.session.commit()
    except (SQLAlchemyError, ServiceError) as err:  # IntegrityError: another worker stored it first
        db.session.rollback()
        if not isinstance(err, IntegrityError):
            log.warning("table %s: overview not stored (%s)", table_id, type(err).__name__)


def store_changed() -> None:
    """Store the overview of each table this request committed a change to."""
    if not db.session.registry.has():  # no session: nothing was written (most looks and polls)
        return
    for table_id in sorted(db.session.info.pop(CHANGED, ())):
        store(table_id)


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


@event.listens_for(Session, "after_rollback")
def _rolled_back(session: Session) -> None:
    session.info.pop(CHANGING, None)


def init_app(app: Flask) -> None:
    @app.after_request
    def store_overviews(response):
        store_changed()
        return response


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()
