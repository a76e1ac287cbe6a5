"""The judge pages (being written: see issue 4)."""
from __future__ import annotations

from flask import Blueprint

bp = Blueprint("judge", __name__)


@bp.get("/judge")
def judge_home():
    return "The judge is on its way."

api_bp = Blueprint("judge_api", __name__, url_prefix="/api")
