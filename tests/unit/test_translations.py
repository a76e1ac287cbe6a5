"""The Polish catalogue, read as a file (no Flask): complete, and faithful to its placeholders,
paragraphs, tables and rule links."""
import re
from collections import Counter
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from scorekeeper.domain import rulebook

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "scorekeeper" / "translations" / "pl" / "LC_MESSAGES" / "messages.po"
# %(name)s, %(num)d, {name}, and #rule-id links: what a translation must carry over unchanged.
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|\{[a-z_]+\}|#[a-z0-9]+(?:-[a-z0-9]+)*")
CARD_NAMES = {"Skip": "Stop", "Reverse": "Zmiana kierunku", "Draw Two": "Weź dwie",
              "Wild Draw Four": "Weź cztery", "Wild": "Zmiana koloru", "Blank": "Czysta karta"}


def catalogue():
    with PO.open("rb") as f:
        return read_po(f, locale="pl")


def translated() -> dict[str, str]:
    """Singular msgid -> msgstr (each plural form joined), for every real message."""
    out = {}
    for m in catalogue():
        if m.id:
            key = m.id[0] if isinstance(m.id, tuple) else m.id
            out[key] = m.string
    return out


def forms(message) -> list[tuple[str, str]]:
    """(msgid, msgstr) pairs to compare: a plural's every form against its plural msgid."""
    if isinstance(message.id, tuple):
        return [(message.id[0 if i == 0 else 1], s) for i, s in enumerate(message.string)]
    return [(message.id, message.string)]


def test_every_rulebook_message_has_a_polish_translation():
    have = translated()
    missing = [m for m in rulebook.messages() if not have.get(m)]
    assert not missing, missing[:5]


def used_messages() -> set[str]:
    """Extracted as `pybabel extract -F babel.cfg` (its first line) would."""
    with (ROOT / "babel.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    keywords = {**DEFAULT_KEYWORDS, "lazy_gettext": None, "lazy_ngettext": (1, 2),
                "Nn_": (1, 2), "say_in": ((1, "c"), 2),  # the domain's markers (domain/text.py)
                "plural": (1, 2)}  # the keypad's plural words (scorepad/keypad_words.py)
    return {m[2] if isinstance(m[2], str) else m[2][0]
            for m in extract_from_dir(ROOT, method_map, options_map, keywords=keywords)
            if "tests" not in Path(m[0]).parts}


def test_every_message_the_code_and_templates_use_is_in_the_catalogue():
    """Wrapping a new string needs its Polish in the same commit."""
    used = used_messages()
    assert {"Rules", "Find a rule", "Classic + Blanks", "{n} card"} <= used  # extraction finds things
    have = translated()
    assert not sorted(m for m in used if not have.get(m))


def test_the_catalogue_holds_no_message_nothing_uses():
    """A sentence the code stopped saying goes from the catalogue too: no dead translations."""
    used = used_messages() | set(rulebook.messages())
    assert not sorted(set(translated()) - used)


def test_no_message_is_fuzzy_or_half_translated():
    assert catalogue().num_plurals == 3  # Polish: 1 karta, 2 karty, 5 kart
    for m in catalogue():
        if not m.id:
            continue
        assert not m.fuzzy, m.id
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        assert all(strings), m.id
        if isinstance(m.id, tuple):
            assert len(strings) == 3, m.id


def test_translations_keep_placeholders_and_rule_links():
    wrong = [(mid, s) for m in catalogue() if m.id for mid, s in forms(m)
             if Counter(PLACEHOLDER.findall(mid)) != Counter(PLACEHOLDER.findall(s))]
    assert not wrong


def test_the_placeholder_check_would_catch_a_dropped_link():
    original = "A Wild Draw Four is stricter: #wild-draw-four-restriction."
    assert Counter(PLACEHOLDER.findall(original)) != Counter(PLACEHOLDER.findall("Ostrzej."))
    assert PLACEHOLDER.findall("%(num)d {n} #a-b") == ["%(num)d", "{n}", "#a-b"]


@pytest.mark.parametrize("text", [m for m in rulebook.messages() if "\n" in m])
def test_paragraphs_and_value_tables_survive(text):
    polish = translated()[text]
    english_paras, polish_paras = text.split("\n\n"), polish.split("\n\n")
    assert len(english_paras) == len(polish_paras)
    for en, pl in zip(english_paras, polish_paras):
        en_lines, pl_lines = en.split("\n"), pl.split("\n")
        assert len(en_lines) == len(pl_lines)
        assert [": " in line for line in en_lines] == [": " in line for line in pl_lines]


def test_polish_rules_name_the_cards_as_polish_players_do():
    have = translated()
    rules = [have[m] for m in rulebook.messages()]
    text = " ".join(rules)
    for english, polish in CARD_NAMES.items():
        assert not re.search(rf"\b{english}\b", text), english
        assert polish in text
    assert "Cheese Touch" in text  # kept as the deck names it
    assert have["Skip"] == "Stop" and have["Wild Draw Four"] == "Weź cztery"


def test_plural_messages_follow_polish_grammar():
    plural = Locale("pl").plural_form
    by_count = {n: plural(n) for n in (1, 2, 4, 5, 12, 22, 25)}
    assert by_count == {1: "one", 2: "few", 4: "few", 5: "many", 12: "many", 22: "few", 25: "many"}
    cards = next(m for m in catalogue() if m.id == (
        "In force in this game: %(num)d card.", "In force in this game: %(num)d cards."))
    assert [s % {"num": n} for s, n in zip(cards.string, (1, 2, 5))] == [
        "Obowiązuje w tej grze: 1 karta.", "Obowiązuje w tej grze: 2 karty.",
        "Obowiązuje w tej grze: 5 kart."]
