"""The page's plain form: one play a line, read into the plays of `POST /api/referee`.

A line is a player's name, then what they did:
  `Alice red-7` · `Bob wild blue` · `Carol draw` · `Carol draw 2` · `Alice draw blue-5`
  · `Dave challenge red-2 blue-7` (the Wild Draw Four player's other cards)
  · `Alice red-7 swap Bob` (Seven-O: whom the 7 swaps hands with).
The words `draw` and `challenge` are read in Polish too (`dobiera`, `sprawdza`), so a
line the page wrote in either language reads back."""
from __future__ import annotations

from typing import Any

from ..domain.cards import COLOURS
from ..domain.text import N_, say

DRAW_WORDS = ("draw", "dobiera", "dobierz")
CHALLENGE_WORDS = ("challenge", "sprawdza", "sprawdź")
WORDS = {"en": ("draw", "challenge"), "pl": ("dobiera", "sprawdza")}
SWAP_WORDS = {"en": "swap", "pl": "zamiana"}
MAX_LINES = 500


class LineError(ValueError):
    """A line the page cannot read; the message names the line."""


def read_lines(text: str, players: list[str]) -> list[dict[str, Any]]:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_LINES:
        lines = lines[:MAX_LINES + 1]  # the referee refuses the rest with its own message
    return [_read_line(line, number, players) for number, line in enumerate(lines, 1)]


def _read_line(line: str, number: int, players: list[str]) -> dict[str, Any]:
    player = _player_of(line, players)
    if player is None:
        raise LineError(say(N_("Line %(num)d: start it with a player's name (%(names)s)."),
                            num=number, names=", ".join(players) or "—"))
    rest, swap_with = _swap_of(line[len(player):], players)
    words = rest.replace(":", " ").lower().split()
    if not words:
        raise LineError(say(N_("Line %(num)d: say what %(who)s did after the name."),
                            num=number, who=player))
    if words[0] in CHALLENGE_WORDS:
        return {"player": player, "challenge": True, "hand": words[1:]}
    play = _draw(player, words[1:]) if words[0] in DRAW_WORDS else _card(player, words)
    if swap_with is not None:
        play["swap_with"] = swap_with
    return play


def _swap_of(rest: str, players: list[str]) -> tuple[str, str | None]:
    """`… swap Bob` (or `zamiana`): the name, as the players list spells it."""
    for word in SWAP_WORDS.values():
        head, found, name = rest.partition(f" {word} ")
        if found:
            name = name.strip()
            return head, next((p for p in players if p.lower() == name.lower()), name)
    return rest, None


def _player_of(line: str, players: list[str]) -> str | None:
    """The longest name the line starts with, followed by a space or a colon."""
    for name in sorted(players, key=len, reverse=True):
        if line.lower().startswith(name.lower()) and line[len(name):len(name) + 1] in (" ", ":"):
            return name
    return None


def _draw(player: str, words: list[str]) -> dict[str, Any]:
    play: dict[str, Any] = {"player": player, "draw": 1}
    if words and words[0].isascii() and words[0].isdigit():
        play["draw"] = int(words[0])
        words = words[1:]
    if words:
        play.update(_card(player, words))
    return play


def _card(player: str, words: list[str]) -> dict[str, Any]:
    play: dict[str, Any] = {"player": player, "card": words[0]}
    if len(words) > 1 and words[1] in COLOURS:
        play["colour"] = words[1]
    elif len(words) > 1:
        play["card"] = " ".join(words)  # the referee says what is wrong with it
    return play


def line_of(play: dict[str, Any], lang: str) -> str:
    """A play written back as a line, in the page's language."""
    draw, challenge = WORDS.get(lang, WORDS["en"])
    if play.get("challenge"):
        return " ".join([play["player"], challenge, *play.get("hand", [])])
    parts = [play["player"]]
    if play.get("draw"):
        parts += [draw] + ([str(play["draw"])] if play["draw"] != 1 else [])
    if play.get("card"):
        parts.append(play["card"])
    if play.get("colour"):
        parts.append(play["colour"])
    if play.get("swap_with"):
        parts += [SWAP_WORDS.get(lang, SWAP_WORDS["en"]), play["swap_with"]]
    return " ".join(parts)
