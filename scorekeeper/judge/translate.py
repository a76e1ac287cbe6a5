"""The judge's texts in the page's language: the domain hands back `Text`, gettext turns it
into the request's language (English stays byte-for-byte the domain's own wording)."""
from __future__ import annotations

import re
from dataclasses import replace

from flask_babel import get_translations

from ..domain.judge import Ruling
from ..domain.judge.text import Text


def translated(text: object, starts_line: bool = True) -> str:
    """A value inside a sentence keeps its capital only where the translation still puts it at
    the start of a line: Polish word order often moves it ("Zagrywając ..., sprawdzany gracz")."""
    if not isinstance(text, Text) or text.msgid == "":  # gettext("") is the catalogue's header
        return str(text)
    translations = get_translations()
    if isinstance(text.msgid, tuple):
        template = translations.ngettext(text.msgid[0], text.msgid[1], text.count)
    else:
        template = translations.gettext(text.msgid)
    params = {k: translated(v, _starts_line(template, k)) if isinstance(v, Text) else v
              for k, v in text.params.items()}
    out = template % params if params else template
    return out[:1].upper() + out[1:] if text.capital and starts_line else out


def _starts_line(template: str, key: str) -> bool:
    return re.search(rf"(^|\n)%\({re.escape(key)}\)", template) is not None


def translated_ruling(ruling: Ruling) -> Ruling:
    return replace(ruling, verdict=translated(ruling.verdict),
                   explanation=translated(ruling.explanation),
                   depends_on=[translated(n) for n in ruling.depends_on])


def translated_error(err: Exception) -> str:
    return translated(err.args[0]) if err.args else str(err)
