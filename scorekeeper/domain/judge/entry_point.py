"""`judge(question)`: check the question, read its fields, hand it to the right judge.

`JUDGES` is the dispatch table: each question's parser (in `parsers`) reads the
fields into arguments, and its judge takes them."""
from __future__ import annotations

from typing import Any, Callable, Mapping

from ..cards import Card
from ..editions import Edition
from .parsers import (
    parse_challenge, parse_cheese_touch, parse_draw, parse_first_card, parse_going_out,
    parse_jump_in, parse_nothing, parse_play, parse_seven_o, parse_stacking, parse_two_players,
    parse_uno)
from .house import judge_jump_in, judge_seven_o
from .challenge import judge_challenge
from .cheese_touch import judge_cheese_touch
from .drawing import judge_draw
from .empty_draw_pile import judge_empty_draw_pile
from .first_card import judge_first_card
from .going_out import judge_going_out
from .play import judge_play
from .questions import ALL_FIELDS, CARD_FIELDS, COMMON_FIELDS, FIELDS, QUESTIONS
from .reading import check_deck, read_edition, read_rules
from .text import N_, say
from .ruling import JudgeError, Ruling
from .stacking import judge_stacking
from .two_players import judge_two_players
from .uno import judge_uno

Parser = Callable[[Mapping, Edition], dict[str, Any]]
JUDGES: dict[str, tuple[Parser, Callable[..., Ruling]]] = {
    "play": (parse_play, judge_play),
    "challenge": (parse_challenge, judge_challenge),
    "uno": (parse_uno, judge_uno),
    "first-card": (parse_first_card, judge_first_card),
    "draw": (parse_draw, judge_draw),
    "stacking": (parse_stacking, judge_stacking),
    "two-players": (parse_two_players, judge_two_players),
    "going-out": (parse_going_out, judge_going_out),
    "empty-draw-pile": (parse_nothing, judge_empty_draw_pile),
    "cheese-touch": (parse_cheese_touch, judge_cheese_touch),
    "seven-o": (parse_seven_o, judge_seven_o),
    "jump-in": (parse_jump_in, judge_jump_in),
}
assert list(JUDGES) == list(QUESTIONS)


def judge(question: object) -> Ruling:
    """Judge one question given as a mapping (the JSON body of POST /api/judge)."""
    if not isinstance(question, Mapping):
        raise JudgeError(say(N_("A question must be a JSON object such as %(example)s."),
                             example='{"question": "play", "top": "red-7", "card": "blue-7"}'))
    kind = _question_kind(question)
    _refuse_unused_fields(question, kind)
    ed = read_edition(question)
    rules = read_rules(question, ed)
    parse, judge_it = JUDGES[kind]
    args = parse(question, ed)
    check_deck(_named_cards(args), ed)
    return judge_it(ed, rules, **args)


def _question_kind(question: Mapping) -> str:
    kind = question.get("question")
    if kind is None or kind == "":
        raise JudgeError(say(N_("Say which question to judge ('question'): one of %(choices)s."),
                             choices=", ".join(QUESTIONS)))
    if not isinstance(kind, str) or kind not in QUESTIONS:
        raise JudgeError(say(N_("Unknown question %(kind)s: choose one of %(choices)s."),
                             kind=repr(kind), choices=", ".join(QUESTIONS)))
    return kind


def _refuse_unused_fields(question: Mapping, kind: str) -> None:
    uses = COMMON_FIELDS | FIELDS[kind] | ({"colour"} if "color" in FIELDS[kind] else set())
    extra = sorted(str(k) for k in question if k not in uses)
    if not extra:
        return
    unknown = [k for k in extra if k not in ALL_FIELDS]
    listed = ", ".join(repr(k) for k in (unknown or extra))
    known = ", ".join(sorted(COMMON_FIELDS | FIELDS[kind]))
    if unknown:
        raise JudgeError(say(N_("Unknown field %(listed)s: a '%(kind)s' question uses %(known)s."),
                             listed=listed, kind=kind, known=known))
    raise JudgeError(say(N_("A '%(kind)s' question does not use %(listed)s: it uses %(known)s."),
                         kind=kind, listed=listed, known=known))


def _named_cards(args: Mapping[str, Any]) -> dict[str, list[Card]]:
    """The cards each field names; a card drawn and then played is one card, not two."""
    named = {}
    for key in CARD_FIELDS:
        value = args.get(key)
        if isinstance(value, Card):
            value = [value]
        if value:
            named[key] = list(value)
    if "drawn" in named and "card" in named and named["drawn"] == named["card"]:
        del named["drawn"]
    return named
