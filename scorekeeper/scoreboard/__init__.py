"""The scoreboard: the page every phone watches, its live part that phones poll, and the
cache that keeps rendering it cheap."""
from flask import Blueprint

bp = Blueprint("scoreboard", __name__)

from . import end_views, views  # noqa: E402,F401  (registers the routes on bp)
from .board import js_texts  # noqa: E402
from .chart import running_chart  # noqa: E402

bp.add_app_template_global(running_chart)
bp.add_app_template_global(js_texts, "board_js_texts")
