"""Flask extensions, made once and bound to each app in the factory."""
from flask_migrate import Migrate
from flask_wtf.csrf import CSRFProtect

from .models import db

csrf = CSRFProtect()
migrate = Migrate()

__all__ = ["csrf", "db", "migrate"]
