"""The JSON API (contract in docs/api.md): outside clients depend on it, keep it stable.

It authenticates with the Bearer edit key, not a cookie, so it is exempt from CSRF.
Every error answers `{"error": "..."}` through scorekeeper/errors.py.
"""
from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api")

from . import games, judge, referee, tables  # noqa: E402,F401  (register the routes on bp)
