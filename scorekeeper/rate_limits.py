"""How much one client (one IP address) may create per minute: a public server's bound on
work it can be made to do and rows it can be made to store.

The numbers are far above what a family meets (see docs/operating.md, "Rate limits"): a game night
creates a handful of games, asks the judge a few dozen questions, restores a backup once,
downloads one or two.
Flask-Limiter counts in memory by default (per process: with 2 workers a client can get up
to twice the numbers); several servers share counts through RATELIMIT_STORAGE_URI,
e.g. redis://host:6379 or memcached://host:11211.
"""
from __future__ import annotations

import math
import threading
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
_reserving = threading.Lock()  # one restore's check and count at a time (reserve_creations)


def _configured(name: str):
    return lambda: current_app.config[name]


# One budget for everything that makes a new game or table: decorate a view with it
# (`@creation_limit`), whichever blueprint it is in.
creation_limit = limiter.shared_limit(_configured("RATELIMIT_CREATION"), scope="creation",
                                      methods=["POST"])
restore_limit = limiter.shared_limit(_configured("RATELIMIT_RESTORE"), scope="restore",
                                     methods=["POST"])
judge_limit = limiter.shared_limit(_configured("RATELIMIT_JUDGE"), scope="judge")
export_limit = limiter.shared_limit(_configured("RATELIMIT_EXPORT"), scope="export")


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
    "tables.backup": export_limit,
    "backup.export_game_json": export_limit,
    "backup.export_game_csv": export_limit,
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


def daily_creations() -> int | None:
    """How many games the creation limit's longest window allows (None: no limit): the most
    one restore from the web may add."""
    if not current_app.config["RATELIMIT_ENABLED"]:
        return None
    items, _ = _creation_budget()
    return max(items, key=lambda item: item.get_expiry()).amount if items else None


def reserve_creations(count: int) -> bool:
    """Check and count `count` new games (a restore's) in one step, so restores running at
    once cannot all pass the check before any is counted; False, and nothing counted, when
    they do not fit.

    They must fit in the longest window (the day's). A shorter window they are too many for
    (20 a minute, a family's backup of 59 games) they may fill at once when it is unused,
    and nothing more is created until it passes: a family's own backup restores, and a
    stranger still makes no more than the day allows."""
    if not current_app.config["RATELIMIT_ENABLED"] or count <= 0:
        return True
    items, args = _creation_budget()
    longest = max(items, key=lambda item: item.get_expiry(), default=None)
    with _reserving:
        for item in items:
            used = item.amount - limiter.limiter.get_window_stats(item, *args).remaining
            fits = used + count <= item.amount
            if not fits and (item is longest or used > 0):
                return False
        for item in items:
            limiter.limiter.hit(item, *args, cost=count)
    return True
