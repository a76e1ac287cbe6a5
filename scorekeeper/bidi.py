"""Names typed by people, isolated from the text around them (Unicode bidirectional text).

A name in Arabic or Hebrew, or one holding a right-to-left override (U+202E), would otherwise
reorder the words and numbers after it on the line. Pages wrap names in <bdi> (`bdi`); where
no tags may go (a title, an attribute, the chart's SVG text, a CSV cell) the same isolation
comes from the FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE characters (`isolate`).
A name written only in left-to-right letters, digits and punctuation cannot move the text of
an English or Polish page around it, so it is left as it is (the page stays as small).
"""
from __future__ import annotations

import unicodedata

from markupsafe import Markup, escape

FSI, PDI = "\u2068", "\u2069"
# Right-to-left letters and Arabic digits, and the explicit embeddings, overrides and isolates.
MOVES_TEXT = {"R", "AL", "AN", "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"}


def needs_isolation(name: object) -> bool:
    return any(unicodedata.bidirectional(ch) in MOVES_TEXT for ch in str(name))


def isolate(name: object) -> str:
    return f"{FSI}{name}{PDI}" if needs_isolation(name) else str(name)


def bdi(name: object) -> Markup:
    return (Markup("<bdi>%s</bdi>") if needs_isolation(name) else Markup("%s")) % (name,)


def bdi_join(names, separator: str = ", ") -> Markup:
    """Names each in its own <bdi>, joined (the separator escaped, or kept if already markup)."""
    return escape(separator).join(bdi(name) for name in names)
