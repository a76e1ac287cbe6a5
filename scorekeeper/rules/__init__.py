"""The rules reference: every edition's rules in our own words, each rule an anchor."""
from flask import Blueprint

bp = Blueprint("rules", __name__)

from . import views  # noqa: E402,F401  (registers the routes on bp)
