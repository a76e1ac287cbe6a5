"""Which phone may change a game, and which games a phone knows.

A phone is its device cookie (devices.py), its rows the grants of grants.py. Creating a game, a rematch, a restore or a
keep-score link grants the phone that game: a device_games row holding the edit key
sealed with the device id. Grants are never dropped. Games a phone only opened are
remembered too, the VISITS_KEPT most recent ones, for its home page.
The only module that reads device_games (stamp_with_rights also reads this phone's table
grants, in the same statement, for the hottest path); it writes them only through grants.py,
services/grants.py and visits.py (watched games, in batches). A table keeper's right to a
table's game comes from the table's grant on every look: looking writes nothing.
"""
from __future__ import annotations

from flask import session
from sqlalchemy import and_, bindparam, select
from sqlalchemy.orm import selectinload

from ..models import DeviceGame, DeviceTable, FamilyTable, Game, db
from ..plain_select import PlainSelect
from ..services import games, grants
from ..ids import looks_like_public_id
from ..services.keys import hash_opens
from . import visits
from .devices import device_hash, device_id
from .grants import DeviceRow, DeviceRows, allowed_or_403, found_or_404
from .tables import knows_table_key_opening, table_key_in, table_key_opening

VISITS_KEPT = 50  # games a phone only watched, remembered for its home page
HOME_GAMES = 60  # games on a phone's home page, most recently used first


_rows = DeviceRows(DeviceGame, "game_id", "edit-key")


def remember_key(game_id: str, key: str) -> None:
    """This phone may edit the game from now on (until its cookie is gone)."""
    _rows.grant(game_id, key)


def remember_new_games(keys: dict[str, str]) -> None:
    """This phone may edit these games, just made (a restore): one commit for them all."""
    device = device_id(create=True)
    mine = device_hash(device)
    grants.add_rows([DeviceGame(device_hash=mine, game_id=game_id, sealed_key=_rows.seal(game_id, key))
                     for game_id, key in keys.items()])
    _rows.forget()


def remember_visit(game_id: str) -> None:
    """The phone opened the game: it shows on its home page (see DeviceRows.visit)."""
    _rows.visit(game_id, VISITS_KEPT)


def key_for(game_id: str) -> str | None:
    """The edit key this phone holds for the game, if any: its own, or the key of a family
    table it keeps that opens the game."""
    own = _rows.key(game_id)
    if own is not None:
        return own
    stamp = games.game_stamp(game_id)
    return None if stamp is None else table_key_opening(stamp[1])


def key_hash_opens(game_id: str, key_hash: str) -> bool:
    """Whether this phone's key matches a game's stored hash (no need to load the game).

    A family table's key opens each of its games. Looking writes nothing: the table's key is
    found through the table's grant every time, never copied into a row for the game."""
    return hash_opens(key_hash, _rows.key(game_id)) or table_key_opening(key_hash) is not None


_G, _DG = Game.__table__, DeviceGame.__table__
_DT, _FT = DeviceTable.__table__, FamilyTable.__table__
_STAMP_WITH_RIGHTS = PlainSelect(  # built once: every poll and scoreboard asks it
    select(_G.c.version, _G.c.edit_key_hash, _DG.c.id.label("row_id"), _DG.c.sealed_key,
           _DG.c.last_used_at, _DT.c.table_id, _DT.c.sealed_key.label("table_sealed_key"))
    .select_from(_G.outerjoin(_DG, and_(_DG.c.game_id == _G.c.id,
                                        _DG.c.device_hash == bindparam("device_hash")))
                 .outerjoin(_DT.join(_FT, _FT.c.id == _DT.c.table_id),
                            and_(_DT.c.device_hash == bindparam("device_hash"),
                                 _DT.c.sealed_key.is_not(None), _FT.c.edit_key_hash == _G.c.edit_key_hash)))
    .where(_G.c.id == bindparam("game_id"), _G.c.restore_batch.is_(None)).limit(1))


def stamp_with_rights(game_id: str) -> tuple[int, bool] | None:
    """The game's version and whether this phone keeps score (None: no such game).

    Polls and scoreboards ask this: one statement on the raw connection (the game's stamp, this
    phone's row for the game, a table key of this phone that opens it), no ORM objects."""
    device = device_id()
    if device is None or "table_keys" in session:  # nothing to read, or old keys to move first
        stamp = games.game_stamp(game_id)
        return None if stamp is None else (stamp[0], key_hash_opens(game_id, stamp[1]))
    if not looks_like_public_id(game_id):
        return None
    row = _STAMP_WITH_RIGHTS.first(db.engine, {"game_id": game_id, "device_hash": device_hash(device)})
    if row is None:
        return None
    _rows.remember(game_id, None if row.row_id is None else
                   DeviceRow(row.row_id, row.sealed_key, row.last_used_at))
    sealed = row.sealed_key
    if sealed is not None and hash_opens(row.edit_key_hash, _rows.unseal(game_id, sealed, device)):
        return row.version, True
    table_key = None if row.table_id is None else table_key_in(row.table_id, row.table_sealed_key)
    return row.version, knows_table_key_opening(row.edit_key_hash, table_key) is not None


def can_edit(game: Game) -> bool:
    return key_hash_opens(game.id, game.edit_key_hash)


def my_games() -> list[Game]:
    """The games this phone created, joined or opened, most recently used first: their rows
    and players, not their hands.

    One query over this phone's rows: the cost follows what the phone knows, never the
    number of games on the server."""
    stmt = _rows.recent(Game, HOME_GAMES)
    if stmt is not None:
        visits.write_pending(device_hash(device_id()))  # what this phone just opened shows too
    return [] if stmt is None else list(db.session.scalars(stmt.options(selectinload(Game.players))))


def game_or_404(game_id: str) -> Game:
    return found_or_404(games.load_game(game_id))


def editable_game_or_403(game_id: str) -> Game:
    return allowed_or_403(game_or_404(game_id), can_edit)
