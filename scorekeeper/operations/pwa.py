"""The installable web app: the service worker must be served from the site root to cover it."""
from __future__ import annotations

from flask import current_app, send_from_directory

from . import bp


@bp.get("/sw.js")
def service_worker():
    response = send_from_directory(current_app.static_folder, "sw.js", max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    return response
