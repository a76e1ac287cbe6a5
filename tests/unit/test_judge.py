"""The judge, as pure Python: situations from the rule sheets in, rulings out.

Each case's id names the sheet it comes from (see /work/shared/rule-sources):
000 the 112-card sheet with Blanks (classic-112), 001 a web page on the official
rules, 002 the 108-card sheet, 003 a web page with house rules (classic),
004 the Diary of a Wimpy Kid sheet (wimpy-kid). "Mattel" marks the official
two-player rule the sheets leave out.
"""
import pytest

from scorekeeper.domain.editions import EDITIONS
from scorekeeper.domain.judge import QUESTIONS, JudgeError, Ruling, judge

C, C112, W = "classic", "classic-112", "wimpy-kid"
STACKING = {"stacking": True}


def q(question, edition=C, **fields):
    return {"question": question, "edition": edition, **fields}


def case(case_id, question, ruling, draws=None, rules=(), says=(), depends=None,
         verdict=None, details=None):
    expected = {"ruling": ruling, "draws": draws or {}, "rules": rules, "says": says,
                "depends": depends, "verdict": verdict, "details": details or {}}
    return pytest.param(question, expected, id=case_id)


SCENARIOS = [
    # ---- can this card be played?
    case("001: a card of the same colour is legal",
         q("play", top="red-7", card="red-2"), "legal", rules=["matching"],
         says=["red 2", "red 7", "by colour"]),
    case("002: any colour 7 on a red 7 is legal (matches by number)",
         q("play", top="red-7", card="blue-7"), "legal", rules=["matching"],
         says=["blue 7", "red 7", "by number"]),
    case("004: any colour 7 on a red 7 is legal in the wimpy-kid deck too",
         q("play", W, top="red-7", card="green-7"), "legal", says=["green 7"]),
    case("002: a Skip on a Skip of another colour matches by symbol",
         q("play", top="red-skip", card="green-skip"), "legal", rules=["matching", "skip"],
         says=["by symbol", "skipped"]),
    case("002: neither colour nor number matches: illegal",
         q("play", top="red-7", card="blue-3"), "illegal", rules=["matching"],
         says=["blue 3", "red 7"]),
    case("000: a Reverse only goes on its colour or another Reverse",
         q("play", C112, top="red-7", card="blue-reverse"), "illegal", rules=["reverse"]),
    case("004: a Reverse on a Reverse of another colour is legal",
         q("play", W, top="red-reverse", card="green-reverse", players=4), "legal",
         rules=["reverse"], says=["reverses"]),
    case("002: a Draw Two on a Draw Two of another colour (nothing pending) is legal",
         q("play", top="red-draw2", card="blue-draw2"), "legal", {"next-player": 2},
         rules=["draw-two"]),
    case("002: a Wild may go on any card",
         q("play", top="red-7", card="wild"), "legal", rules=["wild", "wild-any-time"]),
    case("000: a Wild may be played even when another card would fit",
         q("play", C112, top="red-7", card="wild", hand=["red-2"]), "legal",
         rules=["wild-any-time"]),
    case("002: on a Wild, the colour called decides",
         q("play", top="wild", color="blue", card="blue-4"), "legal",
         says=["colour called", "blue"]),
    case("001: on a Wild that called blue, a red card is illegal",
         q("play", top="wild", color="blue", card="red-4"), "illegal", says=["blue"]),
    case("001: a Wild Draw Four while holding a matching number of another colour is legal",
         q("play", top="red-7", card="wild-draw4", hand=["blue-7", "green-skip"]), "legal",
         {"next-player": 4}, rules=["wild-draw-four-restriction"],
         says=["no red card", "blue 7", "by number"]),
    case("000: a Wild Draw Four while holding a matching symbol of another colour is legal",
         q("play", C112, top="yellow-skip", card="wild-draw4", hand=["green-skip", "blue-2"]),
         "legal", {"next-player": 4}, says=["green Skip", "by symbol"]),
    case("002: a Wild Draw Four while holding the colour in play is illegal",
         q("play", top="red-7", card="wild-draw4", hand=["red-1", "blue-7"]), "illegal",
         rules=["wild-draw-four-restriction", "challenge"], says=["red 1", "(red)"]),
    case("004: on a Wild that called green, holding a green card makes Wild Draw Four illegal",
         q("play", W, top="wild", color="green", card="wild-draw4", hand=["green-5"]),
         "illegal", says=["green 5"]),
    case("002: a Wild Draw Four as the last card is legal",
         q("play", top="blue-2", card="wild-draw4", hand=[]), "legal", {"next-player": 4},
         says=["no blue card"]),
    case("001: holding a Wild does not stop a Wild Draw Four",
         q("play", top="red-7", card="wild-draw4", hand=["wild", "yellow-3"]), "legal",
         {"next-player": 4}),
    case("003: two players: a Reverse acts as a Skip (Mattel)",
         q("play", top="red-7", card="red-reverse", players=2), "legal",
         rules=["reverse", "two-players"], says=["acts as Skip", "plays again"],
         depends="Two players"),
    case("000: the card just drawn may be played if it matches",
         q("play", C112, top="red-7", card="green-7", drawn="green-7"), "legal",
         rules=["play-drawn-card"], says=["just drawn", "green 7"]),
    case("002: after drawing, a card from the hand may not be played",
         q("play", top="red-7", card="red-3", drawn="blue-2"), "illegal",
         rules=["no-play-after-draw"], says=["blue 2", "red 3"]),
    case("004: after drawing, a card from the hand may not be played, even a match",
         q("play", W, top="yellow-5", card="yellow-9", drawn="red-1"), "illegal",
         rules=["no-play-after-draw"]),
    case("003: a drawn card that does not fit cannot be played",
         q("play", top="red-7", card="blue-2", drawn="blue-2"), "illegal",
         rules=["play-drawn-card", "draw-when-stuck"], says=["does not match"]),
    case("001: with a Draw Two pending the player draws and loses the turn (no stacking)",
         q("play", top="red-draw2", card="blue-draw2", pending_draw=2), "illegal",
         {"player": 2}, rules=["stacking", "house-stacking"],
         depends="stacking house rule"),
    case("002: with a Wild Draw Four pending no card may be played",
         q("play", top="wild-draw4", color="red", card="red-5", pending_draw=4), "illegal",
         {"player": 4}, rules=["stacking", "wild-draw-four"]),
    case("003: stacking house rule: a Draw Two on a pending Draw Two adds up",
         q("play", top="red-draw2", card="blue-draw2", pending_draw=2, house_rules=STACKING),
         "legal", {"next-player": 4}, rules=["house-stacking"],
         depends="House rule: stacking is on"),
    case("003: stacking house rule: a Wild Draw Four on a pending Draw Two adds up",
         q("play", top="red-draw2", card="wild-draw4", hand=["blue-3"], pending_draw=2,
           house_rules=STACKING), "legal", {"next-player": 6}, says=["2 + 4 = 6"]),
    case("003: stacking house rule: a number card cannot answer a pending draw",
         q("play", top="red-draw2", card="red-5", pending_draw=2, house_rules=STACKING),
         "illegal", {"player": 2}, rules=["house-stacking"]),
    case("004: the Cheese Touch on a yellow card is legal",
         q("play", W, top="yellow-3", card="cheese-touch"), "legal", {"next-player": 2},
         rules=["cheese-touch"]),
    case("004: the Cheese Touch on a Wild that called yellow is legal",
         q("play", W, top="wild", color="yellow", card="cheese-touch"), "legal",
         {"next-player": 2}),
    case("004: the Cheese Touch on a red card is illegal",
         q("play", W, top="red-3", card="cheese-touch"), "illegal", rules=["cheese-touch"],
         says=["not yellow"]),
    case("004: hit by the Cheese Touch, a yellow card is legal after drawing 2",
         q("play", W, top="cheese-touch", card="yellow-8"), "legal", {"player": 2},
         rules=["cheese-touch"], says=["yellow 8"]),
    case("004: hit by the Cheese Touch, a red card is illegal (draw 2 more with no yellow)",
         q("play", W, top="cheese-touch", card="red-8"), "illegal", {"player": 2},
         says=["2 more"]),
    case("004: hit by the Cheese Touch, a second Cheese Touch is not a yellow card to answer with",
         q("play", W, top="cheese-touch", card="cheese-touch"), "illegal", {"player": 2},
         depends="counts only yellow cards"),
    case("004: a Cheese Touch in the hand does not stop a Wild Draw Four on yellow",
         q("play", W, top="yellow-3", card="wild-draw4", hand=["cheese-touch", "red-3"]), "legal",
         {"next-player": 4}, depends="counts only yellow cards"),
    case("004: an answered Cheese Touch counts as a normal yellow card",
         q("play", W, top="cheese-touch", cheese_touch_fresh=False, card="yellow-2"), "legal",
         rules=["cheese-touch-after"]),
    case("000: a Blank card is left to the table (no guess)",
         q("play", C112, top="red-7", card="blank"), "table-decides", rules=["blank-cards"],
         depends="table decides"),

    # ---- Wild Draw Four challenge
    case("000: guilty: the challenged player held the colour in play and draws 4",
         q("challenge", C112, color="red", hand=["red-2", "blue-7"]), "guilty",
         {"challenged": 4}, rules=["challenge", "wild-draw-four-restriction"],
         says=["red 2"]),
    case("002: innocent: a matching number of another colour is allowed, challenger draws 6",
         q("challenge", color="red", hand=["blue-7", "green-skip"]), "innocent",
         {"challenger": 6}, says=["no red card", "blue 7", "only the colour counts", "6"]),
    case("004: innocent: wild cards are not the colour in play",
         q("challenge", W, color="yellow", hand=["wild", "green-2"]), "innocent",
         {"challenger": 6}),
    case("004: guilty, named: Ben draws 4",
         q("challenge", W, color="blue", hand=["blue-9"], challenged="Ben", challenger="Ana"),
         "guilty", {"challenged": 4}, verdict="Guilty: Ben draws 4", says=["Ben", "Ana"]),
    case("000: only the player who must draw the 4 may challenge",
         q("challenge", C112, color="red", hand=["red-1"], by="another-player"),
         "not-allowed", {"next-player": 4}, rules=["challenge-who"]),
    case("001: the colour in play can come from the top card",
         q("challenge", top="green-4", hand=["green-1"]), "guilty", {"challenged": 4}),

    # ---- forgot to say UNO
    case("000: caught in time in the 112-card edition: draw 4",
         q("uno", C112, caught="before-next-turn", said_uno_first=False), "penalty",
         {"player": 4}, rules=["uno-penalty"], depends="Classic with Blank cards (112): the penalty is 4, as its leaflet says"),
    case("002: caught in time in the classic edition: draw 2",
         q("uno", caught="before-next-turn", said_uno_first=False), "penalty", {"player": 2},
         rules=["say-uno", "uno-penalty"]),
    case("004: caught in time in the wimpy-kid edition: draw 2",
         q("uno", W, caught="before-next-turn", player="Cy"), "penalty", {"player": 2},
         verdict="Penalty: Cy draws 2"),
    case("000: a caught player who said UNO first is safe",
         q("uno", C112, caught="before-next-turn", said_uno_first=True), "no-penalty",
         rules=["uno-self-catch"]),
    case("000: too early: before the second-to-last card touched the pile",
         q("uno", C112, caught="before-second-to-last-card"), "no-penalty",
         rules=["uno-catch-window"], verdict="too early"),
    case("000: too late: after the next player began their turn",
         q("uno", C112, caught="after-next-turn"), "no-penalty", rules=["uno-catch-window"],
         verdict="too late"),
    case("003: house rule: the UNO penalty is 3",
         q("uno", caught="before-next-turn", house_rules={"uno_penalty": 3}), "penalty",
         {"player": 3}, rules=["house-uno-penalty"], depends="House rule: the UNO penalty is 3"),
    case("000: house rule 2 overrides the 112-card edition's 4",
         q("uno", C112, caught="before-next-turn", house_rules={"uno_penalty": 2}), "penalty",
         {"player": 2}, depends="the deck's own rule says 4"),
    case("003: house rule: no UNO penalty at all",
         q("uno", caught="before-next-turn", house_rules={"uno_penalty": 0}), "no-penalty",
         rules=["house-uno-penalty"]),

    # ---- the first card turned up
    case("002: first card Reverse in classic: the dealer plays first, play goes right",
         q("first-card", card="red-reverse"), "dealer", rules=["first-card-reverse"],
         details={"first_player": "dealer", "direction": "right"}, depends="as the 108-card leaflet says"),
    case("000: first card Reverse in classic-112: the dealer's right plays first",
         q("first-card", C112, card="reverse"), "right-of-dealer",
         details={"first_player": "right-of-dealer", "direction": "right"},
         depends="right plays first, as its leaflet says"),
    case("004: first card Reverse in wimpy-kid: the dealer plays first",
         q("first-card", W, card="green-reverse"), "dealer", details={"direction": "right"}),
    case("003: first card Reverse with two players acts as a Skip (Mattel)",
         q("first-card", C112, card="reverse", players=2), "dealer", rules=["two-players"],
         depends="Two players"),
    case("002: first card Skip: the dealer's left is skipped",
         q("first-card", card="blue-skip"), "second-left-of-dealer",
         rules=["first-card-skip"], details={"direction": "left"}),
    case("000: first card Draw Two: the first player draws 2",
         q("first-card", C112, card="yellow-draw2"), "second-left-of-dealer",
         {"left-of-dealer": 2}, rules=["first-card-draw-two"]),
    case("004: first card Wild: the dealer's left names the colour and plays",
         q("first-card", W, card="wild"), "left-of-dealer", rules=["first-card-wild"],
         details={"names_colour": "left-of-dealer"}),
    case("000: first card Wild Draw Four is returned and another turned up",
         q("first-card", C112, card="wild-draw4"), "returned",
         rules=["first-card-wild-draw-four"]),
    case("002: first card Wild Draw Four is returned (classic)",
         q("first-card", card="wild-draw4"), "returned"),
    case("004: first card Wild Draw Four is returned (wimpy-kid)",
         q("first-card", W, card="wild-draw4"), "returned"),
    case("001: first card a number: the dealer's left plays first, to the left",
         q("first-card", card="green-4"), "left-of-dealer",
         details={"first_player": "left-of-dealer", "direction": "left"}),
    case("000: first card Blank: turn up another (the table may say otherwise)",
         q("first-card", C112, card="blank"), "returned", rules=["first-card-blank"]),
    case("004: first card Cheese Touch: the dealer's left draws 2 and plays yellow",
         q("first-card", W, card="cheese-touch"), "left-of-dealer", {"left-of-dealer": 2},
         rules=["first-card-cheese-touch"]),

    # ---- drawing
    case("002: you may draw instead of playing a card that fits",
         q("draw", action="draw-instead-of-playing"), "legal", rules=["draw-instead"]),
    case("000: you may not play a card from the hand after drawing",
         q("draw", C112, action="play-other-after-draw", drawn="blue-2", card="red-3"),
         "illegal", rules=["no-play-after-draw"], says=["blue 2", "red 3"]),
    case("003: play the drawn card if you can",
         q("draw", action="play-drawn", top="red-7", drawn="red-1"), "legal",
         rules=["play-drawn-card"]),
    case("004: a drawn card that does not fit stays in the hand",
         q("draw", W, action="play-drawn", top="red-7", drawn="blue-1"), "illegal",
         rules=["play-drawn-card"]),
    case("003: draw one card, not until something fits",
         q("draw", action="keep-drawing"), "illegal", rules=["draw-when-stuck"]),
    case("001: classic: a drawn card that fits may be kept",
         q("draw", action="keep-drawn"), "legal", depends="may be kept"),
    case("000: classic-112: a drawn card that fits must be played when nothing fitted",
         q("draw", C112, action="keep-drawn"), "illegal", depends="must be played"),
    case("000: classic-112: drawn by choice, the drawn card may be kept",
         q("draw", C112, action="keep-drawn", by_choice=True), "legal",
         rules=["draw-instead"]),
    case("004: wimpy-kid: a drawn card that fits may be kept",
         q("draw", W, action="keep-drawn"), "legal", depends="Diary of a Wimpy Kid (112): a drawn card that fits may be kept, as its leaflet says"),

    # ---- stacking
    case("001: official rules: no Draw Two on a pending Draw Two",
         q("stacking", pending="draw2", card="blue-draw2"), "illegal", {"player": 2},
         rules=["stacking"], depends="Official rules: no stacking"),
    case("000: official rules: no Wild Draw Four on a pending Wild Draw Four",
         q("stacking", C112, pending="wild-draw4", card="wild-draw4"), "illegal",
         {"player": 4}),
    case("003: house stacking: Draw Two on Draw Two, the next player draws 4",
         q("stacking", pending="red-draw2", card="blue-draw2", house_rules=STACKING), "legal",
         {"next-player": 4}, rules=["house-stacking"], depends="stacking is on"),
    case("003: house stacking: +2, +2, +4 makes the fourth player draw 8",
         q("stacking", pending="draw2", total=4, card="wild-draw4", house_rules=STACKING),
         "legal", {"next-player": 8}, says=["4 + 4 = 8"]),
    case("003: house stacking: a Draw Two on a Wild Draw Four must match the colour called",
         q("stacking", pending="wild-draw4", color="red", card="blue-draw2",
           house_rules=STACKING), "illegal", {"player": 4}),
    case("003: house stacking: a red Draw Two on a Wild Draw Four that called red",
         q("stacking", pending="wild-draw4", color="red", card="red-draw2",
           house_rules=STACKING), "legal", {"next-player": 6}),
    case("003: house stacking: only draw cards stack",
         q("stacking", W, pending="draw2", card="green-skip", house_rules=STACKING),
         "illegal", {"player": 2}),

    # ---- two players
    case("003: two players: Reverse acts as Skip, play again (Mattel)",
         q("two-players", card="red-reverse"), "play-again", rules=["two-players", "reverse"]),
    case("003: two players: a Skip means play again",
         q("two-players", C112, card="skip"), "play-again", rules=["skip"]),
    case("003: two players: a Draw Two, the other draws 2 and you play again",
         q("two-players", W, card="draw2"), "play-again", {"other-player": 2}),
    case("003: two players: a number card passes the turn",
         q("two-players", card="blue-5"), "turn-passes"),

    # ---- going out on a draw card
    case("000: going out on a Draw Two: the next player still draws 2, and they count",
         q("going-out", C112, card="red-draw2"), "next-player-draws", {"next-player": 2},
         rules=["going-out-on-draw"], says=["count"]),
    case("002: going out on a Wild Draw Four: the next player still draws 4",
         q("going-out", card="wild-draw4"), "next-player-draws", {"next-player": 4}),
    case("004: going out on a number card: the hand is over",
         q("going-out", W, card="green-3"), "hand-over", rules=["going-out"]),
    case("004: going out on the Cheese Touch: the next player draws 2",
         q("going-out", W, card="cheese-touch"), "next-player-draws", {"next-player": 2},
         depends="Diary of a Wimpy Kid: its leaflet says the next player draws 2"),

    # ---- empty draw pile
    case("000: empty draw pile: reshuffle the discards",
         q("empty-draw-pile", C112), "reshuffle", rules=["empty-draw-pile"],
         says=["top card"]),
    case("002: empty draw pile: reshuffle the discards (classic)",
         q("empty-draw-pile"), "reshuffle"),
    case("004: empty draw pile: reshuffle the discards (wimpy-kid)",
         q("empty-draw-pile", W), "reshuffle"),

    # ---- the Cheese Touch question
    case("004: the Cheese Touch may be played on a yellow 3",
         q("cheese-touch", W, situation="play", top="yellow-3"), "legal", {"next-player": 2}),
    case("004: the Cheese Touch may not be played on a blue card",
         q("cheese-touch", W, situation="play", top="blue-3"), "illegal"),
    case("004: the next player draws 2 and answers with a yellow card",
         q("cheese-touch", W, situation="next-player", card="yellow-8"), "legal",
         {"player": 2}),
    case("004: the next player with no yellow card draws 2 more",
         q("cheese-touch", W, situation="next-player", has_yellow=False), "draw-more",
         {"player": 4}),
    case("004: a Wild does not answer the Cheese Touch: a yellow card is needed",
         q("cheese-touch", W, situation="next-player", card="wild"), "illegal", {"player": 2}),
    case("004: afterwards the Cheese Touch is a normal yellow card",
         q("cheese-touch", W, situation="later"), "yellow-card",
         rules=["cheese-touch-after"]),
]


@pytest.mark.parametrize("question, expected", SCENARIOS)
def test_scenario(question, expected):
    ruling = judge(question)
    assert isinstance(ruling, Ruling)
    assert ruling.ruling == expected["ruling"], ruling
    assert ruling.draws == expected["draws"], ruling
    assert ruling.edition == question["edition"]
    for rule_id in expected["rules"]:
        assert rule_id in ruling.rules, (rule_id, ruling.rules)
    text = ruling.explanation.lower()
    for words in expected["says"]:
        assert words.lower() in text, (words, ruling.explanation)
    if expected["depends"]:
        assert expected["depends"].lower() in " ".join(ruling.depends_on).lower(), ruling.depends_on
    if expected["verdict"]:
        assert expected["verdict"].lower() in ruling.verdict.lower(), ruling.verdict
    for key, value in expected["details"].items():
        assert ruling.details[key] == value, ruling.details
    # the shape every ruling has
    assert ruling.verdict and ruling.rules
    assert len(ruling.explanation.split("\n")) == 2 and all(ruling.lines)


def test_there_are_at_least_sixty_scenarios_across_all_questions_and_editions():
    assert len(SCENARIOS) >= 60
    from tests.unit.test_house_rules import HOUSE_SCENARIOS  # issue 39's questions live there
    questions = {p.values[0]["question"] for p in SCENARIOS + HOUSE_SCENARIOS}
    editions = {p.values[0]["edition"] for p in SCENARIOS}
    sheets = {p.id[:3] for p in SCENARIOS}
    assert questions == set(QUESTIONS)
    assert editions == set(EDITIONS)
    assert sheets == {"000", "001", "002", "003", "004"}


@pytest.mark.parametrize("question, expected", SCENARIOS)
def test_every_rule_id_resolves_in_the_rulebook(question, expected):
    rulebook = pytest.importorskip("scorekeeper.domain.rulebook")
    ruling = judge(question)
    known = rulebook.rule_ids(ruling.edition)
    assert set(ruling.rules) <= known, set(ruling.rules) - known


def test_edition_defaults_to_classic():
    assert judge({"question": "uno", "caught": "before-next-turn"}).edition == "classic"


BAD = [
    pytest.param(["play"], "JSON object", id="not an object"),
    pytest.param({}, "which question", id="no question"),
    pytest.param({"question": "cheat"}, "Unknown question", id="unknown question"),
    pytest.param({"question": ["play"]}, "Unknown question", id="question as a list"),
    pytest.param(q("play", edition="deluxe", top="red-7", card="red-1"), "Unknown edition",
                 id="unknown edition"),
    pytest.param(q("play", top="red-7"), "card played", id="no card played"),
    pytest.param(q("play", card="red-7"), "top card", id="no top card"),
    pytest.param(q("play", top="red-7", card="purple-7"), "not a card", id="unknown card"),
    pytest.param(q("play", top="red-7", card=7), "not a card", id="card as a number"),
    pytest.param(q("play", top="wild", card="red-7"), "which colour was called",
                 id="wild on top with no colour called"),
    pytest.param(q("play", top="wild-draw4", card="red-7"), "which colour was called",
                 id="wild draw four on top with no colour called"),
    pytest.param(q("play", top="red-7", card="7"), "say the colour", id="card without colour"),
    pytest.param(q("play", top="red-7", color="blue", card="red-1"), "only for a Wild",
                 id="colour called on a coloured top card"),
    pytest.param(q("play", top="red-7", card="wild-draw4"), "other cards the player holds",
                 id="wild draw four without the hand"),
    pytest.param(q("play", top="red-7", card="cheese-touch"), "no Cheese Touch card",
                 id="cheese touch in the classic deck"),
    pytest.param(q("play", top="red-7", card="blank"), "no Blank card",
                 id="blank in the classic deck"),
    pytest.param(q("play", top="red-7", card="red-1", pending_draw=2), "Draw Two or Wild Draw Four",
                 id="pending draw without a draw card on top"),
    pytest.param(q("play", top="red-7", card="red-1", pending_draw="2"), "whole number",
                 id="pending draw as text"),
    pytest.param(q("play", top="red-7", card="red-1", players=11), "players",
                 id="eleven players"),
    pytest.param(q("play", top="red-7", card="red-1", hand="red-2"), "must be a list",
                 id="hand not a list"),
    pytest.param(q("play", top="red-7", card="wild-draw4", hand=["red-0", "red-0"]),
                 "only 1", id="more zeros than the deck has"),
    pytest.param(q("play", top="red-7", card="red-1", colur="red"), "Unknown field",
                 id="misspelt field"),
    pytest.param(q("play", top="red-7", card="red-1", house_rules={"double_uno": True}),
                 "Unknown house rule", id="unknown house rule"),
    pytest.param(q("play", top="red-7", card="red-1", house_rules=["stacking"]),
                 "House rules must be", id="house rules as a list"),
    pytest.param(q("challenge", color="red"), "which cards the player holds",
                 id="challenge without the hand"),
    pytest.param(q("challenge", hand=["red-1"]), "colour in play", id="challenge without colour"),
    pytest.param(q("challenge", color="pink", hand=[]), "must be one of", id="unknown colour"),
    pytest.param(q("challenge", color="red", hand=[], card="red-7"), "Only a Wild Draw Four",
                 id="challenging a card that is not a wild draw four"),
    # 002: the deck holds 4 Wild Draw Four cards; one of them is the card challenged, so the
    # challenged player's other cards can hold at most 3 more
    pytest.param(q("challenge", color="red", hand=["wild-draw4"] * 4), "5 × Wild Draw Four",
                 id="a challenge hand that needs five wild draw fours"),
    pytest.param(q("uno"), "when the catch came", id="uno without when"),
    pytest.param(q("uno", caught="yesterday"), "must be one of", id="uno unknown moment"),
    pytest.param(q("uno", caught="before-next-turn", said_uno_first="yes"), "true or false",
                 id="said uno first as text"),
    pytest.param(q("first-card"), "card turned up", id="first card missing"),
    pytest.param(q("draw"), "what the player wants", id="draw without action"),
    pytest.param(q("draw", action="play-drawn", top="red-7"), "card drawn",
                 id="play drawn without the drawn card"),
    pytest.param(q("stacking", pending="red-7", card="red-draw2"), "'pending' must be",
                 id="stacking on a card that is not a draw card"),
    pytest.param(q("stacking", pending="wild-draw4", card="red-draw2", house_rules=STACKING),
                 "colour was called", id="stacking draw two on wd4 without the colour"),
    pytest.param(q("cheese-touch", situation="later"), "only in the Diary of a Wimpy Kid deck",
                 id="cheese touch question in the classic edition"),
    pytest.param(q("cheese-touch", W, situation="play"), "top card",
                 id="cheese touch play without the top card"),
    pytest.param(q("going-out", card="cheese-touch", edition=C112), "no Cheese Touch",
                 id="cheese touch in the 112 deck"),
    pytest.param(q("play", C112, top="red-7", card="red-1", house_rules={"blank_points": "x"}),
                 "whole number", id="blank points not a number"),
]


@pytest.mark.parametrize("question, message", BAD)
def test_what_cannot_be_judged_says_what_is_missing(question, message):
    with pytest.raises(JudgeError) as err:
        judge(question)
    assert message.lower() in str(err.value).lower()


def test_the_judge_package_reaches_only_cards_editions_and_text_outside_itself():
    """test_domain_purity keeps the whole domain to the standard library; the judge also
    keeps out of the rulebook."""
    import ast
    from pathlib import Path

    import scorekeeper.domain.judge as package
    folder = Path(package.__file__).parent
    siblings = {path.stem for path in folder.glob("*.py")}
    for path in sorted(folder.glob("*.py")):
        relative = [node for node in ast.walk(ast.parse(path.read_text()))
                    if isinstance(node, ast.ImportFrom) and node.level > 0]
        inside = {node.module or "" for node in relative if node.level == 1}
        assert inside <= siblings, (path.name, inside)
        outside = {node.module or "" for node in relative if node.level > 1}
        assert outside <= {"cards", "editions", "text"}, (path.name, outside)  # never the rulebook


# ---------------------------------------------------------------- issue 11: one judge per thing

def test_the_dispatch_table_has_a_parser_and_a_judge_for_every_question():
    from scorekeeper.domain.judge import JUDGES
    assert list(JUDGES) == list(QUESTIONS)
    assert all(callable(parse) and callable(judge_it) for parse, judge_it in JUDGES.values())


def test_draw_and_cheese_touch_judges_take_parsed_arguments():
    from scorekeeper.domain.cards import parse_card
    from scorekeeper.domain.editions import HouseRules
    from scorekeeper.domain.judge import judge_cheese_touch, judge_draw
    drawn = judge_draw(EDITIONS[C], HouseRules(), "play-drawn", top=parse_card("red-7"),
                       drawn=parse_card("red-1"))
    assert (drawn.question, drawn.ruling) == ("draw", "legal")
    answered = judge_cheese_touch(EDITIONS[W], HouseRules(), "next-player",
                                  card=parse_card("yellow-8"))
    assert answered.ruling == "legal" and answered.draws == {"player": 2}


def test_stacking_is_one_judgement_whichever_question_asks():
    on = {"stacking": True}
    played = judge(q("play", top="wild-draw4", color="red", card="wild-draw4", pending_draw=4,
                     house_rules=on))
    stacked = judge(q("stacking", pending="wild-draw4", color="red", card="wild-draw4",
                      house_rules=on))
    assert played.draws == stacked.draws == {"next-player": 8}
    assert played.explanation == stacked.explanation
    with_hand = [judge(q("play", top="wild-draw4", color="red", card="wild-draw4", pending_draw=4,
                         hand=["red-1"], house_rules=on)),
                 judge(q("stacking", pending="wild-draw4", color="red", card="wild-draw4",
                         hand=["red-1"], house_rules=on))]
    assert [r.ruling for r in with_hand] == ["illegal", "illegal"]


def test_a_fresh_cheese_touch_is_one_judgement_whichever_question_asks():
    for card in ("yellow-8", "red-8", "cheese-touch"):
        played = judge(q("play", W, top="cheese-touch", card=card))
        answered = judge(q("cheese-touch", W, situation="next-player", card=card))
        assert (played.ruling, played.verdict, played.explanation, played.draws) == (
            answered.ruling, answered.verdict, answered.explanation, answered.draws), card


def test_the_player_limits_are_defined_once():
    from scorekeeper.domain import editions, scoring
    from scorekeeper.domain import judge as judge_package
    assert (scoring.MIN_PLAYERS, scoring.MAX_PLAYERS) == (editions.MIN_PLAYERS, editions.MAX_PLAYERS)
    assert judge_package.MAX_PLAYERS is editions.MAX_PLAYERS


# ---------------------------------------------------------------- issue 11: the judge's findings

def test_two_players_a_cheese_touch_makes_the_other_player_draw_2_and_then_play():
    ruling = judge(q("two-players", W, card="cheese-touch"))
    assert ruling.ruling == "turn-passes" and ruling.draws == {"other-player": 2}
    assert "cheese-touch" in ruling.rules and "yellow" in ruling.explanation
    # the same as `play` says for a table of two
    played = judge(q("play", W, top="yellow-3", card="cheese-touch", players=2))
    assert list(played.draws.values()) == list(ruling.draws.values())


DECK_LIMITS = [
    pytest.param(q("play", top="red-7", card="wild-draw4", hand=["wild-draw4"] * 4),
                 ["'hand'", "'card'", "5", "only 4"], id="five wild draw fours"),
    pytest.param(q("play", top="red-0", card="red-1", hand=["red-0"]),
                 ["'top'", "'hand'", "red 0", "only 1"], id="two red zeros, top and hand"),
    pytest.param(q("play", top="red-0", card="red-0"), ["'top'", "'card'", "red 0"],
                 id="two red zeros, top and card"),
    pytest.param(q("challenge", color="red", card="wild-draw4", hand=["wild-draw4"] * 4),
                 ["'card'", "'hand'", "only 4"], id="challenge with five wild draw fours"),
    pytest.param(q("stacking", pending="blue-draw2", card="blue-draw2", hand=["blue-draw2"]),
                 ["blue Draw Two", "only 2"], id="three blue draw twos"),
]


@pytest.mark.parametrize("question, words", DECK_LIMITS)
def test_cards_named_across_fields_must_fit_the_deck_together(question, words):
    with pytest.raises(JudgeError) as err:
        judge(question)
    for word in words:
        assert word.lower() in str(err.value).lower(), str(err.value)


def test_a_card_drawn_and_then_played_is_one_card():
    assert judge(q("play", top="red-7", card="red-0", drawn="red-0")).ruling == "legal"


REFUSED = [
    pytest.param(q("two-players", card="red-reverse", players=4), "'players'",
                 id="two-players with four players"),
    pytest.param({"question": "uno", "edition": None, "caught": "before-next-turn"}, "'edition'",
                 id="edition null"),
    pytest.param(q("play", top="red-draw2", card="blue-draw2", pending_draw=3), "'pending_draw'",
                 id="odd pending draw"),
    pytest.param(q("play", top="wild-draw4", color="red", card="red-1", pending_draw=2),
                 "'pending_draw'", id="a wild draw four pending only 2"),
    pytest.param(q("stacking", pending="draw2", card="blue-draw2", total=5), "'total'",
                 id="odd stacking total"),
    pytest.param(q("uno", caught="before-next-turn", top="red-7"), "'top'",
                 id="a field uno does not use"),
    pytest.param(q("empty-draw-pile", players=3), "'players'",
                 id="a field the empty draw pile does not use"),
]


@pytest.mark.parametrize("question, field", REFUSED)
def test_fields_that_make_no_sense_are_refused_by_name(question, field):
    with pytest.raises(JudgeError) as err:
        judge(question)
    assert field in str(err.value)


@pytest.mark.parametrize("stacking", [False, True])
def test_a_wild_on_a_pending_draw_two_is_not_a_draw_card_not_stacking(stacking):
    rules = {"stacking": stacking}
    for question in (q("play", top="red-draw2", card="wild", pending_draw=2, house_rules=rules),
                     q("stacking", pending="red-draw2", card="wild", house_rules=rules)):
        ruling = judge(question)
        assert ruling.ruling == "illegal" and ruling.draws == {"player": 2}
        assert "not a draw card" in ruling.explanation
        assert "stack" not in ruling.explanation.lower(), ruling.explanation


def test_a_cheese_touch_answered_with_a_cheese_touch_states_the_sheets_silence():
    for question in (q("play", W, top="cheese-touch", card="cheese-touch"),
                     q("cheese-touch", W, situation="next-player", card="cheese-touch")):
        ruling = judge(question)
        assert "does not say" in ruling.lines[0], ruling.explanation
        assert "is not yellow" not in ruling.explanation
