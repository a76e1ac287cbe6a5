"""One way to the page's language: errors carry `Text` (English as their str), and the one
translator (scorekeeper/translate.py) renders them with the Polish catalogue. No module matches
English back into message shapes any more."""
import re
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from scorekeeper.domain import cards, editions, scoring
from scorekeeper.domain.text import Text, message_of, plain, say
from scorekeeper.translate import translated

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "scorekeeper"
PO = PACKAGE / "translations" / "pl" / "LC_MESSAGES" / "messages.po"
CLASSIC = editions.get_edition("classic")
PLAYERS = ["Ana", "Ben"]


@pytest.fixture(scope="module")
def polish() -> Translations:
    with PO.open("rb") as f:
        catalogue = read_po(f, locale="pl")
    mo = BytesIO()
    write_mo(mo, catalogue)
    mo.seek(0)
    return Translations(fp=mo)


def raised(call) -> str:
    with pytest.raises(ValueError) as err:
        call()
    return message_of(err.value)


# (call, its English exactly as the API has always said it, words its Polish must hold)
CASES = [
    (lambda: scoring.clean_player_names(["Ana", "ana"]),
     "Two players are called 'ana': give each player a different name.", "Dwóch graczy"),
    (lambda: scoring.clean_player_names(["Ana"]),
     "A game needs 2 to 10 players; this one has 1.", "Gra"),
    (lambda: cards.parse_card("red-wild"),
     "'red-wild': a Wild card has no colour; write 'wild'.", "Zmiana koloru"),
    (lambda: editions.parse_target(0),
     "The target must be a whole number of points from 1 to 100000.", "Cel"),
    (lambda: scoring.build_hand(CLASSIC, PLAYERS, {"Ana": [], "Ben": ["red-skip"] * 3}),
     "Too many red Skip cards: the deck has 2 copies of it.", "czerwona karta Stop"),
    (lambda: scoring.build_hand(CLASSIC, PLAYERS, {"Ana": [], "Ben": ["blue-0", "blue-0"]}),
     "Too many blue 0 cards: the deck has only one of it.", "niebieska 0"),
    (lambda: scoring.build_hand(CLASSIC, PLAYERS, {"Ana": [], "Ben": ["purple-7"]}),
     "Ben: 'purple-7' is not a card we know: use a token such as 'red-7', 'skip' or 'wild'.",
     "Ben: "),
    (lambda: scoring.build_hand(CLASSIC, ["Ana", "Ben", "Cy"], {"Ana": [], "Ben": [], "Cy": []}),
     "Only one player can go out, but Ana and Ben and Cy have no cards: enter the others' cards "
     "or typed totals.", "Ana i Ben i Cy"),
    (lambda: scoring.build_hand(CLASSIC, PLAYERS, {"Ana": [], "Ben": ["cheese-touch"]}),
     "Ben: the Classic (108 cards) deck has no Cheese Touch card.", "Cheese Touch"),
]


@pytest.mark.parametrize("call, english, words", CASES)
def test_domain_errors_carry_text_english_unchanged_and_polish_through_the_catalogue(
        polish, call, english, words):
    message = raised(call)
    assert isinstance(message, Text)
    assert str(message) == english  # the API's English, byte for byte
    in_polish = translated(message, translations=polish)
    assert words in in_polish and in_polish != english and "%(" not in in_polish


def test_card_names_and_colours_are_text(polish):
    card = cards.parse_card("red-skip")
    assert str(card.label) == "red Skip"
    assert translated(card.label, translations=polish) == "czerwona karta Stop"
    assert translated(cards.parse_card("wild-draw4").label, translations=polish) == "Weź cztery"
    assert cards.parse_card("green-7").label == "green 7"


def test_plain_strings_and_names_show_as_they_are(polish):
    assert translated("Skip", translations=polish) == "Skip"  # not a Text: never looked up
    assert translated(plain("Skip"), translations=polish) == "Skip"
    assert translated(say("Skip"), translations=polish) == "Stop"


def test_text_params_that_are_text_translate_inside_the_sentence(polish):
    where = say("Game %(number)s", number=1)
    at = say("%(game)s, hand %(number)s", game=where, number=4)
    assert str(at) == "Game 1, hand 4"
    assert translated(at, translations=polish) == "Gra 1, rozdanie 4"


def python_sources() -> dict[Path, str]:
    return {p: p.read_text() for p in PACKAGE.rglob("*.py")}


def test_no_hand_rolled_reverse_lookup_is_left():
    assert not (PACKAGE / "localize.py").exists() and not (PACKAGE / "said.py").exists()
    for path, source in python_sources().items():
        assert not re.search(r"\b(localize|said)\b\s+import|import\s+(localize|said)\b", source), path
        assert "SHAPES" not in source, path
        # Matching English back into values: a regex meeting gettext in one module.
        if re.search(r"import[^\n]*\bgettext\b", source):
            assert not re.search(r"fullmatch|groupdict|re\.compile", source), path


def test_only_the_one_translator_reads_the_catalogue_for_text():
    readers = [p.relative_to(PACKAGE).as_posix() for p, s in python_sources().items()
               if "get_translations" in s]
    assert readers == ["translate.py"]


def test_the_lookup_check_would_catch_a_regex_beside_gettext():
    source = 'from flask_babel import gettext\nPLACE = re.compile("x")\n'
    assert re.search(r"import[^\n]*\bgettext\b", source)
    assert re.search(r"fullmatch|groupdict|re\.compile", source)
