"""Backup and restore for people: the download buttons and the restore upload."""
from __future__ import annotations

from flask import Flask, Response, render_template, request, url_for
from flask_babel import gettext

from ..access.games import editable_game_or_403, remember_new_games
from ..errors import error_response
from ..http_cache import keep_no_copy
from ..restore_upload import RestoreForm, restore_file, too_many_creations
from ..services.backups.export import envelope, game_record, json_text, score_sheet_csv
from ..services.backups.restore import MAX_RESTORE_BYTES, Restored, RestoreError
from ..translate import translated_error
from . import bp

def _download(body: str, mimetype: str, filename: str) -> Response:
    keep_no_copy()
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@bp.get("/games/<public_id:game_id>/export.json")
def export_game_json(game_id: str):
    """A game's own backup, for its keepers only (it holds every card they entered)."""
    data = envelope([game_record(editable_game_or_403(game_id))])
    return _download(json_text(data), "application/json", f"scorekeeper-game-{game_id}.json")


@bp.get("/games/<public_id:game_id>/export.csv")
def export_game_csv(game_id: str):
    return _download(score_sheet_csv(editable_game_or_403(game_id)), "text/csv", f"scorekeeper-game-{game_id}.csv")


@bp.post("/restore")
def restore_upload():
    form = RestoreForm()
    if not form.validate_on_submit():  # CSRFProtect has already refused a missing token
        return error_response(400, gettext("Choose a backup file to restore."))
    upload = form.backup.data
    if upload is None or not getattr(upload, "filename", ""):
        return error_response(400, gettext("Choose a backup file to restore."))
    try:
        restored = restore_file(upload)
    except RestoreError as err:
        return error_response(422, gettext("Nothing was restored. %(why)s", why=translated_error(err)))
    if restored is None:
        return too_many_creations()
    remember_new_games({item.id: item.edit_key for item in restored})  # this phone only
    keep_no_copy()
    return render_template("restored.html", restored=restored,
                           keep_links={r.id: _keep_link(r) for r in restored})


@bp.errorhandler(413)
def restore_too_large(err):
    return error_response(413, gettext(
        "Nothing was restored: a backup file may be at most %(most)d MB. Restore a large backup "
        "in parts, or with 'flask restore' on the server.", most=MAX_RESTORE_BYTES // (1024 * 1024)))


def _keep_link(item: Restored) -> str:
    """The keep-score link that hands a game's edit key to another phone."""
    return url_for("sharing.keep_score", game_id=item.id, _external=True) + "#key=" + item.edit_key


def _allow_big_restore() -> None:
    """A whole backup may be larger than an API request. This runs before CSRFProtect
    reads the form, so the limit must be raised here, not in the view (Flask >= 3.1)."""
    if request.endpoint in ("backup.restore_upload", "tables.restore_backup"):
        request.max_content_length = max(MAX_RESTORE_BYTES, request.max_content_length or 0)


def allow_big_restore(app: Flask) -> None:
    """Ahead of every other before-request function, CSRFProtect's included."""
    app.before_request_funcs.setdefault(None, []).insert(0, _allow_big_restore)

