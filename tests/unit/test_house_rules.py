"""Issue 39's house rules in the judge and in parsing: each case names the sentence of the
issue it was written from. No Flask."""
import pytest

from scorekeeper.domain import rulebook
from scorekeeper.domain.editions import EDITIONS, HouseRuleError, parse_house_rules
from scorekeeper.domain.judge import JudgeError, judge

C, C112, W = "classic", "classic-112", "wimpy-kid"
SEVEN_O, JUMP_IN = {"seven_o": True}, {"jump_in": True}
NO_BLUFF = {"wild_draw4_any_time": True}


def q(question, edition=C, **fields):
    return {"question": question, "edition": edition, **fields}


def case(sentence, question, ruling, draws=None, rules=(), says=(), depends=None):
    return pytest.param(question, {"ruling": ruling, "draws": draws or {}, "rules": rules,
                                   "says": says, "depends": depends}, id=sentence)


HOUSE_SCENARIOS = [
    # ---- Seven-O
    case("seven-o: a 7: its player must exchange the rest of their hand (ruling swap)",
         q("seven-o", card="7", house_rules=SEVEN_O), "swap", rules=["house-seven-o"],
         depends="House rule: Seven-O is on"),
    case("seven-o: the bare '7' is enough, a coloured one too",
         q("seven-o", W, card="green-7", player="Ola", house_rules=SEVEN_O), "swap",
         says=["Ola", "green 7"]),
    case("seven-o: not optional (decline_swap with the rule on is illegal)",
         q("seven-o", card="7", decline_swap=True, house_rules=SEVEN_O), "illegal",
         rules=["house-seven-o"]),
    case("seven-o: a 0: every player passes their hand in the direction of play (left)",
         q("seven-o", card="0", house_rules=SEVEN_O), "pass-left", says=["to the left"]),
    case("seven-o: a 0 with play going right passes right",
         q("seven-o", C112, card="red-0", direction="right", house_rules=SEVEN_O),
         "pass-right", says=["to the right"]),
    case("seven-o: with two players a 0 is an exchange",
         q("seven-o", card="0", players=2, house_rules=SEVEN_O), "pass-left",
         says=["simply exchanged"]),
    case("seven-o: no effect when the 7 or 0 was the player's last card (hand-over)",
         q("seven-o", card="7", last_card=True, decline_swap=True, house_rules=SEVEN_O),
         "hand-over", rules=["house-seven-o", "going-out"]),
    case("seven-o: rule off: no-effect, and the note says what the rule would do",
         q("seven-o", card="7"), "no-effect", rules=["house-seven-o"],
         depends="with Seven-O a 7 would make its player swap"),
    case("seven-o: rule off: decline_swap changes nothing",
         q("seven-o", card="0", decline_swap=True), "no-effect"),
    # ---- Jump-In
    case("jump-in: a card identical to the top card may be laid out of turn (legal)",
         q("jump-in", top="red-5", card="red-5", house_rules=JUMP_IN), "legal",
         rules=["house-jump-in"], depends="Jump-In is on"),
    case("jump-in: a Draw Two jumped in: {'next-player': 2}",
         q("jump-in", top="blue-draw2", card="blue-draw2", house_rules=JUMP_IN), "legal",
         {"next-player": 2}, says=["penalties do not add up"]),
    case("jump-in: a card that only matches (another colour) is illegal",
         q("jump-in", top="red-5", card="blue-5", house_rules=JUMP_IN), "illegal",
         says=["not identical"]),
    case("jump-in: Wild never jumps in (top a Wild, colour given)",
         q("jump-in", top="wild", color="red", card="wild", house_rules=JUMP_IN), "illegal",
         says=["never jumps in"]),
    case("jump-in: Wild Draw Four never jumps in",
         q("jump-in", top="wild-draw4", color="red", card="wild-draw4", house_rules=JUMP_IN),
         "illegal"),
    case("jump-in: Cheese Touch never jumps in",
         q("jump-in", W, top="cheese-touch", card="cheese-touch", house_rules=JUMP_IN),
         "illegal"),
    case("jump-in: Blank never jumps in",
         q("jump-in", C112, top="blank", card="blank", house_rules=JUMP_IN), "illegal"),
    case("jump-in: with the rule off always illegal, the note says what it would allow",
         q("jump-in", top="green-skip", card="green-skip"), "illegal",
         rules=["house-jump-in"], depends="with Jump-In a card identical"),
    # ---- no bluffing
    case("wild_draw4_any_time: play is legal with {'next-player': 4} whatever hand holds",
         q("play", top="red-7", card="wild-draw4", hand=["red-2"], house_rules=NO_BLUFF),
         "legal", {"next-player": 4}, rules=["house-wild-draw4-any-time"]),
    case("wild_draw4_any_time: hand then optional",
         q("play", top="red-7", card="wild-draw4", house_rules=NO_BLUFF), "legal",
         {"next-player": 4}),
    case("wild_draw4_any_time: challenge is not-allowed, {'next-player': 4}",
         q("challenge", color="red", hand=["red-2"], house_rules=NO_BLUFF), "not-allowed",
         {"next-player": 4}, rules=["house-wild-draw4-any-time"]),
    case("wild_draw4_any_time off: an illegal Wild Draw Four says the rule would allow it",
         q("play", top="red-7", card="wild-draw4", hand=["red-2"]), "illegal",
         rules=["house-wild-draw4-any-time"], depends="with no bluffing"),
    # ---- drawing
    case("draw_to_match: keep-drawing is legal",
         q("draw", action="keep-drawing", house_rules={"draw_to_match": True}), "legal",
         rules=["house-draw-to-match"]),
    case("draw_to_match off: keep-drawing stays illegal and says the rule would allow it",
         q("draw", action="keep-drawing"), "illegal", depends="draw until you can play"),
    case("force_play: keep-drawn is illegal, by choice too",
         q("draw", action="keep-drawn", by_choice=True, house_rules={"force_play": True}),
         "illegal", rules=["house-force-play"]),
    case("draw_to_match: keep-drawn is illegal unless by choice",
         q("draw", action="keep-drawn", house_rules={"draw_to_match": True}), "illegal",
         rules=["house-draw-to-match"]),
    case("force_play off: keep-drawn stays legal and says force play would forbid it",
         q("draw", action="keep-drawn", by_choice=True), "legal", rules=["house-force-play"],
         depends="with force play"),
    case("draw_to_match: keep-drawn by choice stays legal",
         q("draw", action="keep-drawn", by_choice=True, house_rules={"draw_to_match": True}),
         "legal"),
    # ---- stacking modes
    case("stacking same-kind: a Draw Two only on a Draw Two",
         q("stacking", pending="draw2", card="red-draw2", house_rules={"stacking": "same-kind"}),
         "legal", {"next-player": 4}, rules=["house-stacking"], depends="progressive"),
    case("stacking same-kind: a Wild Draw Four on a Draw Two is refused, pending charged",
         q("stacking", pending="draw2", card="wild-draw4", house_rules={"stacking": "same-kind"}),
         "illegal", {"player": 2}),
    case("stacking same-kind: a Draw Two on a Wild Draw Four is refused",
         q("stacking", pending="wild-draw4", color="red", card="red-draw2", total=8,
           house_rules={"stacking": "same-kind"}), "illegal", {"player": 8}),
    case("stacking same-kind: a Wild Draw Four on a Wild Draw Four",
         q("stacking", pending="wild-draw4", card="wild-draw4",
           house_rules={"stacking": "same-kind"}), "legal", {"next-player": 8}),
    case("stacking equal-or-higher: a Wild Draw Four on a Draw Two",
         q("stacking", pending="draw2", card="wild-draw4",
           house_rules={"stacking": "equal-or-higher"}), "legal", {"next-player": 6}),
    case("stacking equal-or-higher: only a Wild Draw Four on a Wild Draw Four",
         q("stacking", pending="wild-draw4", color="red", card="red-draw2",
           house_rules={"stacking": "equal-or-higher"}), "illegal", {"player": 4},
         says=["only a Wild Draw Four"]),
    case("stacking: play with a pending draw follows the mode",
         q("play", top="red-draw2", pending_draw=2, card="wild-draw4",
           house_rules={"stacking": "same-kind"}), "illegal", {"player": 2}),
    case("stacking true keeps today's reading: a Draw Two on a Wild Draw Four of its colour",
         q("stacking", pending="wild-draw4", color="red", card="red-draw2",
           house_rules={"stacking": True}), "legal", {"next-player": 6}),
    case("fix: a Wild Draw Four on a pending Draw Two by a player holding the colour: "
         "that player takes the pending 2",
         q("stacking", pending="red-draw2", card="wild-draw4", hand=["red-3"],
           house_rules={"stacking": True}), "illegal", {"player": 2}, says=["pending 2"]),
    case("fix: judge play with a pending draw gives the same answer",
         q("play", top="red-draw2", pending_draw=4, card="wild-draw4", hand=["red-3"],
           house_rules={"stacking": True}), "illegal", {"player": 4}),
    case("wild_draw4_any_time with stacking: the colour rule does not apply",
         q("stacking", pending="red-draw2", card="wild-draw4", hand=["red-3"],
           house_rules={"stacking": True, **NO_BLUFF}), "legal", {"next-player": 6}),
    # ---- other questions
    case("going-out with a 7 or 0 and seven_o: hand-over",
         q("going-out", card="red-7", house_rules=SEVEN_O), "hand-over",
         rules=["house-seven-o"]),
    case("two-players with a 7 or 0: turn-passes",
         q("two-players", card="0", house_rules=SEVEN_O), "turn-passes",
         rules=["house-seven-o"]),
    case("first-card with a 7 or 0: unchanged",
         q("first-card", card="red-7", house_rules=SEVEN_O), "left-of-dealer"),
]


@pytest.mark.parametrize("question, expected", HOUSE_SCENARIOS)
def test_house_rule_scenario(question, expected):
    ruling = judge(question)
    assert ruling.ruling == expected["ruling"], ruling
    assert ruling.draws == expected["draws"], ruling
    for rule_id in expected["rules"]:
        assert rule_id in ruling.rules, (rule_id, ruling.rules)
    for words in expected["says"]:
        assert words.lower() in ruling.explanation.lower(), (words, ruling.explanation)
    if expected["depends"]:
        assert expected["depends"].lower() in " ".join(ruling.depends_on).lower()
    assert set(ruling.rules) <= rulebook.rule_ids(ruling.edition)
    assert len(ruling.explanation.split("\n")) == 2 and ruling.verdict


@pytest.mark.parametrize("question", [p.values[0] for p in HOUSE_SCENARIOS])
def test_a_ruling_decided_by_a_house_rule_cites_it_and_says_so(question):
    ruling = judge(question)
    cited = [r for r in ruling.rules if r in NEW_ANCHORS]
    on = any(v not in (False, None) for v in question.get("house_rules", {}).values())
    if cited and on:
        assert any("House rule" in note for note in ruling.depends_on), ruling.depends_on


NEW_ANCHORS = {"house-seven-o", "house-jump-in", "house-draw-to-match", "house-force-play",
               "house-wild-draw4-any-time", "house-stacking"}


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_every_anchor_is_on_every_rules_page(edition):
    assert NEW_ANCHORS <= rulebook.rule_ids(edition)
    for anchor in NEW_ANCHORS:
        rule = rulebook.get_rule(edition, anchor)
        assert rule.house_rule and rule.difference  # the readings not chosen, and why


# ---- the contract: parsing
@pytest.mark.parametrize("raw, key", [
    ({"seven_o": "yes"}, "seven_o"), ({"jump_in": 1}, "jump_in"),
    ({"draw_to_match": None}, "draw_to_match"), ({"force_play": "true"}, "force_play"),
    ({"wild_draw4_any_time": []}, "wild_draw4_any_time"), ({"stacking": "sometimes"}, "stacking"),
    ({"stacking": 1}, "stacking"), ({"stacking": "Same-Kind"}, "stacking"),
])
def test_a_wrong_type_is_an_error_naming_the_key(raw, key):
    with pytest.raises(HouseRuleError, match=f"'{key}'"):
        parse_house_rules(raw, EDITIONS[C])
    with pytest.raises(JudgeError, match=f"'{key}'"):
        judge(q("uno", caught="before-next-turn", house_rules=raw))


@pytest.mark.parametrize("mode", [False, True, "same-kind", "equal-or-higher"])
def test_every_stacking_mode_is_read(mode):
    assert parse_house_rules({"stacking": mode}, EDITIONS[C]).stacking == mode


def test_the_new_keys_are_stored_only_when_on():
    ed = EDITIONS[C]
    assert parse_house_rules({}, ed).as_dict(ed) == {
        "zero_counts_ten": False, "stacking": False, "uno_penalty": None}
    assert parse_house_rules({"seven_o": False}, ed).as_dict(ed) == parse_house_rules({}, ed).as_dict(ed)
    on = parse_house_rules({"seven_o": True, "stacking": "same-kind"}, ed)
    assert on.as_dict(ed)["seven_o"] is True and on.as_dict(ed)["stacking"] == "same-kind"
    assert parse_house_rules(on.as_dict(ed), ed) == on


@pytest.mark.parametrize("question, message", [
    (q("seven-o", card="red-5", house_rules=SEVEN_O), "must be a 7 or a 0"),
    (q("seven-o", card="skip"), "must be a 7 or a 0"),
    (q("seven-o", house_rules=SEVEN_O), "'card'"),
    (q("seven-o", card="7", direction="up"), "'direction'"),
    (q("seven-o", card="7", players=11), "'players'"),
    (q("seven-o", card="7", last_card="no"), "'last_card'"),
    (q("jump-in", card="red-5"), "'top'"),
    (q("jump-in", top="red-5"), "'card'"),
    (q("jump-in", top="wild", card="red-5", house_rules=JUMP_IN), "'color'"),
    (q("jump-in", top="red-5", card="red-5", hand=[]), "'hand'"),
])
def test_the_new_questions_refuse_what_they_cannot_judge(question, message):
    with pytest.raises(JudgeError, match=message):
        judge(question)
