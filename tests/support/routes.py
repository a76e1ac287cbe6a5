"""Every route of the app, and a snapshot of every row: for tests that sweep them all."""
from __future__ import annotations

from flask import Flask
from sqlalchemy import select
from werkzeug.routing import IntegerConverter, Rule

from scorekeeper.database import PublicId
from scorekeeper.models import db

API_PREFIX = "/api/"
SAMPLE_STRINGS = {"edition": "classic", "filename": "app.css", "question": "play"}


def rules(app: Flask, method: str | None = None) -> list[Rule]:
    found = [r for r in app.url_map.iter_rules() if method is None or method in r.methods]
    return sorted(found, key=lambda r: (r.rule, r.endpoint))


def build(app: Flask, rule: Rule, game_id: str = "A" * 16, number: int = 1, **values) -> str:
    """The rule's path with sample values: this game, this hand, a known edition, and so on."""
    for name, converter in rule._converters.items():
        if name in values:
            continue
        if name == "game_id":
            values[name] = game_id
        elif isinstance(converter, PublicId):  # a table's id: the right shape, naming nothing
            values[name] = "A" * 16
        elif isinstance(converter, IntegerConverter):
            values[name] = number
        else:
            values[name] = SAMPLE_STRINGS.get(name, "x")
    return app.url_map.bind("localhost").build(rule.endpoint, values)


def is_api(rule: Rule) -> bool:
    return rule.rule.startswith(API_PREFIX)


def snapshot(app: Flask, only: tuple[str, ...] | None = None) -> dict[str, list[tuple]]:
    """Every row of every table (or of the tables named in `only`), in primary-key order."""
    with app.app_context():
        rows = {}
        for table in db.metadata.sorted_tables:
            if only is not None and table.name not in only:
                continue
            rows[table.name] = [tuple(r) for r in db.session.execute(
                select(table).order_by(*table.primary_key.columns))]
        db.session.rollback()
        return rows
