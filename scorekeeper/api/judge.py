"""`POST /api/judge`: a disputed play in, a ruling out (docs/judge-api.md). Judging
changes nothing, so it needs no key."""
from __future__ import annotations

import json

from flask import jsonify, request

from ..domain.cards import CardError
from ..domain.editions import HouseRuleError
from ..domain.judge import JudgeError, judge
from ..domain.text import N_, message_of, say
from ..services.errors import Invalid, Malformed
from ..translate import translated_ruling
from . import bp


@bp.post("/judge")
def api_judge():
    try:
        body = json.loads(request.get_data(cache=False))
    except (ValueError, RecursionError):
        raise Malformed(say(N_("The body must be a JSON object such as {\"question\": \"play\", "
                                "\"top\": \"red-7\", \"card\": \"blue-7\"}."))) from None
    try:
        ruling = judge(body)
    except (JudgeError, CardError, HouseRuleError) as err:
        raise Invalid(message_of(err)) from None
    return jsonify(translated_ruling(ruling).as_json())
