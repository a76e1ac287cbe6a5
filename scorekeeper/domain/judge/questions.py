"""The questions the judge answers: their names, fields, choices and limits."""
from __future__ import annotations

MAX_NAME = 40
MAX_HAND = 120
MAX_PENDING = 200
MIN_PLAYERS, MAX_PLAYERS = 2, 10

# The questions, in the order the judge page lists them.
QUESTIONS: dict[str, str] = {
    "play": "Can this card be played?",
    "challenge": "Wild Draw Four challenge",
    "uno": "Forgot to say UNO",
    "first-card": "The first card turned up",
    "draw": "Drawing a card",
    "stacking": "Stacking draw cards",
    "two-players": "Two players",
    "going-out": "Going out on a draw card",
    "empty-draw-pile": "The draw pile is empty",
    "cheese-touch": "The Cheese Touch",
}

UNO_CAUGHT = ("before-second-to-last-card", "before-next-turn", "after-next-turn")
DRAW_ACTIONS = ("play-drawn", "keep-drawn", "play-other-after-draw", "draw-instead-of-playing",
                "keep-drawing")
CHEESE_SITUATIONS = ("play", "next-player", "later")
CHALLENGERS = ("next-player", "another-player")

COMMON_FIELDS = {"question", "edition", "house_rules", "players"}
FIELDS: dict[str, set[str]] = {
    "play": {"top", "color", "card", "hand", "drawn", "pending_draw", "player",
             "cheese_touch_fresh"},
    "challenge": {"color", "top", "hand", "card", "by", "challenged", "challenger"},
    "uno": {"caught", "said_uno_first", "player"},
    "first-card": {"card"},
    "draw": {"action", "top", "color", "card", "drawn", "hand", "player", "by_choice"},
    "stacking": {"pending", "card", "total", "color"},
    "two-players": {"card"},
    "going-out": {"card", "player"},
    "empty-draw-pile": set(),
    "cheese-touch": {"situation", "top", "color", "card", "has_yellow"},
}
ALL_FIELDS = COMMON_FIELDS.union(*FIELDS.values(), {"colour"})
