"""A SELECT run straight on the pool's DBAPI connection, for the hottest read of all.

Every phone polls every two seconds, and the poll is one indexed query. Through
`Connection.execute` that query costs three times what the database spends on it
(parameter processing, result wrapping); here it is compiled once per dialect and run
on the raw cursor. Failures still surface as SQLAlchemy's `DBAPIError`, so the one
error handler (503 when storage fails) sees them as it sees every other query.
"""
from __future__ import annotations

from collections import namedtuple
from typing import Any

from sqlalchemy.engine import Dialect, Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql import Select


class PlainSelect:
    def __init__(self, statement: Select) -> None:
        self.statement = statement
        self.row_type = namedtuple("Row", statement.selected_columns.keys())  # type: ignore[misc]
        self._compiled: dict[str, tuple[str, list[tuple[str, Any]], bool, list]] = {}

    def first(self, engine: Engine, params: dict[str, Any]) -> Any | None:
        """The first row (with the statement's column names as attributes), or None."""
        sql, binds, positional, processors = self._compile(engine.dialect)
        values = [params[name] if name in params else fixed for name, fixed in binds]
        args: Any = values if positional else dict(zip((name for name, _ in binds), values))
        error = engine.dialect.loaded_dbapi.Error
        try:
            connection = engine.raw_connection()  # a refused connection is an error too
        except error as err:
            raise DBAPIError.instance(sql, args, err, error) from err
        try:
            cursor = connection.cursor()
            try:
                cursor.execute(sql, args)
                row = cursor.fetchone()
            finally:
                cursor.close()
        except error as err:
            raise DBAPIError.instance(sql, args, err, error) from err
        finally:
            connection.close()  # back to the pool, rolled back like any other
        if row is None:
            return None
        return self.row_type(*(value if convert is None or value is None else convert(value)
                               for convert, value in zip(processors, row)))

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
