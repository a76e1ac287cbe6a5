"""`judge(question)`: check the question, read its fields, hand it to the right judge."""
from __future__ import annotations

from typing import Mapping

from ..cards import COLOURS
from .challenge import judge_challenge
from .cheese_touch import judge_cheese_touch
from .colour import colour_in_play
from .drawing import judge_draw
from .empty_draw_pile import judge_empty_draw_pile
from .first_card import judge_first_card
from .going_out import judge_going_out
from .play import judge_play
from .questions import (
    ALL_FIELDS, CHALLENGERS, CHEESE_SITUATIONS, COMMON_FIELDS, DRAW_ACTIONS, FIELDS,
    MAX_PENDING, QUESTIONS, UNO_CAUGHT)
from .reading import (
    read_bool, read_card, read_choice, read_colour, read_edition, read_hand, read_int,
    read_name, read_players, read_rules)
from .ruling import JudgeError, Ruling
from .stacking import judge_stacking
from .two_players import judge_two_players
from .uno import judge_uno
from .wording import name


def judge(question: object) -> Ruling:
    """Judge one question given as a mapping (the JSON body of POST /api/judge)."""
    if not isinstance(question, Mapping):
        raise JudgeError("A question must be a JSON object such as "
                         "{\"question\": \"play\", \"top\": \"red-7\", \"card\": \"blue-7\"}.")
    kind = question.get("question")
    if kind is None or kind == "":
        raise JudgeError(f"Say which question to judge ('question'): one of {', '.join(QUESTIONS)}.")
    if not isinstance(kind, str) or kind not in QUESTIONS:
        raise JudgeError(f"Unknown question {kind!r}: choose one of {', '.join(QUESTIONS)}.")
    unknown = sorted(str(k) for k in question if k not in ALL_FIELDS)
    if unknown:
        known = sorted(COMMON_FIELDS | FIELDS[kind])
        raise JudgeError(f"Unknown field {', '.join(repr(u) for u in unknown)}: "
                         f"a '{kind}' question uses {', '.join(known)}.")
    ed = read_edition(question)
    rules = read_rules(question, ed)
    q = question
    if kind == "play":
        return judge_play(
            ed, rules, read_card(q, "top", ed, "the top card of the discard pile"),
            read_card(q, "card", ed, "the card played"),
            color=read_colour(q, "color", "the colour called", required=False),
            hand=read_hand(q, "hand", ed, required=False),
            drawn=read_card(q, "drawn", ed, "the card drawn", required=False),
            pending_draw=read_int(q, "pending_draw", 0, MAX_PENDING, 0),
            players=read_players(q), player=read_name(q, "player"),
            cheese_touch_fresh=read_bool(q, "cheese_touch_fresh", True))
    if kind == "challenge":
        colour = read_colour(q, "color", "the colour in play when the Wild Draw Four was "
                             "played", required=False)
        top = read_card(q, "top", ed, "the top card", required=False)
        if top is not None:
            colour = colour_in_play(top, colour)
        if colour is None:
            raise JudgeError("Say the colour in play when the Wild Draw Four was played "
                             f"('color'): one of {', '.join(COLOURS)}.")
        card = read_card(q, "card", ed, "the card challenged", required=False)
        if card is not None and card.kind.token != "wild-draw4":
            raise JudgeError(f"Only a Wild Draw Four can be challenged, not the {name(card)}.")
        return judge_challenge(
            ed, rules, colour, read_hand(q, "hand", ed, required=True),
            by=read_choice(q, "by", CHALLENGERS, "who challenges", "next-player"),
            challenged=read_name(q, "challenged"), challenger=read_name(q, "challenger"))
    if kind == "uno":
        return judge_uno(
            ed, rules, read_choice(q, "caught", UNO_CAUGHT, "when the catch came"),
            read_bool(q, "said_uno_first", False), read_name(q, "player"))
    if kind == "first-card":
        return judge_first_card(
            ed, rules, read_card(q, "card", ed, "the card turned up", colour_needed=False),
            read_players(q))
    if kind == "draw":
        return judge_draw(ed, rules, read_choice(q, "action", DRAW_ACTIONS, "what the player "
                                                 "wants to do"), q)
    if kind == "stacking":
        return judge_stacking(
            ed, rules, read_card(q, "pending", ed, "the draw card pending", colour_needed=False),
            read_card(q, "card", ed, "the card to stack", colour_needed=False),
            read_int(q, "total", 2, MAX_PENDING, None),
            read_colour(q, "color", "the colour called", required=False))
    if kind == "two-players":
        return judge_two_players(
            ed, rules, read_card(q, "card", ed, "the card played", colour_needed=False))
    if kind == "going-out":
        return judge_going_out(
            ed, rules, read_card(q, "card", ed, "the last card played", colour_needed=False),
            read_name(q, "player"))
    if kind == "empty-draw-pile":
        return judge_empty_draw_pile(ed, rules)
    return judge_cheese_touch(
        ed, rules, read_choice(q, "situation", CHEESE_SITUATIONS, "the situation", "play"), q)
