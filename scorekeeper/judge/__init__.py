"""The judge's pages: pick what the argument is about, tap the cards, get a ruling with the
rules it rests on. (`POST /api/judge` lives with the rest of the API.)"""
from flask import Blueprint

bp = Blueprint("judge", __name__)

from . import views  # noqa: E402,F401  (registers the routes on bp)
