"""Reading API requests: the JSON body, the edit key, whole-number fields."""
from __future__ import annotations

from flask import request

from ..domain.text import N_, say
from ..numbers import storable, stored_number
from ..services.errors import Malformed
from ..ids import looks_like_hand_id

REVISION_HELP = say(N_("'revision' must be the whole number the hand had when you read it."))


def json_body(allowed: set[str]) -> dict:
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        raise Malformed(say(N_("Send a JSON object in the request body.")))
    unknown = sorted(set(body) - allowed)
    if unknown:
        raise Malformed(say(N_("Unknown field %(names)s: the known ones are %(known)s."),
                            names=", ".join(unknown), known=", ".join(sorted(allowed))))
    return body


def bearer_key() -> str | None:
    scheme, _, key = request.headers.get("Authorization", "").partition(" ")
    return key.strip() or None if scheme.lower() == "bearer" else None


def body_revision(body: dict) -> int | None:
    revision = body.get("revision")
    if revision is not None and not storable(revision):
        raise Malformed(REVISION_HELP, field="revision")
    return revision


def query_revision() -> int | None:
    revision = request.args.get("revision")
    if revision is None:
        return None
    number = stored_number(revision)
    if number is None:
        raise Malformed(REVISION_HELP, field="revision")
    return number


def body_hand_id(body: dict | None = None) -> str | None:
    """The hand a PUT or DELETE means by its id: `hand_id` in the JSON body or the query."""
    hand_id = (body or {}).get("hand_id", request.args.get("hand_id"))
    if hand_id is not None and not looks_like_hand_id(hand_id):
        raise Malformed(say(N_("'hand_id' must be the id of a hand, as GET shows it.")), field="hand_id")
    return hand_id


def body_after(body: dict) -> int | None:
    after = body.get("after")
    if after is not None and not storable(after):
        raise Malformed(say(N_("'after' must be the number of hands you saw, a whole number from 0.")),
                        field="after")
    return after


def body_flag(body: dict, name: str) -> bool:
    value = body.get(name, False)
    if not isinstance(value, bool):
        raise Malformed(say(N_("'%(name)s' must be true or false."), name=name), field=name)
    return value


def body_after_revision(body: dict) -> int | None:
    seen = body.get("after_revision")
    if seen is not None and not storable(seen):
        raise Malformed(say(N_("'after_revision' must be the newest hand revision you saw, a whole "
                               "number from 0.")), field="after_revision")
    return seen
