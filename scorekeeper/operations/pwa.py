"""The installable web app: the service worker must be served from the site root to cover it.

sw.js is a static file with parts the server fills in from its own tables: the rules pages
to keep for offline use (one per edition), the site's languages, and the offline page's
words in each of them (from the catalogues, so a new language needs no edit here).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from flask import current_app, make_response, url_for

from ..domain.editions import EDITIONS
from .. import i18n
from . import bp


def _filled(name: str):
    return re.compile(rf"^const {name} = \[.*\];$", re.M)


RULE_PAGES, LANGUAGE_CODES = _filled("RULE_PAGES"), _filled("LANGUAGES")
OFFLINE_TEXTS = re.compile(r"^const OFFLINE = \{\n.*?^\};$", re.M | re.S)


def service_worker_source(static_folder: str) -> str:
    """sw.js with the rules page of every edition in its precache list, and every language."""
    source = (Path(static_folder) / "sw.js").read_text(encoding="utf-8")
    pages = [url_for("rules.rules_page", edition=slug) for slug in EDITIONS]
    codes = [language.code for language in i18n.LANGUAGES]
    source = RULE_PAGES.sub(lambda _: f"const RULE_PAGES = {json.dumps(pages)};", source, count=1)
    texts = json.dumps(i18n.offline_texts(), ensure_ascii=False)
    source = OFFLINE_TEXTS.sub(lambda _: f"const OFFLINE = {texts};", source, count=1)
    return LANGUAGE_CODES.sub(lambda _: f"const LANGUAGES = {json.dumps(codes)};", source, count=1)


@bp.get("/sw.js")
def service_worker():
    response = make_response(service_worker_source(current_app.static_folder))
    response.mimetype = "text/javascript"
    response.headers["Cache-Control"] = "no-cache"
    return response
