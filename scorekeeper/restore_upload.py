"""A backup file uploaded from a page and restored: the restore page's and a table's share this."""
from __future__ import annotations

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField

from . import rate_limits
from .errors import error_response
from .services.backups.restore import Restored, games_in, loads, restore


class RestoreForm(FlaskForm):
    backup = FileField(lazy_gettext("Backup file"))


def restore_file(upload, into=None) -> list[Restored] | None:
    """The uploaded backup's games restored (into a table, with `into`) and counted against
    this client's new games; None, and nothing restored, when they would take it past its
    limit (answer too_many_creations()). RestoreError says why a backup is refused."""
    data = loads(upload.read())
    if not rate_limits.creations_left(games_in(data)):
        return None
    restored = restore(data, into=into)
    rate_limits.count_creations(len(restored))
    return restored


def too_many_creations():
    """A restore would take this client past the limit on new games: nothing is restored."""
    body, status = error_response(429)
    return body, status, {"Retry-After": "60"}
