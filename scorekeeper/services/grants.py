"""The writes of a phone's grants and visits (device_games, device_tables), each its own commit.

A phone's row for a game or a table: its sealed key (a grant) or none (a visit), and when
it was last used. Rows are written as plain statements (the callers read them as plain
columns, see access/grants.py). These commits are plain ones, not StorageFailure: a visit
is a write a page can do without, so its caller decides what a failure means.
"""
from __future__ import annotations

from datetime import datetime
from typing import Iterable

from sqlalchemy import Table, delete, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError

from ..models import FamilyTable, Game, db, utcnow

_THINGS = {"device_games": Game.__table__, "device_tables": FamilyTable.__table__}


def save_row(table: Table, column: str, row_id: int | None, device_hash: str, thing_id: str,
             sealed_key: str | None) -> bool:
    """Insert or refresh a phone's row (keeping a grant it already has); False when another
    request of the same phone inserted it first (two tabs at once), nothing written then."""
    values = {"last_used_at": utcnow()}
    if sealed_key is not None:
        values["sealed_key"] = sealed_key
    if row_id is not None:
        db.session.execute(update(table).where(table.c.id == row_id).values(**values))
    else:
        db.session.execute(insert(table).values(device_hash=device_hash, **{column: thing_id}, **values))
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        return False
    return True


def add_rows(rows: Iterable[object]) -> None:
    """New grant rows (a restore's games), one commit for them all."""
    db.session.add_all(rows)
    db.session.commit()


def write_visits(visits: list[tuple[type, str, int, str, str, datetime]]) -> None:
    """Visits noted by views (access/visits.py), each (model, its thing's column, visits kept
    per phone, device hash, thing id, when), written in one transaction of its own (beside
    the request's session): a row per phone and thing (a grant keeps its key), then each
    phone's oldest watched rows beyond what is kept are forgotten."""
    with db.engine.begin() as connection:
        dialect = sqlite if connection.dialect.name == "sqlite" else postgresql
        by_model: dict[tuple, list] = {}
        for model, column, kept, device_hash, thing_id, at in visits:
            by_model.setdefault((model, column, kept), []).append((device_hash, thing_id, at))
        for (model, column, kept), rows in by_model.items():
            table = model.__table__
            things = _THINGS[table.name]
            exist = set(connection.scalars(select(things.c.id).where(
                things.c.id.in_({thing_id for _, thing_id, _ in rows}))))  # one deleted since: no row
            values = [{"device_hash": device, column: thing_id, "created_at": at, "last_used_at": at}
                      for device, thing_id, at in rows if thing_id in exist]
            if not values:
                continue
            upsert = dialect.insert(table)
            connection.execute(upsert.on_conflict_do_update(
                index_elements=["device_hash", column], set_={"last_used_at": upsert.excluded.last_used_at}),
                values)
            for device in {v["device_hash"] for v in values}:
                _forget_old_visits(connection, model, device, kept)


def _forget_old_visits(connection, model, device_hash: str, kept: int) -> None:
    """Keep only the `kept` most recent rows the phone has without a grant (watched only)."""
    watched = (model.device_hash == device_hash, model.sealed_key.is_(None))
    recent = (select(model.id).where(*watched)
              .order_by(model.last_used_at.desc(), model.id.desc()).limit(kept))
    connection.execute(delete(model).where(*watched, model.id.not_in(select(recent.subquery().c.id))))
