"""One Polish vocabulary (issue 14): a thing is called the same on every page. The deck's
edition is "edycja" (never "wersja"), and "edycja" means nothing else (the edit key is "klucz
zapisu"); a hand is "rozdanie", a game "gra", the target "cel", a family table "stół", the
keep-score link "link do zapisywania wyników", watching "oglądanie", a backup "kopia"."""
import re

from tests.unit.test_translations import catalogue

# English term (whole word, outside %(placeholders)s and 'quoted' API names) -> the stem every
# Polish translation of a message using it must hold; a few messages mean something else.
GLOSSARY = {
    r"[Ee]ditions?": r"edycj",
    r"[Gg]ames?": r"\bgr[aeyęąo]|\bgier\b|\bgrach\b|\bgrze\b",
    r"[Tt]argets?": r"\bcel",
    r"[Tt]ables?": r"st[oó][łl]",
    r"[Hh]ands?": r"rozda[nń]|rę[kc]",  # a hand dealt, or the cards in one's hand (ręka)
    r"[Ee]dit key": r"klucz\w* zapisu",
    r"[Kk]eep-score": r"do zapisywania wyników",
    r"[Ww]atch(?:ing)?": r"ogląda",
    r"[Bb]ackup": r"kopi",
    r"[Rr]ematch": r"rewanż",
    r"[Ss]hare": r"udostępni",
}
# Issue 20: one Polish word per concept for play and for the judge, too. A player who went out
# "skończył" (never the calque "wyszedł"); a challenge is a "sprawdzenie"; a player caught
# without UNO is "przyłapany"; cards go by the names on the keypad and the rules pages; the
# sheets are "instrukcje" or, all together, "źródła".
PLAY_GLOSSARY = {
    r"[Ww]ent out|[Gg]o out": r"kończ|skończ",
    r"[Cc]halleng\w*": r"sprawdz|sprawdź",
    r"[Cc]aught|[Cc]atch\w*": r"przyłap",
    r"Wild Draw Four": r"Weź cztery",
    r"Draw Two": r"Weź dwie",
    r"Skip": r"\bStop",
    r"Reverse": r"zmian\w* kierunku",
    r"Wild(?! Draw| \+4)s?": r"zmian\w* koloru",
    r"[Ll]eaflets?": r"instrukcj",
    r"[Ss]heets?": r"instrukcj|źródł|źródeł",
}
PLAY_OTHER_MEANING = {
    "Catching yourself": "a rule title: said as correcting yourself before anyone else notices",
    "went out": "beside a past hand's winner, said as the cards left ('bez kart'): no tense, no gender",
    "Score sheet (CSV)": "a spreadsheet of the scores, not a rule sheet",
}
# Words that must never come back: calques and the judge's button read as a noun.
NEVER = r"wyszed|wyszła|złapa|Kolor \+4|⇄ Zmiana\b(?! kierunku)|(?<!%)\(a\)|\(-a\)"
OTHER_MEANING = {
    "edition": "the default of a house rule (blank: the edition's own)",
    "Running totals by hand (numbers: see the table)": "an HTML table of numbers, not a family table",
    "Hands out": "a stats column: hands a player finished with no cards",
    "Tap the cards left in %(name)s's hand, or type their total.": "cards left: said without 'hand'",
    "Tap who went out, then each other player and the cards left in their hand. If the cards were "
    "already shuffled away, type the player's total instead.": "cards left: said without 'hand'",
}


def messages():
    for m in catalogue():
        if m.id:
            mid = m.id[0] if isinstance(m.id, tuple) else m.id
            yield mid, " ".join(m.string) if isinstance(m.string, tuple) else m.string


def words_of(msgid: str) -> str:
    """The message's own words: without placeholders, 'quoted' API names and {"json"}."""
    return re.sub(r"%\(\w+\)\w|'[^']*'|\{[^}]*\}|<[^>]*>", " ", msgid)


def off_glossary(term: str, stem: str) -> list[tuple[str, str]]:
    return [(mid, s) for mid, s in messages()
            if mid not in OTHER_MEANING and re.search(rf"\b{term}\b", words_of(mid))
            and not re.search(stem, s, re.I)]


def test_each_key_term_has_one_polish_word():
    wrong = {term: off_glossary(term, stem) for term, stem in GLOSSARY.items()}
    assert not {t: w for t, w in wrong.items() if w}


def test_the_deck_edition_is_never_a_wersja_and_edycja_means_only_the_edition():
    wersja = [(mid, s) for mid, s in messages() if re.search(r"wersj", s, re.I)
              and not re.search(r"\bversions?\b", mid)]  # a hand's or a backup's version is a wersja
    assert not wersja
    edycja = [(mid, s) for mid, s in messages() if re.search(r"edycj", s, re.I)
              and not re.search(r"\beditions?\b|%\(edition\)s|classic-112|wimpy-kid", mid, re.I)]
    assert not edycja


def test_the_glossary_check_would_catch_a_stray_word():
    assert re.search(r"\bEditions?\b", words_of("Unknown edition %(slug)s"), re.I)
    assert not re.search(r"\beditions?\b", words_of("the %(edition)s deck"))
    assert not re.search(GLOSSARY[r"[Ee]ditions?"], "Nieznana wersja", re.I)


def test_play_terms_have_one_polish_word_each():
    wrong = {term: [(mid, s) for mid, s in messages()
                    if mid not in PLAY_OTHER_MEANING and re.search(rf"\b(?:{term})\b", words_of(mid))
                    and not re.search(stem, s, re.I)]
             for term, stem in PLAY_GLOSSARY.items()}
    assert not {t: w for t, w in wrong.items() if w}


def test_no_calque_no_gendered_slash_and_the_judge_button_is_a_verb():
    assert not [(mid, s) for mid, s in messages() if re.search(NEVER, s)]
    verb = next(m.string for m in catalogue() if m.id == "Judge" and m.context == "give a ruling")
    noun = next(m.string for m in catalogue() if m.id == "Judge" and not m.context)
    assert verb and verb != noun and not verb.startswith("Sędzi")


def test_the_play_glossary_check_would_catch_a_stray_word():
    assert re.search(NEVER, "Kto wyszedł?") and re.search(NEVER, "nie miał(a) karty")
    assert not re.search(PLAY_GLOSSARY[r"[Ww]ent out|[Gg]o out"], "Kto wyszedł?", re.I)
    assert re.search(rf"\b(?:Wild(?! Draw| \+4)s?)\b", "Play a Wild") and not re.search(
        rf"\b(?:Wild(?! Draw| \+4)s?)\b", "a Wild Draw Four")
