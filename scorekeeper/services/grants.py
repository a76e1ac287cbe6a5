"""The writes of a phone's grants and visits (device_games, device_tables), each its own commit.

A phone's row for a game or a table: its sealed key (a grant) or none (a visit), and when
it was last used. Rows are written as plain statements (the callers read them as plain
columns, see access/grants.py). These commits are plain ones, not StorageFailure: a visit
is a write a page can do without, so its caller decides what a failure means.
"""
from __future__ import annotations

from typing import Iterable

from sqlalchemy import Table, insert, update
from sqlalchemy.exc import IntegrityError

from ..models import db, utcnow


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
