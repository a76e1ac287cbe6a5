"""Flask extensions, made once and bound to each app in the factory."""
from flask_compress import Compress
from flask_migrate import Migrate
from flask_wtf.csrf import CSRFProtect

from .models import db

compress = Compress()
csrf = CSRFProtect()
migrate = Migrate()

__all__ = ["compress", "csrf", "db", "migrate"]
