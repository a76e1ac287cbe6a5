"""The page language, chosen per phone from LANGUAGES; gettext catalogues via Flask-Babel.

LANGUAGES is the one list of languages: the switch, the locale selector, the manifest link
and the service worker (operations/pwa.py) all read it, so a third language is its
catalogue (translations/<code>/LC_MESSAGES/messages.po) plus one line there.

Choice order: `?lang=` on any page (and then remembered in a cookie for a year), the cookie,
the browser's Accept-Language, English. URLs stay the same in every language.

The catalogues live in the repository as `.po` files (scorekeeper/translations); the `.mo`
files gettext reads are compiled from them when the app starts, so a fresh clone or a wheel
needs no build step. They are written beside the `.po` files when that folder is writable,
else into the instance folder.
"""
from __future__ import annotations

import io
import os
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlencode

from babel import Locale, negotiate_locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Flask, Response, request
from flask_babel import Babel, force_locale, get_locale, gettext
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header



@dataclass(frozen=True)
class Language:
    code: str  # gettext's and the pages' lang=
    name: str  # in its own language: what the switch offers
    manifest: str  # the installable app's manifest in this language (a file in static/)


LANGUAGES = (  # the first is the default
    Language("en", "English", "manifest.webmanifest"),
    Language("pl", "Polski", "manifest-pl.webmanifest"),
)
LOCALES = tuple(language.code for language in LANGUAGES)
DEFAULT = LOCALES[0]
COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600
SOURCES = Path(__file__).resolve().parent / "translations"

babel = Babel()


def init_app(app: Flask) -> None:
    target = catalogue_dir(app)
    compile_catalogues(SOURCES, target)
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(target)
    babel.init_app(app, locale_selector=lambda: _parsed(select_locale()))
    app.after_request(remember_choice)
    app.context_processor(lambda: {"lang": str(get_locale()), "language": language,
                                   "lang_switch": lang_switch})


def select_locale() -> str:
    asked = request.args.get("lang", "")
    if asked in LOCALES:
        return asked
    kept = request.cookies.get(COOKIE, "")
    if kept in LOCALES:
        return kept
    return _negotiated(request.headers.get("Accept-Language", ""), LOCALES)


@lru_cache(maxsize=None)  # parsed once: Babel's Locale() looks for its data file on disk
def _parsed(code: str) -> Locale:
    return Locale.parse(code)


@lru_cache(maxsize=256)  # a phone sends the same header with every poll
def _negotiated(accept_language: str, offered: tuple[str, ...]) -> str:
    """Babel's negotiation, not Werkzeug's best_match: that prefers an exact "pl;q=0.8" over
    the "en-GB" the browser ranks first."""
    preferred = [value for value, _ in parse_accept_header(accept_language, LanguageAccept)]
    return negotiate_locale(preferred, offered, sep="-") or DEFAULT


def remember_choice(response: Response) -> Response:
    """Keep a `?lang=` choice on this phone; say which request headers pick the language,
    and which language an HTML page is in."""
    asked = request.args.get("lang", "")
    if asked in LOCALES and request.cookies.get(COOKIE) != asked:
        response.set_cookie(COOKIE, asked, max_age=COOKIE_AGE, samesite="Lax",
                            httponly=True, secure=request.is_secure)
    if response.mimetype in ("text/html", "application/json"):  # JSON carries verdicts, errors
        response.vary.update(("Accept-Language", "Cookie"))
    if response.mimetype == "text/html":
        response.headers["Content-Language"] = str(get_locale())  # sw.js says "offline" in it
    return response


def language() -> Language:
    """The page's language, as listed in LANGUAGES."""
    code = str(get_locale())
    return next((lang for lang in LANGUAGES if lang.code == code), LANGUAGES[0])


def lang_switch() -> list[tuple[str, Language]]:
    """(url, language) for every other language: this same page in it."""
    current = str(get_locale())
    links = []
    for other in LANGUAGES:
        if other.code == current:
            continue
        args = request.args.copy()
        args["lang"] = other.code
        links.append((f"{request.path}?{urlencode(list(args.items(multi=True)))}", other))
    return links


def catalogue_dir(app: Flask) -> Path:
    """Where compiled catalogues go: beside the sources if we may write there."""
    if os.access(SOURCES, os.W_OK):
        return SOURCES
    return Path(app.instance_path) / "translations"


def compile_catalogues(sources: Path, target: Path) -> list[Path]:
    """Compile every `<lang>/LC_MESSAGES/*.po` under sources whose `.mo` is missing or stale."""
    written = []
    for po in sorted(sources.glob("*/LC_MESSAGES/*.po")):
        mo = target / po.relative_to(sources).with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as f:
            catalogue = read_po(f, locale=po.parts[-3])
        buffer = io.BytesIO()
        write_mo(buffer, catalogue)
        mo.parent.mkdir(parents=True, exist_ok=True)
        fd, draft = tempfile.mkstemp(dir=mo.parent, prefix=mo.name)
        with os.fdopen(fd, "wb") as f:
            f.write(buffer.getvalue())
        os.chmod(draft, 0o644)
        os.replace(draft, mo)  # atomic: workers starting together never read half a file
        written.append(mo)
    return written


def offline_texts() -> dict[str, list[str]]:
    """The offline page's language, title and sentence, in every language of the site."""
    texts = {}
    for language in LANGUAGES:
        with force_locale(language.code):
            texts[language.code] = [language.code, gettext("Offline"), gettext(
                "No connection, and this page was not opened before on this phone. "
                "The rules and the last scoreboard you looked at work offline.")]
    return texts
