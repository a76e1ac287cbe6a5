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


# A hand's id: made by the phone that saved it (its request id) or by the server; never reused
# for another hand of the game. URL-safe, so it can name the hand in a path.
HAND_ID_PATTERN = "[A-Za-z0-9_-]{1,64}"
_HAND_SHAPE = re.compile(HAND_ID_PATTERN)


def new_hand_id() -> str:
    return secrets.token_urlsafe(ID_BYTES)


def hand_id_from(request_id: object) -> str:
    """The id a new hand gets: its request id where that can serve as one, else a new one."""
    return request_id if looks_like_hand_id(request_id) else new_hand_id()  # type: ignore[return-value]


def looks_like_hand_id(value: object) -> bool:
    return isinstance(value, str) and _HAND_SHAPE.fullmatch(value) is not None
