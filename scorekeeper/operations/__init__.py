"""Running the app in public: health checks, one-line logs, security headers, and the
service worker that makes it installable."""
from flask import Blueprint, Flask

bp = Blueprint("operations", __name__)

from . import health, pwa, security  # noqa: E402,F401  (health and pwa register routes on bp)
from .logs import use_one_line_logs  # noqa: E402


def init_app(app: Flask) -> None:
    use_one_line_logs()
    # Flask gives the "scorekeeper" logger its handler only when app.logger is first used: a
    # worker whose first line came from elsewhere (services/storage.py) printed it bare.
    app.logger  # noqa: B018
    security.init_app(app)
    app.register_blueprint(bp)
