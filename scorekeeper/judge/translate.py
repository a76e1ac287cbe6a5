"""The judge's texts in the page's language: the domain hands back `Text`, gettext turns it
into the request's language (English stays byte-for-byte the domain's own wording)."""
from __future__ import annotations

from dataclasses import replace

from flask_babel import gettext, ngettext

from ..domain.judge import Ruling
from ..domain.judge.text import Text


def translated(text: object) -> str:
    if not isinstance(text, Text):
        return str(text)
    params = {k: translated(v) if isinstance(v, Text) else v for k, v in text.params.items()}
    if isinstance(text.msgid, tuple):
        params.pop("num", None)  # ngettext sets it from the count
        out = ngettext(text.msgid[0], text.msgid[1], text.count, **params)
    else:
        out = gettext(text.msgid, **params) if params else gettext(text.msgid)
    return out[:1].upper() + out[1:] if text.capital else out


def translated_ruling(ruling: Ruling) -> Ruling:
    return replace(ruling, verdict=translated(ruling.verdict),
                   explanation=translated(ruling.explanation),
                   depends_on=[translated(n) for n in ruling.depends_on])


def translated_error(err: Exception) -> str:
    return translated(err.args[0]) if err.args else str(err)
