"""Conditional GETs: an unchanged game answers 304 with no body (RFC 9110 weak comparison)."""
from __future__ import annotations

from flask import Response, current_app, g, request, session


# Flask-Compress names a compressed body's strong ETag "<etag>:<encoding>"; a phone sends that back.
COMPRESSED = ("", ":gzip", ":br", ":zstd", ":deflate")


def not_modified(etag: str) -> Response | None:
    """A bodiless 304 if the client already holds `etag` (or its compressed body), else None;
    the 304 names what the client holds."""
    raw = request.headers.get("If-None-Match")
    if not raw:
        return None
    tags = [etag + encoding for encoding in COMPRESSED]
    # A phone sends back the one tag it was given: matched without parsing a list of tags.
    sent = raw.removeprefix("W/")
    held = sent[1:-1] if len(sent) > 1 and sent[0] == sent[-1] == '"' else None
    if held not in tags:
        held = next((tag for tag in tags if request.if_none_match.contains_weak(tag)), None)
    if held is None:
        return None
    response = current_app.response_class(status=304)
    response.set_etag(held)
    return response


def revalidate(response: Response) -> Response:
    """Always ask whether it is still fresh; what a phone sees depends on its cookie."""
    headers = response.headers
    headers.setdefault("Cache-Control", "no-cache")
    if "Vary" in headers:
        response.vary.add("Cookie")
    else:  # a poll's 304: set once, without parsing a header that is not there
        headers["Vary"] = "Cookie"
    return response


def keep_no_copy() -> None:
    """This response carries an edit key, a backup of games or this browser's CSRF token in
    its body: no cache may keep a copy (the one way a page says so)."""
    g.keep_no_copy = True


def no_store_when_keys_travel(response: Response) -> Response:
    """Every response that carries an edit key says no-store: one whose body shows a key or
    a token (keep_no_copy) and one that sets a session cookie holding keys (after a new game,
    a restore or a keep-score link)."""
    if g.get("keep_no_copy") or (session.modified and "keys" in session):
        response.headers["Cache-Control"] = "no-store"
    return response
