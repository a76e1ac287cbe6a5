"""Backup and restore: games out as JSON (and a score sheet as CSV), JSON back in.

A backup holds what the players entered (names, edition, scoring, target, house
rules, and every hand's cards or typed totals), never edit keys: restoring always
adds the games as new games with new ids and new edit keys, so it can neither
overwrite a game nor hand someone else's key to whoever holds the file.
Restoring checks everything the API would check, and is all-or-nothing.
"""
from flask import Blueprint, Flask

bp = Blueprint("backup", __name__)

FORMAT = "scorekeeper-backup"
VERSION = 1

from . import views  # noqa: E402,F401  (registers the routes on bp)


def init_app(app: Flask) -> None:
    from .cli import backup_command, restore_command

    views.allow_big_restore(app)
    app.register_blueprint(bp)
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
