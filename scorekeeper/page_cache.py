"""What a process keeps per game version: rendered scoreboards (a phone looking again costs a
lookup, not a render) and what a list of games shows of each game. A version never changes, so
what is kept under it stays true.

Keys carry the game's version, read from the database on every request: a cache in each
server process stays correct however many servers share the database.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable, Hashable

from flask import current_app


class VersionCache:
    def __init__(self, size: int = 256):
        self.size = size
        self._pages: OrderedDict[Hashable, object] = OrderedDict()
        self._lock = threading.Lock()

    def get_or_render(self, key: Hashable, render: Callable[[], tuple[Hashable | None, object]]):
        """The page under `key`; else `render()`, which returns the key it really rendered and the page.

        The rendered key may be newer than the asked one (a hand saved in between): the page
        is stored under what it shows, never under a version it does not match. A key of
        None means the page is for this request only and is not stored.
        """
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
                return page
        rendered_key, page = render()
        if rendered_key is None:
            return page
        with self._lock:
            self._pages[rendered_key] = page
            self._pages.move_to_end(rendered_key)
            while len(self._pages) > self.size:
                self._pages.popitem(last=False)
        return page

    def clear(self) -> None:
        with self._lock:
            self._pages.clear()


def app_cache(name: str, size: int = 256) -> VersionCache:
    """This app's cache called `name`: each app (and so each database) has its own."""
    kept = current_app.extensions.get(name)
    if kept is None:  # not setdefault(..., VersionCache()): that would build one per request
        kept = current_app.extensions.setdefault(name, VersionCache(size))
    return kept


def board_pages() -> VersionCache:
    return app_cache("board_pages")
