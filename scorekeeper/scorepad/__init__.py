"""The score pad: the home page, a new game, and the hand keypad (record, edit, delete)."""
from flask import Blueprint

bp = Blueprint("scorepad", __name__)

from . import delete_views, hand_views, views  # noqa: E402,F401  (register the routes on bp)
from .waiting import known_game  # noqa: E402

bp.add_app_template_global(known_game)
