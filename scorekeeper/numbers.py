"""Whole numbers typed by people or sent by programs, read without Python's digit limit.

int() refuses text of more than 4,300 digits with a ValueError (and spends time on long
ones first): every number field checks its length before converting. No number the app
stores has more than MAX_DIGITS digits (ids and revisions fit in 32 bits).
"""
from __future__ import annotations

MAX_DIGITS = 18
MAX_STORED = 2**31 - 1  # ids, versions and revisions are INTEGER columns: PostgreSQL refuses bigger


def storable(number: object) -> bool:
    """A whole number from 0 that an INTEGER column holds (True and False are no numbers)."""
    return isinstance(number, int) and not isinstance(number, bool) and 0 <= number <= MAX_STORED


def whole_number(text: object) -> int | None:
    """The non-negative whole number `text` spells in ASCII digits; None for anything else."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    if not text or len(text) > MAX_DIGITS or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


def stored_number(text: object) -> int | None:
    """Like whole_number, and None for a number no INTEGER column holds (it names nothing)."""
    number = whole_number(text)
    return number if storable(number) else None


def signed_number(text: object) -> int | None:
    """Like whole_number, with an optional leading + or -."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    sign = -1 if text[:1] == "-" else 1
    number = whole_number(text[1:] if text[:1] in "+-" and text else text)
    return None if number is None else sign * number
