"""Family tables as pages: create one, its games and stats, start a game from the roster,
rename and merge players, share the keep-score and watch links, download its backup."""
from flask import Blueprint

from ..http_cache import revalidate

bp = Blueprint("tables", __name__)
bp.after_request(revalidate)

from . import cli, league_views, live_views, views  # noqa: E402,F401  (register the routes and the command on bp)
