"""Errors as JSON for the API and API-minded clients, as a page for people.

The one place where the service layer's errors become HTTP answers.
"""
from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from flask_babel import gettext
from flask_limiter.errors import RateLimitExceeded
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import DBAPIError
from werkzeug.exceptions import HTTPException

from . import rate_limits
from .domain.text import N_
from .models import db
from .services import storage
from .translate import translated

from .services.errors import (
    Conflict, Invalid, KeyMissing, KeyRefused, Malformed, NotFound, ServiceError, StorageFailure, TooMany)

STATUS = {Malformed: 400, KeyMissing: 401, KeyRefused: 403, NotFound: 404, Conflict: 409,
          Invalid: 422, TooMany: 429, StorageFailure: 503}

MESSAGES = {
    400: N_("That request could not be read."),
    401: N_("This needs the game's edit key."),
    403: N_("This link can only watch the game, not change it."),
    404: N_("There is nothing here: the game or page may have been removed."),
    405: N_("That action is not allowed here."),
    409: N_("That clashes with the game as it is now."),
    413: N_("That request is too large."),
    422: N_("That could not be recorded."),
    429: N_("Too many requests from this device in a short time: wait a minute, then try again."),
    500: N_("Something went wrong on our side; nothing was changed."),
    503: N_("The server cannot save right now; nothing was changed. Try again later."),
}


def wants_json() -> bool:
    return request.path.startswith("/api/") or (
        request.accept_mimetypes.best_match(["application/json", "text/html"]) == "application/json")


def status_of(err: ServiceError) -> int:
    return next((code for kind, code in STATUS.items() if isinstance(err, kind)), 422)


def error_response(status: int, message: str | None = None, details: dict | None = None):
    """The page or JSON body for an error; its text in the request's language (Accept-Language
    or the phone's choice), the status and JSON keys unchanged."""
    message = translated(message) if message else gettext(MESSAGES.get(status, N_("That did not work.")))
    if wants_json():
        response = jsonify((details or {}) | {"error": message})
        response.vary.add("Accept-Language")  # the text follows it; the HTML page says so in i18n
        return response, status
    return render_template("error.html", status=status, message=message), status


def register(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf_failed(err: CSRFError):
        return error_response(400, gettext("This form has expired: go back, reload the page and try again."))

    @app.errorhandler(ServiceError)
    def service_error(err: ServiceError):
        body, status = error_response(status_of(err), err.message, err.details)
        wait = err.details.get("retry_after") if isinstance(err, TooMany) else None
        return body, status, {"Retry-After": str(wait)} if wait else {}

    @app.errorhandler(RateLimitExceeded)
    def too_many(err: RateLimitExceeded):
        body, status = error_response(429)
        return body, status, {"Retry-After": str(rate_limits.retry_after())}

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException):
        return error_response(err.code or 500)

    @app.errorhandler(DBAPIError)
    def database_error(err: DBAPIError):
        """Any write path that met a full or read-only database (restore, say), or a
        PostgreSQL that went away: 503."""
        try:
            db.session.rollback()
        except DBAPIError:  # the connection is gone: what matters is the answer
            pass
        if storage.is_storage_failure(err):
            return service_error(storage.storage_failed(err))
        return unexpected(err)

    @app.errorhandler(Exception)
    def unexpected(err: Exception):
        app.logger.exception("Unhandled error on %s %s", request.method, request.path)
        return error_response(500)
