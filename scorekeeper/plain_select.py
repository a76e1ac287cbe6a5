"""A SELECT run straight on a DBAPI connection, for the hottest read of all.

Every phone polls every two seconds, and the poll is one indexed query. Through
`Connection.execute` that query costs three times what the database spends on it
(parameter processing, result wrapping), and a pool checkout and check-in (with
PostgreSQL's pre-ping and the rollback on return, two more round trips) cost more than the
query again. So it is compiled once per dialect and run on a connection each thread keeps
for it, in autocommit (each SELECT sees what is committed, and no transaction is left
open). Failures still surface as SQLAlchemy's `DBAPIError`, so the one error handler (503
when storage fails) sees them as it sees every other query.
"""
from __future__ import annotations

import os
import threading
import weakref
from collections import namedtuple
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Dialect, Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql import Select


class ThreadConnections:
    """One autocommit DBAPI connection per thread for an engine, kept out of its pool.

    Each is made by the pool (so the engine's connect-time setup, SQLite's pragmas, runs)
    and then detached from it. One that fails is closed; the next call opens a new one.
    They are all closed when the engine is disposed, and a forked process opens its own."""

    def __init__(self, engine: Engine) -> None:
        self._engine = weakref.ref(engine)
        self._local = threading.local()
        self._lock = threading.Lock()
        self._opened: list[Any] = []
        self._generation = 0  # bumped by close_all: a thread's older connection is closed
        event.listen(engine, "engine_disposed", lambda _engine: self.close_all())

    def get(self) -> tuple[Any, bool]:
        """This thread's connection, and whether it is new (not yet used)."""
        held = getattr(self._local, "held", None)
        if held is not None and held[0] == (os.getpid(), self._generation):
            return held[1], False
        engine = self._engine()
        assert engine is not None
        fairy = engine.raw_connection()
        fairy.detach()  # its own from now on: the pool neither resets nor recycles it
        connection = fairy.dbapi_connection
        connection.rollback()  # a pre-ping may have opened a transaction
        engine.dialect.set_isolation_level(connection, "AUTOCOMMIT")
        self._local.held = ((os.getpid(), self._generation), connection)
        with self._lock:
            self._opened.append(connection)
        return connection, True

    def drop(self) -> None:
        held, self._local.held = getattr(self._local, "held", None), None
        if held is not None:
            self._close(held[1])

    def close_all(self) -> None:
        with self._lock:
            opened, self._opened = self._opened, []
            self._generation += 1
        for connection in opened:
            self._close(connection)

    def _close(self, connection: Any) -> None:
        with self._lock:
            if connection in self._opened:
                self._opened.remove(connection)
        try:
            connection.close()
        except Exception:  # noqa: BLE001 (a broken connection may fail to close: it is gone)
            pass


_connections: weakref.WeakKeyDictionary[Engine, ThreadConnections] = weakref.WeakKeyDictionary()
_connections_lock = threading.Lock()


def thread_connections(engine: Engine) -> ThreadConnections:
    found = _connections.get(engine)
    if found is None:
        with _connections_lock:
            found = _connections.get(engine) or _connections.setdefault(engine, ThreadConnections(engine))
    return found


class PlainSelect:
    def __init__(self, statement: Select) -> None:
        self.statement = statement
        self.row_type = namedtuple("Row", statement.selected_columns.keys())  # type: ignore[misc]
        self._compiled: dict[str, tuple[str, list[tuple[str, Any]], bool, list]] = {}

    def first(self, engine: Engine, params: dict[str, Any]) -> Any | None:
        """The first row (with the statement's column names as attributes), or None."""
        sql, args, processors = self._bound(engine.dialect, params)
        row = self._fetch(engine, sql, args)
        if row is None:
            return None
        return self.row_type(*(value if convert is None or value is None else convert(value)
                               for convert, value in zip(processors, row)))

    def all_on(self, connection: Any, dialect: Dialect, params: dict[str, Any]) -> list[tuple]:
        """Every row, as plain tuples (no conversions), on `connection`: a DBAPI connection
        the caller holds, inside its transaction (services/game_rows.py reads a game's hands,
        cards and points this way, in one snapshot)."""
        sql, args, _ = self._bound(dialect, params)
        error = dialect.loaded_dbapi.Error
        try:
            cursor = connection.cursor()
            try:
                cursor.execute(sql, args)
                return cursor.fetchall()
            finally:
                cursor.close()
        except error as err:  # the database went away mid-write: SQLAlchemy's error, so a 503
            lost = dialect.is_disconnect(err, connection, None)
            raise DBAPIError.instance(sql, args, err, error, connection_invalidated=lost) from err

    def _bound(self, dialect: Dialect, params: dict[str, Any]) -> tuple[str, Any, list]:
        """The compiled SQL, its arguments in the driver's style, and the row's converters."""
        sql, binds, positional, processors = self._compile(dialect)
        values = [params[name] if name in params else fixed for name, fixed in binds]
        args: Any = values if positional else dict(zip((name for name, _ in binds), values))
        return sql, args, processors

    @staticmethod
    def _fetch(engine: Engine, sql: str, args: Any) -> Any:
        """One row from this thread's connection; a connection that fails after serving
        before (the database restarted) is replaced once."""
        error = engine.dialect.loaded_dbapi.Error
        connections = thread_connections(engine)
        while True:
            new = True
            try:
                connection, new = connections.get()  # refused: the pool raises DBAPIError
                cursor = connection.cursor()
                try:
                    cursor.execute(sql, args)
                    return cursor.fetchone()
                finally:
                    cursor.close()
            except error as err:
                connections.drop()
                if new:
                    raise DBAPIError.instance(sql, args, err, error) from err

    def _compile(self, dialect: Dialect) -> tuple[str, list[tuple[str, Any]], bool, list]:
        known = self._compiled.get(dialect.name)
        if known is None:
            compiled = self.statement.compile(dialect=dialect)
            names = compiled.positiontup if dialect.positional else list(compiled.binds)
            binds = [(name, compiled.binds[name].value) for name in names]
            processors = [column.type.dialect_impl(dialect).result_processor(dialect, None)  # SQLite's dates
                          for column in self.statement.selected_columns]
            known = (str(compiled), binds, bool(dialect.positional), processors)
            self._compiled[dialect.name] = known
        return known
