"""Service and restore errors as a person reads them: in the page's language.

Services speak English (the API's logs and the CLI read them as they are); a page
translates the message where it shows it. A message with `params` is looked up by its
%(name)s template, so the filled-in text still finds its translation."""
from __future__ import annotations

from flask_babel import gettext


def said(err: Exception) -> str:
    template = getattr(err, "template", None) or getattr(err, "message", None) or str(err)
    return gettext(template, **getattr(err, "params", {}))
