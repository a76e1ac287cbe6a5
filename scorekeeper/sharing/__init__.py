"""Around the table: sharing a game's watch and keep-score links (with QR codes), and
taking up a keep-score link on another phone."""
from flask import Blueprint

from ..http_cache import revalidate

bp = Blueprint("sharing", __name__)
bp.after_request(revalidate)

from . import views  # noqa: E402,F401  (registers the routes on bp)
