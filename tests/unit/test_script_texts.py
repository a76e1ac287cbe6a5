"""Po polsku (issue 14): the page scripts show no English to a Polish user. Their words come
from the page (data-text, data-t, data-one/few/many: rendered in the page's language); the only
English a script may hold is board.js's defaults for English pages, every one of which a Polish
page replaces, and the service worker's offline page, which it also has in Polish."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"
# Words of the app's English UI (whole words, case as written).
ENGLISH = ["Save", "Saving", "Delete", "Cancel", "Player", "Players", "Hand", "hand", "Hands", "cards",
           "card", "points", "point", "Next", "Resume", "Discard", "Keep", "Rematch", "Download",
           "Restore", "Share", "Copy", "copied", "Link", "Live", "Connection", "synced", "Edit", "Tap",
           "Offline", "connection", "rules", "Rules", "Retry", "retrying", "Undo", "Remove", "typed",
           "deck", "went", "out", "saved", "failed", "the", "and", "this", "phone", "Back"]
STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|`(?:[^`\\]|\\.)*`')
COMMENT = re.compile(r"/\*.*?\*/|^\s*//[^\n]*|\s//\s[^\n]*", re.M | re.S)


def english_strings(source: str) -> list[str]:
    code = COMMENT.sub("", source)
    found = []
    for literal in STRING.findall(code):
        text = re.sub(r"\$\{[^}]*\}", "0", literal[1:-1])  # a template's slot: a number, say
        if not re.search(r"\s", text.strip()) and not text[:1].isupper() or re.search(r"^[.#]|[\[=]", text):
            continue  # a key, a selector or a path, not a text: "typed", ".hand .card", "/rules/x"
        if any(re.search(rf"(?<![\w-]){w}(?![\w-])", text) for w in ENGLISH):
            found.append(literal)
    return found


def board_defaults() -> dict[str, str]:
    source = (STATIC / "board.js").read_text()
    block = re.search(r"const T = \{(.*?)\};", source, re.S)[1]
    return dict(re.findall(r'(\w+): ("[^"]*")', block))


def test_the_scan_would_catch_an_english_text_but_not_code_or_comments():
    source = ('// Save the hand\nconst a = "Save hand";\nel.querySelector(".save-says");\n'
              'x = `${n} cards`; y = `${hand.points}`; z = "cards left"; k = "points";\n'
              'el.querySelector(`.key[data-kind="${kind}"] .card`); w = "Offline";')
    assert english_strings(source) == ['"Save hand"', "`${n} cards`", '"cards left"', '"Offline"']


def test_no_script_hard_codes_english_a_polish_user_sees():
    allowed = {"board.js": set(board_defaults().values()), "sw.js": set()}
    sw = (STATIC / "sw.js").read_text()
    offline = re.search(r"const OFFLINE = \{\n  en: \[(.*?)\],\n  pl:", sw, re.S)[1]
    allowed["sw.js"] = set(STRING.findall(offline))
    left = {}
    for script in sorted(STATIC.glob("*.js")):
        english = [s for s in english_strings(script.read_text()) if s not in allowed.get(script.name, set())]
        if english:
            left[script.name] = english
    assert not left


def test_every_english_default_of_the_scoreboard_script_has_a_translated_twin():
    """board.js keeps its English texts in T and takes a Polish page's from data-t
    (scoreboard/board.py js_texts): each key must be in both, or Polish shows English."""
    source = (ROOT / "scorekeeper" / "scoreboard" / "board.py").read_text()
    body = re.search(r"def js_texts\(\).*?return json\.dumps\(\{(.*?)\}, ensure_ascii", source, re.S)[1]
    sent = set(re.findall(r'"(\w+)": gettext\(', body))
    assert sent and sent == set(board_defaults())


def test_the_offline_page_is_there_in_polish():
    sw = (STATIC / "sw.js").read_text()
    assert re.search(r'pl: \["pl", "Brak połączenia", "Brak połączenia, a tej strony', sw)
