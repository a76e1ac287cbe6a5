"""The referee's page: replay a disputed stretch of plays, tap by tap or a line a play.
(`POST /api/referee` lives with the rest of the API.)"""
from flask import Blueprint

bp = Blueprint("referee", __name__)

from . import views  # noqa: E402,F401  (registers the routes on bp)
