"""The judge's rulings in the page's language, through the one translator."""
from __future__ import annotations

from dataclasses import replace

from ..domain.judge import Ruling
from ..translate import translated


def translated_ruling(ruling: Ruling) -> Ruling:
    return replace(ruling, verdict=translated(ruling.verdict),
                   explanation=translated(ruling.explanation),
                   depends_on=[translated(n) for n in ruling.depends_on])
