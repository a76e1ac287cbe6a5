"""The rulebook: every rule of every edition, in our own words, with a stable id.

One source for the rules pages (`/rules/<edition>#<id>`) and for the judge's
citations. The same id may carry different text in different editions
(`uno-penalty` is 2 cards in classic, 4 in classic-112); where the rule sheets
disagree, `difference` says so and names the reading the edition follows.

Text is plain: paragraphs separated by a blank line; a paragraph whose lines
all read "label: value" is a small table; `#some-id` points to another rule (the page
shows that rule's title). Texts never cite a sheet by its number: they name it in words
("the Blanks leaflet"), and each page's Sources section says what each one is
(SOURCES). Where the sheets are silent, the text says the reading is ours.
"""
from __future__ import annotations

import re
import unicodedata
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
# Each sheet: the name texts call it by, and what it is, for a page's Sources section.
SOURCES = {
    S000: ("The Blanks leaflet", "Printed with the deck of the Classic + Blanks edition."),
    S001: ("The official-rules page", "A web page retelling Mattel's rules for the 108-card deck."),
    S002: ("The 108-card leaflet", "Printed with the standard deck of the Classic edition."),
    S003: ("The house-rules page", "A how-to web page with house rules."),
    S004: ("The Wimpy Kid leaflet", "Printed with the deck of the Wimpy Kid edition."),
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
_OWN = "This edition follows its own leaflet"


def _r(id: str, section: str, title: str, text: str, sources: tuple[str, ...],
       editions: tuple[str, ...] = ALL, house_rule: str | None = None,
       difference: str | None = None) -> Rule:
    return Rule(id, section, title, text.strip(), editions, sources, house_rule, difference)


_RULES: tuple[Rule, ...] = (
    # -- the deck --
    _r("deck", "cards", "What is in the deck", f"""
108 cards. {_COLOURS} Then 4 Wild and 4 Wild Draw Four.""",
       (S001, S002, S003), (CLASSIC,),
       difference="The official-rules page says 110 cards and the 108-card leaflet lists 10 "
                  "numbers a colour: both slips. A colour has 19 number cards; this edition "
                  "counts 108."),
    _r("deck", "cards", "What is in the deck", f"""
112 cards. {_COLOURS} Then 4 Wild, 4 Wild Draw Four and 4 #blank-cards.""",
       (S000,), (C112,)),
    _r("deck", "cards", "What is in the deck", f"""
112 cards. {_COLOURS} Then 4 Wild, 4 Wild Draw Four and 4 #cheese-touch.""",
       (S004,), (WIMPY,)),

    # -- choosing the dealer --
    _r("choosing-dealer", "dealer", "Who deals", """
Everyone turns up a card; the highest number deals. Symbol cards count as 0. A tie? Those players turn up again.""",
       (S001, S002, S003, S004), (CLASSIC, WIMPY),
       difference="On a tie, turning up again is our reading. The official-rules page "
                  "puts symbol cards back; we count them as 0."),
    _r("choosing-dealer", "dealer", "Who deals", """
Everyone turns up a card; the highest number deals. Symbol cards count as 0. A tie? Those players turn up again.""",
       (S000, S002), (C112,),
       difference="The Blanks leaflet counts points, so a Wild (50) would win; this "
                  "edition counts numbers only, like the other sheets. On a tie, turning up "
                  "again is our reading."),

    # -- the deal --
    _r("dealing", "deal", "Dealing", """
For 2 to 10 players. The dealer shuffles and deals 7 cards each. The rest, face down, is the draw pile; turn its top card up to start the discard pile. The dealer’s left goes first, and play moves left (clockwise).""",
       (S000, S001, S002, S004),
       difference="Who deals the next hand? The sheets are silent; we pass the deal left."),

    # -- the first card turned up --
    _r("first-card", "start", "First card: a number", """
The dealer’s left plays on it as usual (on a green 4: any green, any 4, or a wild). An action or wild card acts at once, as below.""",
       (S000, S001, S002, S004)),
    _r("first-card-skip", "start", "First card: Skip", """
The dealer’s left is skipped; the next player starts.""",
       (S000, S002, S004)),
    _r("first-card-reverse", "start", "First card: Reverse", """
The dealer starts by playing on it; then play goes right.""",
       (S001, S002), (CLASSIC,),
       difference="The 108-card leaflet has the dealer start; the official-rules page and "
                  "the Blanks leaflet, the dealer’s right. This edition follows the "
                  "108-card leaflet."),
    _r("first-card-reverse", "start", "First card: Reverse", """
The dealer’s right starts; then play goes right.""",
       (S000,), (C112,),
       difference=f"The 108-card and Wimpy Kid leaflets have the dealer start. {_OWN}."),
    _r("first-card-reverse", "start", "First card: Reverse", """
The dealer starts by playing on it; then play goes right.""",
       (S004,), (WIMPY,),
       difference=f"The Blanks leaflet has the dealer’s right start. {_OWN}."),
    _r("first-card-draw-two", "start", "First card: Draw Two", """
The dealer’s left takes 2 cards and is skipped; the next player starts.""",
       (S002, S004), (CLASSIC, WIMPY)),
    _r("first-card-draw-two", "start", "First card: Draw Two", """
The dealer’s left takes 2 cards and is skipped; the next player starts.""",
       (S000,), (C112,),
       difference="The Blanks leaflet only says to draw 2; we read it like any Draw Two, "
                  "skip included."),
    _r("first-card-wild", "start", "First card: Wild", """
The dealer’s left picks the colour, then plays on it.""",
       (S000, S002), (CLASSIC,),
       difference="The official-rules page counts it as the dealer’s play, so the dealer "
                  "would pick. This edition follows the 108-card and Wimpy Kid leaflets."),
    _r("first-card-wild", "start", "First card: Wild", """
The dealer’s left picks the colour, then plays on it.""",
       (S000,), (C112,),
       difference="The Blanks leaflet says both: put it back, and let the dealer’s left "
                  "pick. This edition follows the latter, like the other leaflets; the "
                  "official-rules page has the dealer pick."),
    _r("first-card-wild", "start", "First card: Wild", """
The dealer’s left picks the colour, then plays on it.""",
       (S004,), (WIMPY,),
       difference=f"The official-rules page counts it as the dealer’s play, so the dealer "
                  f"would pick. {_OWN}."),
    _r("first-card-wild-draw-four", "start", "First card: Wild Draw Four", """
Nobody draws. Shuffle it back in and turn up another card.""",
       (S000, S001, S002, S004)),
    _r("first-card-blank", "start", "First card: Blank", """
Shuffle it back in and turn up another card, unless your rule for Blanks says otherwise.""",
       (S000,), (C112,),
       difference="The Blanks leaflet is silent here; this is our reading."),
    _r("first-card-cheese-touch", "start", "First card: Cheese Touch", """
As if the dealer played it: the dealer’s left takes 2, then plays a yellow card or takes 2 more.""",
       (S004,), (WIMPY,),
       difference="The Wimpy Kid leaflet is silent here; this is our reading, modelled on "
                  "its rule for a first Draw Two."),

    # -- taking a turn --
    _r("matching", "turn", "Matching the top card", """
Lay one card that matches the top of the discard pile by colour, number or symbol. A red 7 on top: any red card or any 7. A blue Skip: any blue card or any Skip. After a Wild, match the colour named.""",
       (S000, S001, S002, S003, S004),
       difference="We ignore two slips: the 108-card leaflet says draw pile for discard "
                  "pile, and the official-rules page has a garbled line on Wilds."),
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
       difference="The official-rules page lets you keep it; the 108-card leaflet and the "
                  "house-rules page read as \u201cplay it\u201d. This edition follows the "
                  "official-rules page: your choice."),
    _r("play-drawn-card", "drawing", "Playing the card you drew", """
If you drew because nothing fit and it fits now, you must lay it at once. Drew by choice (#draw-instead)? Then it is up to you.""",
       (S000,), (C112,),
       difference=f"The official-rules page and the Wimpy Kid leaflet let you keep it. {_OWN}: you must play it."),
    _r("play-drawn-card", "drawing", "Playing the card you drew", """
If it fits, you may lay it at once or keep it. Either way your turn then ends.""",
       (S004,), (WIMPY,),
       difference=f"The Blanks leaflet makes you play it. {_OWN}: your choice."),
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
Name any colour; the next player takes 4 cards and misses a turn. Only when allowed: see #wild-draw-four-restriction.""",
       (S000, S001, S002, S003, S004)),
    _r("stacking", "actions", "No stacking", """
Hit by a Draw Two or Wild Draw Four? Take the cards and miss your turn; you cannot pass them on. The player after you may then lay a Draw Two on it as an ordinary match. See #house-stacking.""",
       (S000, S001, S002), (CLASSIC,),
       difference="The house-rules page lets draws pile up. The other sheets never mention "
                  "it; they only say the next player draws and misses the turn, and we read "
                  "that as no stacking unless the house rule is on."),
    _r("stacking", "actions", "No stacking", """
Hit by a Draw Two or Wild Draw Four? Take the cards and miss your turn; you cannot pass them on. The player after you may then lay a Draw Two on it as an ordinary match. See #house-stacking.""",
       (S000, S004), (C112, WIMPY)),

    # -- Wild Draw Four: the restriction and the challenge --
    _r("wild-draw-four-restriction", "wd4", "When Wild Draw Four is allowed", """
Only when you hold no card of the colour in play; numbers or symbols that match in other colours are fine. Red 7 on top: with a red 2, no; with just a blue 7 and a green Skip, yes.""",
       (S000, S001, S002, S004),
       difference="We ignore an unclear line of the house-rules page that lets it only "
                  "open a turn."),
    _r("challenge", "wd4", "The challenge", """
Think a Wild Draw Four was illegal? Challenge before drawing; the player shows their hand to you alone. Guilty: they take the 4, not you, and you then play on the colour named. Innocent: you take 4 plus 2, so 6, and miss your turn.""",
       (S000, S002, S004),
       difference="Who plays after a guilty challenge? The sheets are silent; we say the "
                  "challenger, as Mattel does."),
    _r("challenge-who", "wd4", "Who may challenge", """
Only the player who has to take the 4 cards.""",
       (S000,)),

    # -- edition extras --
    _r("blank-cards", "extras", "Blank cards", """
Agree before the game what the 4 Blanks do: write a rule on each (\u201cnext player takes 1\u201d), or play them as Wilds. Their points are a setting: #house-blank-points.""",
       (S000,), (C112,),
       difference="The Blanks leaflet gives them no rule and no value: the table decides. "
                  "The 40 points are our default."),
    _r("cheese-touch", "extras", "Cheese Touch", """
Lay it only on yellow (a yellow card, or a Wild that named yellow). The next player takes 2, then must lay a yellow card; with none, they take 2 more. Yellow 3 on top, you lay it: Ben draws 2, then plays a yellow 8 or draws 2 more.""",
       (S004,), (WIMPY,),
       difference="The Wimpy Kid leaflet says only yellow cards; that a Wild which named "
                  "yellow counts too is our reading."),
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
       difference="The Blanks leaflet says 4. This edition follows the 108-card leaflet "
                  "and the house-rules page: 2 (or #house-uno-penalty)."),
    _r("uno-penalty", "uno", "The UNO penalty", """
Caught without saying UNO: take 4 cards.""",
       (S000,), (C112,),
       difference=f"The other leaflets and the house-rules page say 2. {_OWN}: 4 (or #house-uno-penalty)."),
    _r("uno-penalty", "uno", "The UNO penalty", """
Caught without saying UNO: take 2 cards.""",
       (S004,), (WIMPY,),
       difference=f"The Blanks leaflet says 4. {_OWN}: 2 (or #house-uno-penalty)."),

    # -- going out --
    _r("going-out", "out", "Laying your last card", """
Lay your last card and the hand is over. Count the points (#card-values), then deal again.""",
       (S000, S001, S002, S003, S004)),
    _r("going-out-on-draw", "out", "Going out on a draw card", """
You may go out on a Draw Two or Wild Draw Four. The next player still takes the 2 or 4, and they count in the score.""",
       (S000, S002, S004)),

    # -- an empty draw pile --
    _r("empty-draw-pile", "empty", "The draw pile runs out", """
Keep the top discard; shuffle the rest face down as the new draw pile.""",
       (S000, S001, S002, S004),
       difference="The sheets only say to reshuffle the discard pile; keeping its top "
                  "card is our reading."),

    # -- two players --
    _r("two-players", "two", "Playing with two", """
A Reverse acts as a Skip: you play again. So does a Skip, and a Draw Two or Wild Draw Four once your rival has drawn. This is Mattel\u2019s rule; the sheets leave it out, though the house-rules page notes that a Skip with two players lets you go again.""",
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
Blank: 40, our default (#house-blank-points)

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
A 0 left in a hand scores 10, not 0, as the official-rules page has it. A red 0 and a 5: 15.""",
       (S001,), house_rule="zero_counts_ten"),
    _r("house-stacking", "house", "Stacking draws", """
Owed a draw, you may add a Draw Two or Wild Draw Four instead; the next player owes the total. Whoever cannot or will not add takes it all and is skipped. +2, +2, +4: the fourth player takes 8. From the house-rules page.""",
       (S003,), house_rule="stacking",
       difference="Three modes to pick from. Plain stacking (any draw card on any) is the "
                  "house-rules page's reading. Progressive, same kind only (a +2 on a +2, a +4 on "
                  "a +4), is the one Mattel printed in its UNO House Rules edition. Equal or "
                  "higher (a +2 or +4 on a +2, only a +4 on a +4) is a common family variant. A "
                  "card the mode refuses costs the whole total. Mattel has also said publicly "
                  "that stacking is not in the official rules. Across a jump-in "
                  "(#house-jump-in) penalties never add up."),
    _r("house-seven-o", "house", "Seven-O", """
Lay a 7 and you must swap the rest of your hand with a player you pick (never yourself). Lay a 0 and every hand moves one seat in the direction of play. Then play goes on as after any number card. Not on a last card, nor on a 7 or 0 turned up to start. Handed one card? Still say UNO. Scores count the cards held at the end.""",
       (S002,), house_rule="seven_o",
       difference="Our reading: the swap is compulsory and a 0 follows the direction of play. "
                  "Some tables make the swap optional or always pass a 0 to the left; we chose "
                  "the version Mattel printed in its UNO House Rules and No Mercy editions. The "
                  "official rules give a 7 and a 0 no effect."),
    _r("house-jump-in", "house", "Jump-In", """
Hold a card identical to the top card (same colour, same number or symbol)? Lay it at once, out of turn, even right after your own. Never a Wild or Wild Draw Four. Play goes on from you: the players passed over lose that turn. A Draw Two jumped on still charges its own victim: penalties never add up.""",
       (S002,), house_rule="jump_in",
       difference="Some tables let a card of the same number but another colour jump in, or add "
                  "up the draws; we follow the identical-card version Mattel printed in its UNO "
                  "House Rules edition, which keeps the turn order easy to follow. The official "
                  "rules have everyone play in turn."),
    _r("house-draw-to-match", "house", "Draw until you can play", """
Drawing on your own turn? Keep drawing until a card fits, then lay that card at once. Never for penalty draws: a Draw Two, a Wild Draw Four, a lost challenge, the UNO penalty or any other card you are told to take is taken as it is.""",
       (S002,), house_rule="draw_to_match",
       difference="The official rules draw one card only (#draw-when-stuck). Some tables may "
                  "keep the card that finally fits; we make it be played, as Mattel's No Mercy "
                  "edition prints the rule."),
    _r("house-force-play", "house", "Force play", """
A card you drew that fits must be played at once, even when you drew by choice with a playable card in hand.""",
       (S000,), house_rule="force_play",
       difference="The Blanks leaflet says to play a drawn card that fits but lets a player who "
                  "drew by choice keep it; this house rule drops that exception. The other "
                  "sheets let you keep the drawn card (#play-drawn-card)."),
    _r("house-wild-draw4-any-time", "house", "No bluffing", """
A Wild Draw Four may go on any card, whatever your hand holds, and it cannot be challenged: the next player simply draws 4 and misses the turn.""",
       (S002,), house_rule="wild_draw4_any_time",
       difference="The official rules allow it only with no card of the colour in play, and let "
                  "the next player challenge (#challenge). Mattel's No Mercy edition prints the "
                  "no-challenge reading we follow."),
    _r("house-uno-penalty", "house", "UNO penalty size", """
Most sheets say 2 cards; the Blanks leaflet says 4. Set your own number when creating the game (#uno-penalty).""",
       (S000, S002, S003, S004), house_rule="uno_penalty"),
    _r("house-blank-points", "house", "Blank points", """
What a Blank left in a hand scores: 40 (our default) unless set when creating the game.""",
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


_FOLD = str.maketrans({"ł": "l", "\u2019": "'", "\u2018": "'"})
SPELLINGS = (("colour", "color"),)  # UK -> US: either finds both
_TITLES = {r.id: r.title for r in _RULES}
_SECTION_TITLES = dict(SECTIONS)


def fold(text: str) -> str:
    """What search compares: lower case, no accents ("weź" is "wez", "ł" is "l"), one
    apostrophe, US spelling. static/rules.js folds the same way."""
    text = unicodedata.normalize("NFKD", text.casefold().translate(_FOLD))
    text = "".join(c for c in text if not unicodedata.combining(c))
    for uk, us in SPELLINGS:
        text = text.replace(uk, us)
    return text


def titled_links(text: str, translate: Callable[[str], str] = _same) -> str:
    """`#rule-id` as the page shows it: that rule's title, in the page's language."""
    return LINK.sub(lambda m: translate(_TITLES[m[1]]) if m[1] in _TITLES else m[0], text)


def searchable(rule: Rule, translate: Callable[[str], str] = _same) -> str:
    """What a search looks through: the id, its section's heading, the title, the text and
    any difference note, with cross-references read as titles, folded (`fold`).

    `translate` turns each English text into the page's language (gettext), so a Polish page
    is searched in Polish.
    """
    parts = (_SECTION_TITLES[rule.section], rule.title, rule.text) + (
        (rule.difference,) if rule.difference else ())
    return fold(" ".join((rule.id, *(titled_links(translate(p), translate) for p in parts))))


def search(edition: str, query: str, translate: Callable[[str], str] = _same) -> list[Rule]:
    """Rules containing every word of the query, in any order, in page order. Forgiving:
    case, accents, apostrophes and UK/US spelling do not matter."""
    words = fold(query or "").split()
    return [r for r in rules_for(edition) if all(w in searchable(r, translate) for w in words)]


def messages() -> list[str]:
    """Every English text the rules pages show, once each: the msgids a translation covers."""
    texts = [title for _, title in SECTIONS] + [t for pair in SOURCES.values() for t in pair]
    for rule in _RULES:
        texts += [rule.title, rule.text] + ([rule.difference] if rule.difference else [])
    return list(dict.fromkeys(texts))


LINK = re.compile(r"#([a-z0-9]+(?:-[a-z0-9]+)*)")
