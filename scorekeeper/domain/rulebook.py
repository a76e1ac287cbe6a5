"""The rulebook: every rule of every edition, in our own words, with a stable id.

One source for the rules pages (`/rules/<edition>#<id>`) and for the judge's
citations. The same id may carry different text in different editions
(`uno-penalty` is 2 cards in classic, 4 in classic-112); where the rule sheets
disagree, `difference` says so and names the reading the edition follows.

Text is plain: paragraphs separated by a blank line; a paragraph whose lines
all read "label: value" is a small table; `#some-id` points to another rule.
Sheets are named by their number: 000 is the 112-card sheet with Blank cards,
001 a web page on the official rules, 002 the 108-card sheet, 003 a web page
with house rules, 004 the Diary of a Wimpy Kid sheet.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

CLASSIC, C112, WIMPY = "classic", "classic-112", "wimpy-kid"
EDITION_SLUGS = (CLASSIC, C112, WIMPY)
ALL = EDITION_SLUGS

S000 = "000_551260b2f653ae55.txt"
S001 = "001_dc427c7e36a0fecd.txt"
S002 = "002_041227d2d2e4ab7f.txt"
S003 = "003_4ddd9415c5096513.txt"
S004 = "004_03773f4fbf8824fd.txt"
SOURCE_FILES = (S000, S001, S002, S003, S004)
SOURCE_LABELS = {
    S000: "000 112-card, Blanks",
    S001: "001 web page, official rules",
    S002: "002 108-card",
    S003: "003 web page, house rules",
    S004: "004 Wimpy Kid",
}


@dataclass(frozen=True)
class Rule:
    id: str  # stable anchor id, e.g. "uno-penalty"
    section: str  # a slug from SECTIONS
    title: str
    text: str  # our words; short paragraphs separated by "\n\n"
    editions: tuple[str, ...]  # editions this text applies to
    sources: tuple[str, ...]  # rule-source file names it rests on
    house_rule: str | None = None  # HouseRules field name if this describes a house rule
    difference: str | None = None  # the disagreement, and the reading this edition follows


# Page order. Slugs never clash with rule ids: both are anchors on one page.
SECTIONS: list[tuple[str, str]] = [
    ("cards", "The deck"),
    ("dealer", "Choosing the dealer"),
    ("deal", "The deal"),
    ("start", "The first card"),
    ("turn", "Taking a turn"),
    ("drawing", "Drawing"),
    ("actions", "Action and wild cards"),
    ("wd4", "Wild Draw Four limits"),
    ("extras", "Extra cards"),
    ("uno", "Calling UNO"),
    ("out", "Going out"),
    ("empty", "Empty draw pile"),
    ("two", "Two players"),
    ("scoring", "Scoring"),
    ("winning", "Winning"),
    ("house", "House rules"),
]

_COLOURS = ("Each colour (red, yellow, green, blue) has one 0, two of each number 1 to 9, "
            "and two each of Skip, Reverse and Draw Two.")
_OWN = "This edition follows its own sheet"


def _r(id: str, section: str, title: str, text: str, sources: tuple[str, ...],
       editions: tuple[str, ...] = ALL, house_rule: str | None = None,
       difference: str | None = None) -> Rule:
    return Rule(id, section, title, text.strip(), editions, sources, house_rule, difference)


_RULES: tuple[Rule, ...] = (
    # -- the deck --
    _r("deck", "cards", "What is in the deck", f"""
108 cards. {_COLOURS} Then 4 Wild and 4 Wild Draw Four.""",
       (S001, S002, S003), (CLASSIC,),
       difference="Sheet 001 says 110 cards and sheet 002 says 10 a colour: both slips. "
                  "A colour has 19 numbers; this edition counts 108."),
    _r("deck", "cards", "What is in the deck", f"""
112 cards: the usual 108 plus 4 Blanks. {_COLOURS} Then 4 Wild, 4 Wild Draw Four and 4 Blank (#blank-cards).""",
       (S000,), (C112,)),
    _r("deck", "cards", "What is in the deck", f"""
112 cards: the usual 108 plus 4 Cheese Touch. {_COLOURS} Then 4 Wild, 4 Wild Draw Four and 4 Cheese Touch (#cheese-touch).""",
       (S004,), (WIMPY,)),

    # -- choosing the dealer --
    _r("choosing-dealer", "dealer", "Who deals", """
Everyone turns up a card; the highest number deals. Symbol cards count as 0. A tie? Those players turn up again.""",
       (S001, S002, S003, S004), (CLASSIC, WIMPY)),
    _r("choosing-dealer", "dealer", "Who deals", """
Everyone turns up a card; the highest number deals. Symbol cards count as 0. A tie? Those players turn up again.""",
       (S000, S002), (C112,),
       difference="Sheet 000 says highest point value, so a Wild (50) would win. "
                  "This edition counts numbers only, like the other sheets."),

    # -- the deal --
    _r("dealing", "deal", "Dealing", """
The dealer shuffles and deals 7 cards each. The rest, face down, is the draw pile; turn its top card up to start the discard pile. The dealer’s left goes first, and play moves left (clockwise).""",
       (S000, S001, S002, S004)),

    # -- the first card turned up --
    _r("first-card", "start", "The first card", """
A number: the dealer’s left plays on it as usual (on a green 4: any green, any 4, or a wild). An action or wild card acts at once, as below.""",
       (S000, S001, S002, S004)),
    _r("first-card-skip", "start", "First card: Skip", """
The dealer’s left is skipped; the next player starts.""",
       (S000, S002, S004)),
    _r("first-card-reverse", "start", "First card: Reverse", """
The dealer starts by playing on it; then play goes right.""",
       (S001, S002), (CLASSIC,),
       difference="Sheet 002 has the dealer start; sheets 001 and 000 the dealer’s right. "
                  "This edition follows 002."),
    _r("first-card-reverse", "start", "First card: Reverse", """
The dealer’s right starts; then play goes right.""",
       (S000,), (C112,),
       difference=f"Sheets 002 and 004 have the dealer start. {_OWN}, 000."),
    _r("first-card-reverse", "start", "First card: Reverse", """
The dealer starts by playing on it; then play goes right.""",
       (S004,), (WIMPY,),
       difference=f"Sheet 000 has the dealer’s right start. {_OWN}, 004."),
    _r("first-card-draw-two", "start", "First card: Draw Two", """
The dealer’s left takes 2 cards and is skipped; the next player starts.""",
       (S002, S004), (CLASSIC, WIMPY)),
    _r("first-card-draw-two", "start", "First card: Draw Two", """
The dealer’s left takes 2 cards and is skipped; the next player starts.""",
       (S000,), (C112,),
       difference="Sheet 000 only says to draw 2. We read it like any Draw Two, "
                  "skip included, as the other sheets do."),
    _r("first-card-wild", "start", "First card: Wild", """
The dealer’s left picks the colour, then plays on it.""",
       (S000, S002), (CLASSIC,),
       difference="Sheet 001 counts it as the dealer’s play, so the dealer would pick. "
                  "This edition follows 002 (as do 000 and 004)."),
    _r("first-card-wild", "start", "First card: Wild", """
The dealer’s left picks the colour, then plays on it.""",
       (S000,), (C112,),
       difference=f"Sheet 001 counts it as the dealer’s play, so the dealer would pick. {_OWN}, 000."),
    _r("first-card-wild", "start", "First card: Wild", """
The dealer’s left picks the colour, then plays on it.""",
       (S004,), (WIMPY,),
       difference=f"Sheet 001 counts it as the dealer’s play, so the dealer would pick. {_OWN}, 004."),
    _r("first-card-wild-draw-four", "start", "First card: Wild Draw Four", """
Nobody draws. Shuffle it back in and turn up another card.""",
       (S000, S001, S002, S004)),
    _r("first-card-blank", "start", "First card: Blank", """
Shuffle it back in and turn up another card, unless your rule for Blanks says otherwise.""",
       (S000,), (C112,),
       difference="Sheet 000 is silent here; this is our reading."),
    _r("first-card-cheese-touch", "start", "First card: Cheese Touch", """
As if the dealer played it: the dealer’s left takes 2, then plays a yellow card or takes 2 more.""",
       (S004,), (WIMPY,),
       difference="Sheet 004 is silent here; this is our reading, "
                  "like its rule for a first Draw Two."),

    # -- taking a turn --
    _r("matching", "turn", "Matching the top card", """
Lay one card that matches the top of the discard pile by colour, number or symbol. A red 7 on top: any red card or any 7. A blue Skip: any blue card or any Skip. After a Wild, match the colour named.""",
       (S000, S001, S002, S003, S004)),
    _r("wild-any-time", "turn", "A Wild fits any time", """
You may lay a Wild on your turn even when another card fits. A Wild Draw Four is stricter: #wild-draw-four-restriction.""",
       (S000, S002, S003, S004)),

    # -- drawing --
    _r("draw-when-stuck", "drawing", "Nothing fits: draw one", """
No card fits? Take one card from the draw pile. Just one, even if it does not fit.""",
       (S000, S001, S002, S004)),
    _r("play-drawn-card", "drawing", "Playing the card you drew", """
If it fits, you may lay it at once or keep it. Either way your turn then ends.""",
       (S001, S002, S003), (CLASSIC,),
       difference="Sheet 001 lets you keep it; 002 and 003 read as \u201cplay it\u201d. "
                  "This edition follows 001: your choice."),
    _r("play-drawn-card", "drawing", "Playing the card you drew", """
If you drew because nothing fit and it fits now, you must lay it at once. Drew by choice (#draw-instead)? Then it is up to you.""",
       (S000,), (C112,),
       difference=f"Sheets 001 and 004 let you keep it. {_OWN}, 000: you must play it."),
    _r("play-drawn-card", "drawing", "Playing the card you drew", """
If it fits, you may lay it at once or keep it. Either way your turn then ends.""",
       (S004,), (WIMPY,),
       difference=f"Sheet 000 makes you play it. {_OWN}, 004: your choice."),
    _r("draw-instead", "drawing", "Drawing instead of playing", """
You may draw even when a card fits; there is no penalty. If the drawn card fits, you may lay it.""",
       (S000, S001, S002, S004)),
    _r("no-play-after-draw", "drawing", "After drawing, only that card", """
Once you draw, only the drawn card may go down this turn. Red 7 on top, you hold a red 3 but draw a blue 2: the red 3 waits, and your turn passes.""",
       (S000, S002, S004)),

    # -- action and wild cards --
    _r("skip", "actions", "Skip", """
The next player misses a turn. Lay it on its colour or another Skip: a red Skip fits a red 5 or a green Skip.""",
       (S000, S001, S002, S003, S004)),
    _r("reverse", "actions", "Reverse", """
Play turns round: left becomes right, right becomes left. Lay it on its colour or another Reverse. With two players it acts as a Skip (#two-players).""",
       (S000, S001, S002, S003, S004)),
    _r("draw-two", "actions", "Draw Two", """
The next player takes 2 cards and misses a turn. Lay it on its colour or another Draw Two.""",
       (S000, S001, S002, S003, S004)),
    _r("wild", "actions", "Wild", """
Name any colour, even the current one. A Wild on a red 7, calling blue: next comes a blue card or a wild.""",
       (S000, S001, S002, S003, S004)),
    _r("wild-draw-four", "actions", "Wild Draw Four", """
Name any colour; the next player takes 4 cards and misses a turn. Only when #wild-draw-four-restriction allows.""",
       (S000, S001, S002, S003, S004)),
    _r("stacking", "actions", "No stacking", """
Hit by a Draw Two or Wild Draw Four? Take the cards and miss your turn; you cannot pass them on. (The next player may still match a Draw Two with a Draw Two.) See #house-stacking.""",
       (S000, S001, S002), (CLASSIC,),
       difference="Sheet 003 lets draws pile up. This edition follows 001 and 002: "
                  "no stacking unless the house rule is on."),
    _r("stacking", "actions", "No stacking", """
Hit by a Draw Two or Wild Draw Four? Take the cards and miss your turn; you cannot pass them on. (The next player may still match a Draw Two with a Draw Two.) See #house-stacking.""",
       (S000, S004), (C112, WIMPY)),

    # -- Wild Draw Four: the restriction and the challenge --
    _r("wild-draw-four-restriction", "wd4", "When Wild Draw Four is allowed", """
Only when you hold no card of the colour in play; numbers or symbols that match in other colours are fine. Red 7 on top: with a red 2, no; with just a blue 7 and a green Skip, yes.""",
       (S000, S001, S002, S004)),
    _r("challenge", "wd4", "The challenge", """
Think a Wild Draw Four was illegal? Challenge before drawing; the player shows their hand to you alone. Guilty: they take the 4, not you. Innocent: you take 4 plus 2, so 6.""",
       (S000, S002, S004)),
    _r("challenge-who", "wd4", "Who may challenge", """
Only the player who has to take the 4 cards.""",
       (S000,)),

    # -- edition extras --
    _r("blank-cards", "extras", "Blank cards", """
Agree before the game what the 4 Blanks do: write a rule on each (\u201cnext player takes 1\u201d), or play them as Wilds. Their points are a setting: #house-blank-points.""",
       (S000,), (C112,),
       difference="Sheet 000 lists the Blanks with no rule or value: the table decides."),
    _r("cheese-touch", "extras", "Cheese Touch", """
Lay it only on yellow (a yellow card, or a Wild that named yellow). The next player takes 2, then must lay a yellow card; with none, they take 2 more. Yellow 3 on top, you lay it: Ben draws 2, then plays a yellow 8 or draws 2 more.""",
       (S004,), (WIMPY,)),
    _r("cheese-touch-after", "extras", "After the Cheese Touch", """
From then on it is a plain yellow card: the next player matches yellow. Left in a hand it scores 50.""",
       (S004,), (WIMPY,)),

    # -- calling UNO --
    _r("say-uno", "uno", "Say UNO", """
Say \u201cUNO\u201d as your second-to-last card goes down. Holding a yellow 5 and a Wild: say it as you lay the 5.""",
       (S000, S001, S002, S003, S004)),
    _r("uno-catch-window", "uno", "When you can be caught", """
From when your second-to-last card lands on the pile until the next player starts a turn (draws, or takes a card from their hand to lay). Before or after that, or if nobody notices: no penalty.""",
       (S000, S002, S003, S004)),
    _r("uno-self-catch", "uno", "Catching yourself", """
Forgot, but said UNO before anyone caught you? You are safe.""",
       (S000,)),
    _r("uno-penalty", "uno", "The UNO penalty", """
Caught without saying UNO: take 2 cards.""",
       (S002, S003), (CLASSIC,),
       difference="Sheet 000 says 4. This edition follows 002 and 003: 2 (or #house-uno-penalty)."),
    _r("uno-penalty", "uno", "The UNO penalty", """
Caught without saying UNO: take 4 cards.""",
       (S000,), (C112,),
       difference=f"Sheets 002, 003 and 004 say 2. {_OWN}, 000: 4 (or #house-uno-penalty)."),
    _r("uno-penalty", "uno", "The UNO penalty", """
Caught without saying UNO: take 2 cards.""",
       (S004,), (WIMPY,),
       difference=f"Sheet 000 says 4. {_OWN}, 004: 2 (or #house-uno-penalty)."),

    # -- going out --
    _r("going-out", "out", "Going out", """
Lay your last card and the hand is over. Count the points (#card-values), then deal again.""",
       (S000, S001, S002, S003, S004)),
    _r("going-out-on-draw", "out", "Going out on a draw card", """
You may go out on a Draw Two or Wild Draw Four. The next player still takes the 2 or 4, and they count in the score.""",
       (S000, S002, S004)),

    # -- an empty draw pile --
    _r("empty-draw-pile", "empty", "The draw pile runs out", """
Keep the top discard; shuffle the rest face down as the new draw pile.""",
       (S000, S001, S002, S004)),

    # -- two players --
    _r("two-players", "two", "Playing with two", """
A Reverse acts as a Skip: you play again. So does a Skip, and a Draw Two once your rival has drawn. This is Mattel\u2019s rule; the sheets leave it out, though 003 notes a Skip down to your last card means you go again.""",
       (S003,)),

    # -- scoring --
    _r("card-values", "scoring", "What each card is worth", """
0 to 9: face value
Skip, Reverse, Draw Two: 20
Wild, Wild Draw Four: 50

A 7, a Skip and a Wild: 77.""",
       (S001, S002, S003), (CLASSIC,)),
    _r("card-values", "scoring", "What each card is worth", """
0 to 9: face value
Skip, Reverse, Draw Two: 20
Wild, Wild Draw Four: 50
Blank: 40 unless set (#house-blank-points)

A 7, a Skip and a Wild: 77.""",
       (S000,), (C112,)),
    _r("card-values", "scoring", "What each card is worth", """
0 to 9: face value
Skip, Reverse, Draw Two: 20
Wild, Wild Draw Four, Cheese Touch: 50

A 7, a Skip and a Wild: 77.""",
       (S004,), (WIMPY,)),

    # -- winning --
    _r("winner-takes-points", "winning", "Winner takes points", """
Whoever goes out scores every card the others hold; first to 500 wins. Ben holds 12 and Cy 40: Ana, out, scores 52.""",
       (S000, S001, S002, S003, S004)),
    _r("lowest-total", "winning", "Lowest total", """
Each player is charged their own leftover cards. When anyone reaches 500, the lowest total wins.""",
       (S000, S002, S004)),

    # -- house rules --
    _r("house-zero-counts-ten", "house", "0 counts as 10", """
A 0 left in a hand scores 10, not 0 (sheet 001). A red 0 and a 5: 15.""",
       (S001,), house_rule="zero_counts_ten"),
    _r("house-stacking", "house", "Stacking draws", """
Owed a draw, you may add a Draw Two or Wild Draw Four instead; the next player owes the total. Whoever cannot or will not add takes it all and is skipped. +2, +2, +4: the fourth player takes 8. From sheet 003.""",
       (S003,), house_rule="stacking"),
    _r("house-uno-penalty", "house", "UNO penalty size", """
Sheets 002 to 004 say 2 cards, 000 says 4. Set your own number for #uno-penalty when creating the game.""",
       (S000, S002, S003, S004), house_rule="uno_penalty"),
    _r("house-blank-points", "house", "Blank points", """
What a Blank left in a hand scores: 40 unless set when creating the game.""",
       (S000,), (C112,), house_rule="blank_points"),
)

REQUIRED_IDS = (
    "deck", "choosing-dealer", "dealing", "first-card", "first-card-skip", "first-card-reverse",
    "first-card-draw-two", "first-card-wild", "first-card-wild-draw-four", "matching",
    "wild-any-time", "draw-when-stuck", "play-drawn-card", "draw-instead", "no-play-after-draw",
    "skip", "reverse", "draw-two", "wild", "wild-draw-four", "wild-draw-four-restriction",
    "challenge", "challenge-who", "say-uno", "uno-catch-window", "uno-self-catch", "uno-penalty",
    "going-out", "going-out-on-draw", "empty-draw-pile", "two-players", "stacking", "card-values",
    "winner-takes-points", "lowest-total", "house-zero-counts-ten", "house-stacking",
    "house-uno-penalty",
)


def _by_edition() -> dict[str, list[Rule]]:
    order = {slug: i for i, (slug, _) in enumerate(SECTIONS)}
    books: dict[str, list[Rule]] = {}
    for edition in EDITION_SLUGS:
        rules = [r for r in _RULES if edition in r.editions]
        ids = [r.id for r in rules]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise RuntimeError(f"Rule ids used twice in {edition}: {', '.join(dupes)}")
        unknown = [r.id for r in rules if r.section not in order]
        if unknown:
            raise RuntimeError(f"Rules in no known section: {', '.join(unknown)}")
        books[edition] = sorted(rules, key=lambda r: order[r.section])  # stable: keeps rule order
    return books


_BOOKS = _by_edition()
_INDEX = {ed: {r.id: r for r in rules} for ed, rules in _BOOKS.items()}


def rules_for(edition: str) -> list[Rule]:
    """The edition's rules in page order; ValueError for an unknown edition."""
    if edition not in _BOOKS:
        raise ValueError(f"Unknown edition {edition!r}: choose one of {', '.join(EDITION_SLUGS)}.")
    return list(_BOOKS[edition])


def get_rule(edition: str, rule_id: str) -> Rule:
    """One rule; KeyError if that id is not in that edition (ValueError for an unknown edition)."""
    rules_for(edition)
    return _INDEX[edition][rule_id]


def rule_ids(edition: str) -> set[str]:
    return {r.id for r in rules_for(edition)}


def _same(text: str) -> str:
    return text


def searchable(rule: Rule, translate: Callable[[str], str] = _same) -> str:
    """What a search looks through: the id, title, text and any difference note.

    `translate` turns each English text into the page's language (gettext), so a Polish page
    is searched in Polish.
    """
    parts = (rule.title, rule.text) + ((rule.difference,) if rule.difference else ())
    return " ".join((rule.id, *map(translate, parts))).casefold()


def search(edition: str, query: str, translate: Callable[[str], str] = _same) -> list[Rule]:
    """Rules containing every word of the query (case-insensitive), in page order.

    A typed apostrophe finds the curly one the text uses ("dealer's").
    """
    words = (query or "").replace("'", "\u2019").casefold().split()
    return [r for r in rules_for(edition) if all(w in searchable(r, translate) for w in words)]


def messages() -> list[str]:
    """Every English text the rules pages show, once each: the msgids a translation covers."""
    texts = [title for _, title in SECTIONS] + list(SOURCE_LABELS.values())
    for rule in _RULES:
        texts += [rule.title, rule.text] + ([rule.difference] if rule.difference else [])
    return list(dict.fromkeys(texts))


LINK = re.compile(r"#([a-z0-9]+(?:-[a-z0-9]+)*)")
