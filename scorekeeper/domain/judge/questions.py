"""The questions the judge answers: their names, fields, choices and limits."""
from __future__ import annotations

from ..editions import MAX_PLAYERS, MIN_PLAYERS
from .labels import QUESTIONS

MAX_NAME = 40
MAX_HAND = 120
MAX_PENDING = 200

UNO_CAUGHT = ("before-second-to-last-card", "before-next-turn", "after-next-turn")
DRAW_ACTIONS = ("play-drawn", "keep-drawn", "play-other-after-draw", "draw-instead-of-playing",
                "keep-drawing")
CHEESE_SITUATIONS = ("play", "next-player", "later")
CHALLENGERS = ("next-player", "another-player")
DIRECTIONS = ("left", "right")

COMMON_FIELDS = {"question", "edition", "house_rules"}
# The fields each question uses: any other field is refused, never ignored.
FIELDS: dict[str, set[str]] = {
    "play": {"top", "color", "card", "hand", "drawn", "pending_draw", "player", "players",
             "cheese_touch_fresh"},
    "challenge": {"color", "top", "hand", "card", "by", "challenged", "challenger"},
    "uno": {"caught", "said_uno_first", "player"},
    "first-card": {"card", "players"},
    "draw": {"action", "top", "color", "card", "drawn", "hand", "player", "players",
             "by_choice"},
    "stacking": {"pending", "card", "total", "color", "hand"},
    "two-players": {"card", "players"},
    "going-out": {"card", "player"},
    "empty-draw-pile": set(),
    "cheese-touch": {"situation", "top", "color", "card", "has_yellow"},
    "seven-o": {"card", "direction", "players", "last_card", "decline_swap", "player"},
    "jump-in": {"top", "color", "card", "players", "player"},
}
ALL_FIELDS = COMMON_FIELDS.union(*FIELDS.values(), {"colour"})
CARD_FIELDS = ("top", "pending", "drawn", "card", "hand")  # what the deck must hold together

__all__ = ["ALL_FIELDS", "CARD_FIELDS", "CHALLENGERS", "CHEESE_SITUATIONS", "COMMON_FIELDS",
           "DRAW_ACTIONS", "FIELDS", "MAX_HAND", "MAX_NAME", "MAX_PENDING", "MAX_PLAYERS",
           "MIN_PLAYERS", "QUESTIONS", "UNO_CAUGHT"]
