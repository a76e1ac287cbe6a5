"""Names typed by people, isolated from the text around them (Unicode bidirectional text).

A name in Arabic or Hebrew, or one holding a right-to-left override (U+202E), would otherwise
reorder the words and numbers after it on the line. Pages wrap names in <bdi> (`bdi`); where
no tags may go (a title, an attribute, the chart's SVG text, a CSV cell) the same isolation
comes from the FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE characters (`isolate`).
A name written only in left-to-right letters, digits and punctuation cannot move the text of
an English or Polish page around it, so it is left as it is (the page stays as small).

Inside the isolate a name's own controls are balanced first (`balanced`): a POP DIRECTIONAL
ISOLATE the name did not open would close the page's isolate early (a name "\u2069\u202eAna"
would reverse the text after it again), so it is dropped; whatever the name leaves open, the
end of its isolate closes.
"""
from __future__ import annotations

import unicodedata

from markupsafe import Markup, escape

FSI, PDI, PDF = "\u2068", "\u2069", "\u202c"
OPENS_ISOLATE = {"\u2066", "\u2067", "\u2068"}  # LRI, RLI, FSI
OPENS_EMBEDDING = {"\u202a", "\u202b", "\u202d", "\u202e"}  # LRE, RLE, LRO, RLO
# Right-to-left letters and Arabic digits, and the explicit embeddings, overrides and isolates.
MOVES_TEXT = {"R", "AL", "AN", "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"}


def needs_isolation(name: object) -> bool:
    return any(unicodedata.bidirectional(ch) in MOVES_TEXT for ch in str(name))


def balanced(name: str) -> str:
    """`name` without the closing controls it has nothing open for (as UAX #9 pairs them)."""
    kept, still_open = [], []
    for ch in name:
        if ch in OPENS_ISOLATE or ch in OPENS_EMBEDDING:
            still_open.append(ch)
        elif ch == PDF:
            if not still_open or still_open[-1] in OPENS_ISOLATE:
                continue  # closes nothing the name opened inside its own isolate
            still_open.pop()
        elif ch == PDI:
            if not any(c in OPENS_ISOLATE for c in still_open):
                continue
            while still_open.pop() not in OPENS_ISOLATE:  # a PDI closes embeddings inside it too
                pass
        kept.append(ch)
    return "".join(kept)  # what is still open, the isolate's end closes


def isolate(name: object) -> str:
    return f"{FSI}{balanced(str(name))}{PDI}" if needs_isolation(name) else str(name)


def isolate_join(names, separator: str = ", ") -> str:
    """Names each isolated, joined, as plain text (for JSON in an attribute: not markup)."""
    return str(separator).join(isolate(name) for name in names)


def bdi(name: object) -> Markup:
    if not needs_isolation(name):
        return Markup("%s") % (name,)
    return Markup("<bdi>%s</bdi>") % (balanced(str(name)),)


def bdi_join(names, separator: str = ", ") -> Markup:
    """Names each in its own <bdi>, joined (the separator escaped, or kept if already markup)."""
    return escape(separator).join(bdi(name) for name in names)
