"""Who may keep score at a table, and which tables a phone knows.

A phone is its device cookie (devices.py), its rows the grants of grants.py, as for games
(games.py): creating a table or opening its keep-score link grants the phone the table, a
device_tables row holding the table's key sealed with the device id, so the right outlasts
a browser restart. A table key
opens every game of the table, because each of them shares the table's key hash. Tables a
phone only opened are remembered too, the VISITS_KEPT most recent ones, for its home page.
The only module that reads device_tables (written through grants.py and services/grants.py).
"""
from __future__ import annotations

from flask import g, session
from sqlalchemy import bindparam, select

from ..models import DeviceTable, FamilyTable, db
from ..services import tables
from ..services.keys import hash_opens
from . import visits
from .devices import device_hash, device_id
from .grants import DeviceRows, allowed_or_403, found_or_404

VISITS_KEPT = 20  # tables a phone only watched, remembered for its home page
HOME_TABLES = 20  # tables on a phone's home page, most recently used first


_rows = DeviceRows(DeviceTable, "table_id", "table-key")


def remember_table_key(table_id: str, key: str) -> None:
    """This phone may keep score at the table from now on (until its cookie is gone)."""
    _rows.grant(table_id, key)
    g.pop("table_keys_opening", None)


def remember_table_visit(table_id: str) -> None:
    """The phone opened the table's page: it shows on its home page (see DeviceRows.visit)."""
    _rows.visit(table_id, VISITS_KEPT)


def _move_session_keys() -> None:
    """Keys an older version kept in the session cookie move to the server, once."""
    if "table_keys" in session:
        for table_id, key in dict(session.pop("table_keys")).items():
            if tables.load_table(table_id) is not None:
                remember_table_key(table_id, key)


def table_key_for(table_id: str) -> str | None:
    """The table's key this phone holds, if any."""
    _move_session_keys()
    return _rows.key(table_id)


_granted, _tables = DeviceTable.__table__, FamilyTable.__table__
_TABLE_KEY_OPENING = (  # built once: a keeper's and a watcher's polls ask it
    select(_granted.c.table_id, _granted.c.sealed_key)
    .join(_tables, _tables.c.id == _granted.c.table_id)
    .where(_granted.c.device_hash == bindparam("device_hash"), _granted.c.sealed_key.is_not(None),
           _tables.c.edit_key_hash == bindparam("key_hash")))


def table_key_in(table_id: str, sealed_key: str) -> str | None:
    """The table key this phone sealed in its grant for the table."""
    return _rows.unseal(table_id, sealed_key)


def table_key_opening(key_hash: str) -> str | None:
    """A table key this phone holds that matches a game's key hash, if any: one query, once
    a request (or none, when the poll's statement already found it: knows_table_key_opening)."""
    known = g.setdefault("table_keys_opening", {})
    if key_hash in known:
        return known[key_hash]
    _move_session_keys()
    device = device_id()
    if device is None:
        return None
    row = db.session.execute(_TABLE_KEY_OPENING, {"device_hash": device_hash(device),
                                                  "key_hash": key_hash}).first()
    return knows_table_key_opening(key_hash, None if row is None else _rows.unseal(row.table_id, row.sealed_key))


def knows_table_key_opening(key_hash: str, key: str | None) -> str | None:
    """This request found `key`, the table key of this phone's that a game's key hash names
    (None: none): table_key_opening answers from it for the rest of the request."""
    key = key if hash_opens(key_hash, key) else None
    g.setdefault("table_keys_opening", {})[key_hash] = key
    return key


def my_tables() -> list[FamilyTable]:
    """The tables this phone created, joined or opened, most recently used first (bounded:
    the cost follows what the phone knows, never the number of tables on the server)."""
    stmt = _rows.recent(FamilyTable, HOME_TABLES)
    if stmt is not None:
        visits.write_pending(device_hash(device_id()))  # what this phone just opened shows too
    return [] if stmt is None else list(db.session.scalars(stmt))


def can_keep(table: FamilyTable) -> bool:
    return hash_opens(table.edit_key_hash, table_key_for(table.id))


def table_or_404(table_id: str) -> FamilyTable:
    return found_or_404(tables.load_table(table_id))


def kept_table_or_403(table_id: str) -> FamilyTable:
    return allowed_or_403(table_or_404(table_id), can_keep)
