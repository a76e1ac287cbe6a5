"""Backup and restore for people: download buttons, the restore upload, and the CLI commands."""
from __future__ import annotations

import json
import os
import tempfile

import click
from flask import (Blueprint, Flask, Response, abort, render_template, request, session,
                   url_for)
from flask.cli import with_appcontext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from werkzeug.routing import BuildError

from . import games
from .backup import (MAX_RESTORE_BYTES, Restored, RestoreError, export_all, export_game, loads,
                     restore, score_sheet_csv)
from .errors import error_response
from .models import utcnow

bp = Blueprint("backup", __name__)


class RestoreForm(FlaskForm):
    backup = FileField("Backup file")


def _download(body: str, mimetype: str, filename: str) -> Response:
    return Response(body, mimetype=mimetype, headers={
        "Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "no-store"})


def _json_text(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


@bp.get("/games/<int:game_id>/export.json")
def export_game_json(game_id: int):
    data = export_game(game_id)
    if data is None:
        abort(404)
    return _download(_json_text(data), "application/json", f"scorekeeper-game-{game_id}.json")


@bp.get("/games/<int:game_id>/export.csv")
def export_game_csv(game_id: int):
    game = games.load_game(game_id)
    if game is None:
        abort(404)
    return _download(score_sheet_csv(game), "text/csv", f"scorekeeper-game-{game_id}.csv")


@bp.get("/backup.json")
def backup_all():
    stamp = utcnow().strftime("%Y%m%d-%H%M%S")
    return _download(_json_text(export_all()), "application/json", f"scorekeeper-backup-{stamp}.json")


@bp.post("/restore")
def restore_upload():
    form = RestoreForm()
    if not form.validate_on_submit():  # CSRFProtect has already refused a missing token
        return error_response(400, "Choose a backup file to restore.")
    upload = form.backup.data
    if upload is None or not getattr(upload, "filename", ""):
        return error_response(400, "Choose a backup file to restore.")
    try:
        restored = restore(loads(upload.read()))
    except RestoreError as err:
        return error_response(422, f"Nothing was restored. {err}")
    from .access import remember_key  # this browser may edit what it restored
    for item in restored[-40:]:
        remember_key(item.id, item.edit_key)
    session.modified = True
    return render_template("restored.html", restored=restored,
                           keep_links={r.id: _keep_link(r) for r in restored})


def _keep_link(item: Restored) -> str | None:
    """The keep-score link that hands a game's edit key to another phone, if the app has one."""
    try:
        return url_for("table.keep_score", game_id=item.id, _external=True) + "#key=" + item.edit_key
    except BuildError:
        return None


# ---------------------------------------------------------------- command line


@click.command("backup")
@click.argument("file", required=False, default="-")
@with_appcontext
def backup_command(file: str) -> None:
    """Write every game as JSON to FILE (standard output without one, or with -)."""
    data = export_all()
    body = _json_text(data)
    if file == "-":
        click.echo(body, nl=False)
    else:  # write beside the target, then rename: a backup is never half written
        folder = os.path.dirname(os.path.abspath(file))
        fd, draft = tempfile.mkstemp(dir=folder, prefix=".scorekeeper-backup-")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(body)
                f.flush()
                os.fsync(f.fileno())
            os.replace(draft, file)
        except BaseException:
            if os.path.exists(draft):
                os.unlink(draft)
            raise
    hands = sum(len(g["hands"]) for g in data["games"])
    click.echo(f"Backed up {len(data['games'])} games ({hands} hands)"
               + ("" if file == "-" else f" to {file}") + ".", err=True)


@click.command("restore")
@click.argument("file", type=click.File("rb"))
@with_appcontext
def restore_command(file) -> None:
    """Add the games of a backup FILE (- for standard input) as new games, with new edit keys."""
    try:
        restored = restore(loads(file.read()))
    except RestoreError as err:
        raise click.ClickException(f"Nothing was restored. {err}") from None
    for item in restored:
        was = f" (was game {item.original_id})" if item.original_id is not None else ""
        click.echo(f"game {item.id}{was}: {', '.join(item.players)}, {item.hands} hands, "
                   f"edit key {item.edit_key}")
    click.echo(f"Restored {len(restored)} games.", err=True)


def _allow_big_restore() -> None:
    """A whole backup may be larger than an API request. This runs before CSRFProtect
    reads the form, so the limit must be raised here, not in the view (Flask >= 3.1)."""
    if request.endpoint == "backup.restore_upload":
        request.max_content_length = max(MAX_RESTORE_BYTES, request.max_content_length or 0)


def init_app(app: Flask) -> None:
    app.before_request_funcs.setdefault(None, []).insert(0, _allow_big_restore)
    app.register_blueprint(bp)
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)

