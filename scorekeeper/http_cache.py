"""Conditional GETs: an unchanged game answers 304 with no body (RFC 9110 weak comparison)."""
from __future__ import annotations

from flask import Response, make_response, request


def not_modified(etag: str) -> Response | None:
    """A bodiless 304 if the client already holds `etag`, else None."""
    if request.if_none_match.contains_weak(etag):
        response = make_response("", 304)
        response.set_etag(etag)
        return response
    return None


def revalidate(response: Response) -> Response:
    """Always ask whether it is still fresh; what a phone sees depends on its cookie."""
    response.headers.setdefault("Cache-Control", "no-cache")
    response.vary.add("Cookie")
    return response
