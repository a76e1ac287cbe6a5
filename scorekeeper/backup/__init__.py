"""Backup and restore for people (pages) and for whoever runs the server (the CLI): thin
over services/backups/, which writes and reads the backup document."""
from flask import Blueprint, Flask

bp = Blueprint("backup", __name__)

from . import views  # noqa: E402,F401  (registers the routes on bp)


def init_app(app: Flask) -> None:
    from .cli import backup_command, restore_command

    views.allow_big_restore(app)
    app.register_blueprint(bp)
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
