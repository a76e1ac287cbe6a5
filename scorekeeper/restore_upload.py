"""A backup file uploaded from a page and restored: the restore page's and a table's share this."""
from __future__ import annotations

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField

from . import rate_limits
from .errors import error_response
from .domain.text import N_, say
from .services.backups.restore import Restored, RestoreError, games_in, loads, restore


class RestoreForm(FlaskForm):
    backup = FileField(lazy_gettext("Backup file"))


class _NoRoom(Exception):
    """The restore's games do not fit in this client's creation limit."""


def _reserve(count: int) -> None:
    if not rate_limits.reserve_creations(count):
        raise _NoRoom


def restore_file(upload, into=None) -> list[Restored] | None:
    """The uploaded backup's games restored (into a table, with `into`) and counted against
    this client's new games, checked and counted in one step once the backup is found
    sound; None, and nothing restored, when they do not fit (answer too_many_creations()).
    RestoreError says why a backup is refused, one too big for a day's limit included."""
    data = loads(upload.read())
    most, count = rate_limits.daily_creations(), games_in(data)
    if most is not None and count > most:
        raise RestoreError(say(N_("From the web a restore adds at most %(most)d games a day; this "
                                  "backup has %(count)d. Restore it in parts, or with 'flask "
                                  "restore' on the server."), most=most, count=count))
    try:
        return restore(data, into=into, before_writing=_reserve)
    except _NoRoom:
        return None


def too_many_creations():
    """A restore would take this client past the limit on new games: nothing is restored."""
    body, status = error_response(429)
    return body, status, {"Retry-After": "60"}
