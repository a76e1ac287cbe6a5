"""The one way a message reaches the page's language: the domain, the services, the API's
request checks and the restore hand back `Text` (scorekeeper/domain/text.py), and gettext turns
it into the request's language here. English stays byte-for-byte the `Text`'s own rendering; a
plain str that is not a `Text` is shown as it is."""
from __future__ import annotations

import re
from dataclasses import replace

from flask_babel import get_translations

from .domain.judge import Ruling
from .domain.text import Text, message_of


def translated(text: object, starts_line: bool = True, translations=None) -> str:
    """`text` in the request's language (or in `translations`, a gettext catalogue).

    A value inside a sentence keeps its capital only where the translation still puts it at
    the start of a line: Polish word order often moves it ("Zagrywając ..., sprawdzany gracz")."""
    if not isinstance(text, Text) or text.msgid == "":  # gettext("") is the catalogue's header
        return str(text)
    translations = get_translations() if translations is None else translations
    if isinstance(text.msgid, tuple):
        template = translations.ngettext(text.msgid[0], text.msgid[1], text.count)
    elif text.context:
        template = translations.pgettext(text.context, text.msgid)
    else:
        template = translations.gettext(text.msgid)
    params = {k: translated(v, _starts_line(template, k), translations) if isinstance(v, Text) else v
              for k, v in text.params.items()}
    out = template % params if params else template
    return out[:1].upper() + out[1:] if text.capital and starts_line else out


def _starts_line(template: str, key: str) -> bool:
    return re.search(rf"(^|\n)%\({re.escape(key)}\)", template) is not None


def translated_error(err: BaseException) -> str:
    """An error's message in the page's language (a service, domain or restore error)."""
    return translated(message_of(err))


def translated_ruling(ruling: Ruling) -> Ruling:
    """A judge's ruling in the page's language (the judge's page and the API's answer)."""
    return replace(ruling, verdict=translated(ruling.verdict),
                   explanation=translated(ruling.explanation),
                   depends_on=[translated(n) for n in ruling.depends_on])
