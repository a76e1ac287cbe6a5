"""Polish grammar that broke once (issue 31), checked over the whole catalogue so the same mistake
cannot come back in another message: a card's name is nominative, so it never stands in brackets
after a noun in another case; a list of names takes a plural verb; a hand (rozdanie) is neuter."""
import re
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from scorekeeper.domain.judge import judge
from scorekeeper.translate import translated

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "scorekeeper" / "translations" / "pl" / "LC_MESSAGES" / "messages.po"
CARD_PARAMS = ("card", "cards", "drawn", "pending", "top")  # filled with a card's name (wording.py)
BRACKETED_CARD = re.compile(rf"(\S+)\s*\(%\(({'|'.join(CARD_PARAMS)})\)s\)")
# After a list of names in a message without plural forms: the end, punctuation or "w" (a place).
# A verb there would agree with one name whatever the list holds ("Mum i Ola wygrywa").
AFTER_NAMES = re.compile(r"%\(names\)s(?!$|[.,:;?!)]| w )")
FEMININE_OF_A_HAND = re.compile(
    r"\brozdani\w*\b[^.;:!?]*?\b(została|była|zapisana|niezapisana|usunięta|zmieniona|przywrócona|"
    r"poprawiona|zaczęta|twoja|moja)\b", re.I)


def catalogue():
    with PO.open("rb") as f:
        return read_po(f, locale="pl")


def polish_strings() -> list[tuple[object, str]]:
    out = []
    for m in catalogue():
        if m.id:
            for s in (m.string if isinstance(m.string, tuple) else (m.string,)):
                out.append((m.id, s))
    return out


def bracketed_card_after_another_case(text: str) -> list[str]:
    return [word for word, _param in BRACKETED_CARD.findall(text) if word.lower() != "karta"]


def names_followed_by_a_word(text: str) -> bool:
    return AFTER_NAMES.search(text) is not None


@pytest.fixture(scope="module")
def polish() -> Translations:
    mo = BytesIO()
    write_mo(mo, catalogue())
    mo.seek(0)
    return Translations(fp=mo)


def test_a_card_name_in_brackets_follows_only_the_nominative_karta():
    wrong = [(mid, s) for mid, s in polish_strings() if bracketed_card_after_another_case(s)]
    assert not wrong


def test_the_bracket_check_catches_the_stacking_message_that_broke():
    assert bracketed_card_after_another_case(
        "Tej karty (%(card)s) nie wolno dołożyć do czekającej (%(pending)s).") == ["karty", "czekającej"]
    assert bracketed_card_after_another_case("można by dołożyć tę kartę (%(card)s)") == ["kartę"]
    assert not bracketed_card_after_another_case("Ta karta (%(card)s) nie każe dobierać.")


@pytest.mark.parametrize("question, must_read", [
    ({"question": "stacking", "pending": "red-draw2", "card": "blue-draw2"},
     "niebieska karta Weź dwie nie może zostać dołożona"),
    ({"question": "stacking", "pending": "red-draw2", "card": "blue-draw2", "house_rules": {"stacking": True}},
     "niebieska karta Weź dwie idzie na nią"),
    ({"question": "play", "top": "red-7", "card": "blue-5"}, "a leży tam czerwona 7"),
])
def test_the_judge_names_cards_in_the_nominative(polish, question, must_read):
    ruling = judge(question)
    text = translated(ruling.explanation, translations=polish)
    assert must_read in text
    assert not re.search(r"\b(karty|kartę|kartą|karcie|czekającej|czekającą)\s*\(", text)


def test_a_list_of_names_never_meets_a_singular_verb():
    wrong = []
    for m in catalogue():
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if isinstance(m.id, tuple) and "%(names)s" in m.id[0]:
            if not all(strings[0] != s for s in strings[1:]):  # the verb changes with the count
                wrong.append(m.id)
        elif "%(names)s" in strings[0] and names_followed_by_a_word(strings[0]):
            wrong.append(m.id)
    assert not wrong


def test_the_names_check_catches_a_singular_verb_after_names():
    assert names_followed_by_a_word("%(names)s wygrywa")
    assert not names_followed_by_a_word("wygrana: %(names)s")
    assert not names_followed_by_a_word("nieznane pole %(names)s w grze.")


def test_a_teams_badge_agrees_with_its_players(polish):
    assert polish.unpgettext("team", "leads", "leads", 2) == "prowadzą"
    assert polish.unpgettext("team", "wins", "wins", 2) == "wygrywają"
    assert polish.unpgettext("team", "wins", "wins", 1) == "wygrywa"


def test_a_hand_is_neuter_even_where_the_noun_is_left_out():
    """The clash page's columns stand for a hand's two versions: 'Zapisane…', 'Twoje'."""
    clash = (ROOT / "templates" / "_clash.html").read_text()
    headers = [h for h in re.findall(r"<th scope=\"col\">\{\{ _\('([^']+)'\) \}\}</th>", clash) if h != "Player"]
    assert headers, "the clash table has its column headers"
    have = {m.id: m.string for m in catalogue() if m.id}
    for header in headers:
        first = have[header].split()[0]
        assert re.search(r"(e|o)$", first), (header, have[header])
    wrong = [(mid, s) for mid, s in polish_strings() if FEMININE_OF_A_HAND.search(s)]
    assert not wrong


def test_the_neuter_check_catches_a_feminine_hand():
    assert FEMININE_OF_A_HAND.search("Rozdanie 3 zostało już zapisana na innym telefonie.")
    assert not FEMININE_OF_A_HAND.search("Rozdanie 3 zostało już zapisane.")


def test_the_boards_record_and_the_keypads_save_are_different_words():
    have = {m.id: m.string for m in catalogue() if m.id}
    record = have["Record hand %(n)s"].replace("%(n)s", "").strip()
    assert record.split()[0] != have["Save hand"].split()[0]  # "Wpisz" / "Zapisz"


def test_rozdanie_is_a_hand_only():
    """'Rozdanie' is the hand played; dealing the cards has its own word in the rules."""
    have = {m.id: m.string for m in catalogue() if m.id}
    assert have["Hand"] == "Rozdanie" and have["The deal"] != "Rozdanie"
