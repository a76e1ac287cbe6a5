"""Who may keep score at a table: the browser holding the table's edit key.

The one module that decides it, so the storage (today the session cookie, through
edit_rights) can change in one place. A table key opens every game of the table,
because each of them shares the table's key hash.
"""
from __future__ import annotations

from flask import abort, session

from ..edit_rights import remember_key
from ..models import FamilyTable
from ..services import tables
from ..services.keys import hash_opens

TABLE_KEYS_KEPT = 10


def remember_table_key(table_id: str, key: str) -> None:
    keys = dict(session.get("table_keys", {}))
    keys.pop(table_id, None)
    keys[table_id] = key
    session["table_keys"] = dict(list(keys.items())[-TABLE_KEYS_KEPT:])


def table_key_for(table_id: str) -> str | None:
    return session.get("table_keys", {}).get(table_id)


def table_key_opening(key_hash: str) -> str | None:
    """A table key this browser holds that matches a game's key hash, if any."""
    return next((k for k in session.get("table_keys", {}).values() if hash_opens(key_hash, k)), None)


def can_keep(table: FamilyTable) -> bool:
    return hash_opens(table.edit_key_hash, table_key_for(table.id))


def grant_game(game_id: object, key: str) -> None:
    remember_key(game_id, key)


def table_or_404(table_id: str) -> FamilyTable:
    table = tables.load_table(table_id)
    if table is None:
        abort(404)
    return table


def kept_table_or_403(table_id: str) -> FamilyTable:
    table = table_or_404(table_id)
    if not can_keep(table):
        abort(403)
    return table
