"""The rules reference pages (being written: see issue 3)."""
from __future__ import annotations

from flask import Blueprint, abort

from .domain.editions import EDITIONS

bp = Blueprint("rules", __name__)


@bp.get("/rules/<edition>")
def rules_page(edition: str):
    if edition not in EDITIONS:
        abort(404)
    return f"Rules for {EDITIONS[edition].name} are on their way."
