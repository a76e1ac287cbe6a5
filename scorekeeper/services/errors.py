"""What can go wrong in a service call. None of these knows an HTTP status: the web layer
maps them (scorekeeper/errors.py). Every one means nothing was changed."""
from __future__ import annotations


class ServiceError(Exception):
    """A request that cannot be carried out; `field` names the input it is about, if any.

    `message` is a `Text` (domain/text.py): its str is the English, and pages and the API
    show it in the request's language (scorekeeper/translate.py)."""

    def __init__(self, message: str, field: str | None = None, details: dict | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.details = details or {}  # machine values the API adds to its answer


class Malformed(ServiceError):
    """The request itself is unreadable: a missing or mistyped field."""


class Invalid(ServiceError):
    """Readable, but the game's rules refuse it (an impossible hand, a bad name)."""


class NotFound(ServiceError):
    """No such game, or no such hand in it."""


class Conflict(ServiceError):
    """It clashes with the game as it is now: over, changed on another phone, busy."""


class HandGone(Conflict):
    """The hand asked for was deleted (on another phone, or by an earlier tap)."""


class HandMoved(Conflict):
    """The hand asked for is at another number now (a hand before it was deleted or put back)."""


class HandChanged(Conflict):
    """The hand was saved on another phone since this one read it."""


class PossibleDuplicate(Conflict):
    """Another phone saved a hand since this phone opened its keypad: maybe the same hand.
    details: duplicate_of (its number), same_cards."""


class SavedThenDeleted(PossibleDuplicate):
    """Another phone saved a hand at the number this one would take, then deleted it, since this
    phone looked: maybe this very hand. details: duplicate_of (the number it had), deleted."""


class TooMany(ServiceError):
    """Past a bound on what one game may take in a while; details: retry_after (seconds)."""


class KeyMissing(ServiceError):
    """The change needs the game's edit key and none was given."""


class KeyRefused(ServiceError):
    """The edit key given does not open this game."""


class StorageFailure(ServiceError):
    """The database cannot take writes now (disk full, read-only, unreachable): not the
    request's fault, and retrying at once will not help."""
