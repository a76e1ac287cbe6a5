"""A family table's league seasons: the keeper starts a new one; the old ones stay readable.

Season 1 runs from the table's start and has no row; each later season is a row in
table_seasons (models.TableSeason). A game counts in the season in which it ended."""
from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from ..models import TableSeason, db, utcnow
from . import storage
from .tables import get_table


def start_season(table_id: object) -> int:
    """Start the next season now (the caller has checked the key); its number. Two phones
    starting one at the same moment start one season."""
    table = get_table(table_id)
    number = (db.session.scalar(select(func.max(TableSeason.number))
                                .where(TableSeason.table_id == table.id)) or 1) + 1
    db.session.add(TableSeason(table_id=table.id, number=number, started_at=utcnow()))
    table.updated_at = utcnow()  # the table's stamp changes: its stats and league are read afresh
    try:
        storage.commit()
    except IntegrityError:
        db.session.rollback()
        pass  # the other phone started this very season: it stands
    return number
