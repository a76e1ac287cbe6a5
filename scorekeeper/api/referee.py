"""`POST /api/referee`: a disputed stretch of plays in, a step-by-step replay out
(docs/referee-api.md). Replaying changes nothing, so it needs no key; it shares the judge's
rate limit. Every request the referee cannot replay is a 422 naming the field or the play."""
from __future__ import annotations

import json

from flask import jsonify, request

from ..domain.cards import CardError
from ..domain.editions import HouseRuleError
from ..domain.judge import JudgeError
from ..domain.referee import RefereeError, referee
from ..domain.text import N_, message_of, say
from ..services.errors import Invalid
from ..translate import translated
from . import bp

EXAMPLE = '{"players": ["Alice", "Bob"], "start": "red-7", "plays": []}'


@bp.post("/referee")
def api_referee():
    try:
        body = json.loads(request.get_data(cache=False))
    except (ValueError, RecursionError):
        raise Invalid(say(N_("The body must be a JSON object such as %(example)s."),
                          example=EXAMPLE)) from None
    try:
        replay = referee(body)
    except (RefereeError, JudgeError, CardError, HouseRuleError) as err:
        raise Invalid(message_of(err)) from None
    return jsonify(translated_replay(replay.as_json()))


def translated_replay(answer: dict) -> dict:
    """The explanations in the request's language; everything else is data."""
    for step in answer["steps"]:
        step["explanation"] = translated(step["explanation"])
    return answer
