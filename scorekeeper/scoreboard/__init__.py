"""The scoreboard: the page every phone watches, its live part that phones poll, and the
cache that keeps rendering it cheap."""
from flask import Blueprint

bp = Blueprint("scoreboard", __name__)

from . import views  # noqa: E402,F401  (registers the routes on bp)
