"""Every text of ours is in our own words: no run of 8 or more words from any rule sheet
appears in the catalogue (every message, English and Polish) or in the rulebook.

The sheets live beside the repository (../shared/rule-sources from the repo root); without
that folder the test is skipped, not failed."""
import re
from pathlib import Path

import pytest

from scorekeeper.domain import rulebook
from tests.unit.test_translations import catalogue

RUN = 8
SHEETS = Path(__file__).resolve().parents[2].parent / "shared" / "rule-sources"


def words(text: str) -> list[str]:
    """Lower case, one apostrophe, placeholders and rule links out, punctuation ignored."""
    text = re.sub(r"%\(\w+\)\w|\{\w+\}|#[a-z0-9-]+", " \0 ", text)  # \0 never matches a sheet
    text = text.casefold().replace("\u2019", "'").replace("\u2018", "'")
    return re.findall(r"[\w']+|\0", text)


def runs(text: str, n: int = RUN) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i:i + n]) for i in range(len(w) - n + 1)}


def sheet_runs() -> dict[tuple[str, ...], str]:
    if not SHEETS.is_dir():
        pytest.skip(f"no rule sheets at {SHEETS}")
    found = {}
    for sheet in sorted(SHEETS.glob("*.txt")):
        for run in runs(sheet.read_text(encoding="utf-8", errors="replace")):
            found.setdefault(run, sheet.name)
    assert found, "the sheets folder holds no readable sheet"
    return found


def our_texts() -> list[str]:
    texts = list(rulebook.messages())
    for m in catalogue():
        for part in (m.id, m.string):
            texts += list(part) if isinstance(part, tuple) else [part]
    return [t for t in texts if t]


def copied(texts: list[str], sheets: dict[tuple[str, ...], str]) -> list[tuple[str, str, str]]:
    return [(" ".join(run), sheets[run], text[:80]) for text in texts for run in runs(text)
            if run in sheets and "\0" not in run]


def test_no_text_of_ours_repeats_eight_words_of_a_sheet():
    assert copied(our_texts(), sheet_runs()) == []


def test_the_check_finds_a_run_copied_from_a_sheet():
    sheets = sheet_runs()
    a_run = " ".join(next(iter(sheets)))
    assert copied([f"We said: {a_run.upper()}, honestly."], sheets)
    assert not copied(["A short sentence that no sheet holds, in words of our own making."], sheets)
