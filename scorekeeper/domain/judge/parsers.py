"""Each question's fields read into the arguments its judge takes.

A parser gets the question (a mapping) and the edition, and returns keyword arguments;
it raises `JudgeError` naming the field that is wrong or missing."""
from __future__ import annotations

from typing import Any, Mapping

from ..cards import COLOURS, parse_card
from ..editions import Edition
from .cheese_touch import require_cheese_touch
from .colour import colour_in_play
from .house import check_seven_o_card
from .questions import (
    CHALLENGERS, CHEESE_SITUATIONS, DIRECTIONS, DRAW_ACTIONS, MAX_PENDING, UNO_CAUGHT)
from .reading import (
    read_bool, read_card, read_choice, read_colour, read_hand, read_int, read_name,
    read_players)
from .ruling import JudgeError
from .text import N_, say
from .wording import name

Args = dict[str, Any]
TOP = N_("the top card of the discard pile")


def parse_play(q: Mapping, ed: Edition) -> Args:
    return {"top": read_card(q, "top", ed, TOP), "card": read_card(q, "card", ed, N_("the card played")),
            "color": read_colour(q, "color", N_("the colour called"), required=False),
            "hand": read_hand(q, "hand", ed, required=False),
            "drawn": read_card(q, "drawn", ed, N_("the card drawn"), required=False),
            "pending_draw": read_int(q, "pending_draw", 0, MAX_PENDING, 0),
            "players": read_players(q), "player": read_name(q, "player"),
            "cheese_touch_fresh": read_bool(q, "cheese_touch_fresh", True)}


def parse_challenge(q: Mapping, ed: Edition) -> Args:
    colour = read_colour(q, "color", N_("the colour in play when the Wild Draw Four was played"),
                         required=False)
    top = read_card(q, "top", ed, N_("the top card"), required=False)
    if top is not None:
        colour = colour_in_play(top, colour)
    if colour is None:
        raise JudgeError(say(N_("Say the colour in play when the Wild Draw Four was played "
                                "('color'): one of %(choices)s."), choices=", ".join(COLOURS)))
    card = read_card(q, "card", ed, N_("the card challenged"), required=False)
    if card is not None and card.kind.token != "wild-draw4":
        raise JudgeError(say(N_("Only a Wild Draw Four can be challenged, not the %(card)s."),
                             card=name(card)))
    # The hand is the cards held beside the Wild Draw Four: that card counts against the deck
    # whether or not the question names it.
    card = card or parse_card("wild-draw4")
    return {"colour": colour, "hand": read_hand(q, "hand", ed, required=True), "top": top,
            "card": card, "by": read_choice(q, "by", CHALLENGERS, N_("who challenges"), "next-player"),
            "challenged": read_name(q, "challenged"), "challenger": read_name(q, "challenger")}


def parse_uno(q: Mapping, ed: Edition) -> Args:
    return {"caught": read_choice(q, "caught", UNO_CAUGHT, N_("when the catch came")),
            "said_uno_first": read_bool(q, "said_uno_first", False),
            "player": read_name(q, "player")}


def parse_first_card(q: Mapping, ed: Edition) -> Args:
    return {"card": read_card(q, "card", ed, N_("the card turned up"), colour_needed=False),
            "players": read_players(q)}


def parse_draw(q: Mapping, ed: Edition) -> Args:
    """Only `play-drawn` is judged from the cards; `play-other-after-draw` names them."""
    action = read_choice(q, "action", DRAW_ACTIONS, N_("what the player wants to do"))
    args: Args = {"action": action, "player": read_name(q, "player"),
                  "by_choice": read_bool(q, "by_choice", False)}
    if action in ("play-drawn", "play-other-after-draw"):
        needed = action == "play-drawn"
        args["drawn"] = read_card(q, "drawn", ed, N_("the card drawn"), required=needed)
        args["card"] = read_card(q, "card", ed, N_("the card from the hand"), required=False)
    if action == "play-drawn":
        args.update(top=read_card(q, "top", ed, TOP),
                    color=read_colour(q, "color", N_("the colour called"), required=False),
                    hand=read_hand(q, "hand", ed, required=False), players=read_players(q))
    return args


def parse_stacking(q: Mapping, ed: Edition) -> Args:
    return {"pending": read_card(q, "pending", ed, N_("the draw card pending"), colour_needed=False),
            "card": read_card(q, "card", ed, N_("the card to stack"), colour_needed=False),
            "total": read_int(q, "total", 2, MAX_PENDING, None),
            "colour": read_colour(q, "color", N_("the colour called"), required=False),
            "hand": read_hand(q, "hand", ed, required=False)}


def parse_two_players(q: Mapping, ed: Edition) -> Args:
    players = read_players(q)
    if players not in (None, 2):
        raise JudgeError(say(N_("'players' must be 2 for a two-players question (it says "
                                "%(players)d); ask 'play' or 'first-card' for a larger table."),
                             players=players))
    return {"card": read_card(q, "card", ed, N_("the card played"), colour_needed=False)}


def parse_going_out(q: Mapping, ed: Edition) -> Args:
    return {"card": read_card(q, "card", ed, N_("the last card played"), colour_needed=False),
            "player": read_name(q, "player")}


def parse_seven_o(q: Mapping, ed: Edition) -> Args:
    card = read_card(q, "card", ed, N_("the 7 or 0 played"), colour_needed=False)
    check_seven_o_card(card)
    return {"card": card, "direction": read_choice(q, "direction", DIRECTIONS,
                                                   N_("the direction of play"), "left"),
            "players": read_players(q), "last_card": read_bool(q, "last_card", False),
            "decline_swap": read_bool(q, "decline_swap", False), "player": read_name(q, "player")}


def parse_jump_in(q: Mapping, ed: Edition) -> Args:
    return {"top": read_card(q, "top", ed, TOP),
            "card": read_card(q, "card", ed, N_("the card laid out of turn")),
            "color": read_colour(q, "color", N_("the colour called"), required=False),
            "players": read_players(q), "player": read_name(q, "player")}


def parse_nothing(q: Mapping, ed: Edition) -> Args:
    return {}


def parse_cheese_touch(q: Mapping, ed: Edition) -> Args:
    require_cheese_touch(ed)
    situation = read_choice(q, "situation", CHEESE_SITUATIONS, N_("the situation"), "play")
    if situation == "play":
        return {"situation": situation, "top": read_card(q, "top", ed, TOP),
                "color": read_colour(q, "color", "", required=False)}
    if situation == "later":
        return {"situation": situation}
    return {"situation": situation,
            "card": read_card(q, "card", ed, N_("the card played"), required=False),
            "has_yellow": read_bool(q, "has_yellow", None)}
