"""Compressed scoreboards kept beside the rendered ones (Flask-Compress's cache hooks).

A scoreboard is rendered once per game version and kept (page_cache.py); phones
ask for it compressed, and compressing ~30 KB costs more than serving it. So the compressed
bytes are kept too, under the same page key and the encoding. Any other answer (a key of
"": a page for one request only, an API answer) is compressed afresh and never kept.
"""
from __future__ import annotations

import threading
from collections import OrderedDict

from flask import Flask, Request, g

KEPT = 512  # compressed pages per process: a few per live game and language


def page_key(request: Request) -> str:
    return g.get("compressed_page_key", "")


def keep_compressed_as(key: object) -> None:
    """The answer being built is the kept page `key`: its compressed bytes can be kept too."""
    g.compressed_page_key = repr(key)


class CompressedPages:
    def __init__(self) -> None:
        self._pages: OrderedDict[str, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
            return page

    def set(self, key: str, page: bytes) -> None:
        if key.endswith(";"):  # "<encoding>;" + no page key: not a kept page
            return
        with self._lock:
            self._pages[key] = page
            self._pages.move_to_end(key)
            while len(self._pages) > KEPT:
                self._pages.popitem(last=False)


def configure(app: Flask) -> None:
    """Before Flask-Compress reads its settings."""
    app.config.setdefault("COMPRESS_CACHE_BACKEND", CompressedPages)
    app.config.setdefault("COMPRESS_CACHE_KEY", page_key)
