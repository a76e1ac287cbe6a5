"""What this process remembers about a game per version: a version never changes, so a
remembered fact stays true; a new write makes a new version and a new key."""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Hashable

from flask import current_app


class VersionFacts:
    def __init__(self, size: int = 4096):
        self.size = size
        self._facts: OrderedDict[Hashable, object] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable):
        with self._lock:
            return self._facts.get(key)

    def get_many(self, keys: list) -> list:
        """`get` of each key, under one lock (a game's thousand hands, say)."""
        with self._lock:
            return [self._facts.get(key) for key in keys]

    def put(self, key: Hashable, value: object) -> None:
        with self._lock:
            self._facts[key] = value
            self._facts.move_to_end(key)
            while len(self._facts) > self.size:
                self._facts.popitem(last=False)


def game_summaries() -> VersionFacts:
    """(game id, version) -> what a list of games shows of it: one per app, so per database."""
    facts = current_app.extensions.get("game_summaries")
    if facts is None:
        facts = current_app.extensions.setdefault("game_summaries", VersionFacts())
    return facts
