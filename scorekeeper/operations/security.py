"""Security headers on every response, a session cookie that is Secure over HTTPS, and
input no database can store refused at the door.

Scripts and styles come only from our static files, so the policy allows no inline
script or style, and no page may be framed by another site.
"""
from __future__ import annotations

from flask import Flask, Response, has_request_context, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.middleware.proxy_fix import ProxyFix

from ..domain.text import N_, say
from ..storable import unstorable

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "img-src 'self' data:",
    "style-src 'self'",
    "script-src 'self'",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
])
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate it
    "Cross-Origin-Opener-Policy": "same-origin",
}


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed cookie session, marked Secure whenever the page came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return super().get_cookie_secure(app) or (has_request_context() and request.is_secure)


def init_app(app: Flask) -> None:
    """Headers on every response, Secure cookies over HTTPS, and trust in one proxy if told.

    Behind a reverse proxy that terminates TLS, set `FLASK_PROXY_FIX=1`: the proxy's
    X-Forwarded-For/-Proto/-Host/-Prefix then tell the app the original scheme and host.
    """
    app.session_interface = SessionInterface()
    proxies = int(app.config["PROXY_FIX"] or 0)
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies,  # type: ignore[method-assign]
                                x_host=proxies, x_prefix=proxies)

    @app.before_request
    def refuse_unstorable_text():
        """Text no database can store (NUL, lone surrogates) or JSON nested past what Python
        parses is refused up front: 400 and nothing changed, instead of a 500 deep inside."""
        from ..errors import error_response

        if request.is_json:
            try:
                body = request.get_json(silent=True)
            except RecursionError:
                return error_response(400, say(N_("That JSON is nested too deeply to read.")))
        else:
            body = None
        texts = [body, request.view_args, list(request.args.items(multi=True))]
        if request.mimetype in ("application/x-www-form-urlencoded", "multipart/form-data"):
            texts.append(list(request.form.items(multi=True)))
        if any(unstorable(t) for t in texts):
            return error_response(400, say(N_("Text may not contain NUL characters or broken Unicode.")))
        return None

    @app.after_request
    def security_headers(response: Response) -> Response:
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        if request.is_secure:
            response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
        return response
