"""How much one client (one IP address) may create per minute: a public server's bound on
work it can be made to do and rows it can be made to store.

The numbers are far above what a family meets (see docs/operating.md, "Rate limits"): a game night
creates a handful of games, asks the judge a few dozen questions, restores a backup once.
Flask-Limiter counts in memory by default (per process: with 3 workers a client can get up
to 3 times the numbers); several servers share counts through RATELIMIT_STORAGE_URI,
e.g. redis://host:6379 or memcached://host:11211.
"""
from __future__ import annotations

import math
import time

from flask import Flask, current_app
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import parse_many

from .settings import SETTINGS

# The limits' defaults and meaning are in settings.py with every other setting. Each app sets
# all of them (RATELIMIT_ENABLED too: Flask-Limiter would otherwise keep the last app's choice).
DEFAULTS = {s.name: s.default for s in SETTINGS if s.name.startswith("RATELIMIT_")}

limiter = Limiter(key_func=get_remote_address)


def _configured(name: str):
    return lambda: current_app.config[name]


# One budget for everything that makes a new game or table: decorate a view with it
# (`@creation_limit`), whichever blueprint it is in.
creation_limit = limiter.shared_limit(_configured("RATELIMIT_CREATION"), scope="creation",
                                      methods=["POST"])
restore_limit = limiter.shared_limit(_configured("RATELIMIT_RESTORE"), scope="restore",
                                     methods=["POST"])
judge_limit = limiter.shared_limit(_configured("RATELIMIT_JUDGE"), scope="judge")


# The app's own limited endpoints, listed in one place.
LIMITED = {
    "scorepad.new_game": creation_limit,
    "scoreboard.rematch": creation_limit,
    "api.create_game": creation_limit,
    "api.create_table": creation_limit,
    "tables.new_table": creation_limit,
    "tables.start_game": creation_limit,
    "tables.rematch": creation_limit,
    "backup.restore_upload": restore_limit,
    "tables.restore_backup": restore_limit,
    "api.api_judge": judge_limit,
    "api.api_referee": judge_limit,
    "judge.judge_question": judge_limit,
    "referee.referee_page": judge_limit,
    "referee.referee_form": judge_limit,
}


def init_app(app: Flask) -> None:
    """After the blueprints are registered: wrap the limited views, start counting."""
    for endpoint, limit in LIMITED.items():  # a renamed endpoint fails here, not silently
        app.view_functions[endpoint] = limit(app.view_functions[endpoint])
    limiter.init_app(app)


def retry_after() -> int:
    """Seconds until the limit this request broke lets the client in again (for Retry-After)."""
    broken = limiter.current_limit
    if broken is None:
        return 60
    return max(1, math.ceil(broken.reset_at - time.time()))


def _creation_budget() -> tuple[list, list[str]]:
    """The creation limits and this client's key in them, as `creation_limit` counts them."""
    args = [get_remote_address(), "creation"]
    if limiter._key_prefix:  # noqa: SLF001 - the same key Flask-Limiter builds for the shared limit
        args = [limiter._key_prefix, *args]  # noqa: SLF001
    return list(parse_many(current_app.config["RATELIMIT_CREATION"])), args


def creations_left(count: int) -> bool:
    """Whether this client may still create `count` games (a restore's) under the creation limit."""
    if not current_app.config["RATELIMIT_ENABLED"] or count <= 0:
        return True
    items, args = _creation_budget()
    return all(limiter.limiter.test(item, *args, cost=count) for item in items)


def count_creations(count: int) -> None:
    """`count` games made (a restore's): counted as that many creations."""
    if not current_app.config["RATELIMIT_ENABLED"] or count <= 0:
        return
    items, args = _creation_budget()
    for item in items:
        limiter.limiter.hit(item, *args, cost=count)
