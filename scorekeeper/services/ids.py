"""Public ids of games (and, later, tables): unguessable, so a game is found only through its link.

The one place such ids are made. 96 random bits in URL-safe base64: knowing one id says
nothing about another, and guessing one is hopeless.
"""
from __future__ import annotations

import re
import secrets

ID_BYTES = 12
ID_LENGTH = 16  # base64 of 12 bytes, no padding
ID_PATTERN = "[A-Za-z0-9_-]{%d}" % ID_LENGTH
_SHAPE = re.compile(ID_PATTERN)


def new_public_id() -> str:
    return secrets.token_urlsafe(ID_BYTES)


def looks_like_public_id(value: object) -> bool:
    """Whether `value` could be an id at all (a cheap check before asking the database)."""
    return isinstance(value, str) and _SHAPE.fullmatch(value) is not None
