"""Issue 20: the rules search forgives what people type at the table (no JavaScript: ?q=)."""
import re

import pytest

from scorekeeper.domain.rulebook import fold, rules_for, search


def found(client, url: str) -> list[str]:
    html = client.get(url).get_data(as_text=True)
    return re.findall(r'<article id="?([a-z0-9-]+)', html)


def test_polish_letters_need_not_be_typed(client):
    typed = found(client, "/rules/classic?lang=pl&q=wez+cztery")
    assert typed and typed == found(client, "/rules/classic?lang=pl&q=we%C5%BA+cztery")
    assert "wild-draw-four-restriction" in typed


def test_words_match_in_any_order(client):
    assert found(client, "/rules/classic?lang=pl&q=cztery+wez") == found(client, "/rules/classic?lang=pl&q=wez+cztery")


def test_section_headings_are_searched(client):
    # "Pusty stos do dobierania" is a heading; its one rule is titled otherwise
    assert found(client, "/rules/classic?lang=pl&q=pusty+stos") == ["empty-draw-pile"]
    assert "wild-draw-four" not in found(client, "/rules/classic?lang=en&q=limits")  # heading of another section
    assert "challenge" in found(client, "/rules/classic?lang=en&q=limits")


def test_us_and_uk_spellings_find_the_same_rules(client):
    us = found(client, "/rules/classic?lang=en&q=color")
    assert us and us == found(client, "/rules/classic?lang=en&q=colour")


def test_cross_references_are_searched_as_the_page_shows_them():
    # the stacking rule links to "Stacking draws"; its own text never says "draws" after "stacking"
    assert "stacking" in {r.id for r in search("classic", "stacking draws")}


@pytest.mark.parametrize("typed, text", [
    ("WEŹ", "wez"), ("źródło", "zrodlo"), ("Łódź", "lodz"), ("dealer’s", "dealer's"), ("Colours", "colors"),
])
def test_fold_ignores_case_accents_apostrophes_and_uk_spelling(typed, text):
    assert fold(typed) == text


def test_a_word_no_rule_holds_still_finds_nothing(client):
    assert found(client, "/rules/classic?lang=en&q=wez+zzzqqq") == []
    assert len(search("classic", "")) == len(rules_for("classic"))
