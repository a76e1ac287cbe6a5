"""Reading a question's fields, with a `JudgeError` that says what is wrong or missing."""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from ..cards import COLOURS, Card, CardError, parse_card
from ..editions import (
    DEFAULT_EDITION, EDITIONS, Edition, HouseRuleError, HouseRules, get_edition, parse_house_rules)
from .questions import MAX_HAND, MAX_NAME, MAX_PLAYERS, MIN_PLAYERS
from .ruling import JudgeError
from .wording import name


def _get(q: Mapping, key: str) -> Any:
    value = q.get(key)
    if key == "color" and value is None:
        value = q.get("colour")
    return value


def read_edition(q: Mapping) -> Edition:
    """The edition named, or the default when the field is left out (not when it is empty)."""
    raw = q.get("edition", DEFAULT_EDITION)
    if raw is None or raw == "":
        raise JudgeError(f"'edition' is empty: name one of {', '.join(EDITIONS)}, or leave "
                         f"the field out for {DEFAULT_EDITION}.")
    try:
        return get_edition(raw)
    except HouseRuleError as err:
        raise JudgeError(str(err)) from None


def read_rules(q: Mapping, ed: Edition) -> HouseRules:
    try:
        return parse_house_rules(q.get("house_rules"), ed)
    except HouseRuleError as err:
        raise JudgeError(str(err)) from None


def read_card(q: Mapping, key: str, ed: Edition, what: str, *, required: bool = True,
              colour_needed: bool = True) -> Card | None:
    raw = q.get(key)
    if raw is None or raw == "":
        if required:
            raise JudgeError(f"Say {what} ('{key}'), for example 'red-7', 'blue-skip' or 'wild'.")
        return None
    return check_card(raw, key, ed, colour_needed=colour_needed)


def check_card(raw: object, key: str, ed: Edition, *, colour_needed: bool = True) -> Card:
    try:
        card = parse_card(raw)
    except CardError as err:
        raise JudgeError(f"'{key}': {err}") from None
    if card.kind.token not in ed.deck:
        raise JudgeError(
            f"'{key}': there is no {card.kind.label} card in the {ed.slug} deck ({ed.name}).")
    if colour_needed and card.kind.coloured and card.colour is None:
        raise JudgeError(
            f"'{key}': say the colour of the {card.kind.label}, for example 'red-{card.kind.token}'.")
    return card


def read_colour(q: Mapping, key: str, what: str, *, required: bool = True) -> str | None:
    raw = _get(q, key)
    if raw is None or raw == "":
        if required:
            raise JudgeError(f"Say {what} ('{key}'): one of {', '.join(COLOURS)}.")
        return None
    if not isinstance(raw, str) or raw.strip().lower() not in COLOURS:
        raise JudgeError(f"'{key}' must be one of {', '.join(COLOURS)}, not {raw!r}.")
    if q.get("color") and q.get("colour") and str(q["color"]).lower() != str(q["colour"]).lower():
        raise JudgeError("'color' and 'colour' disagree: give the colour once.")
    return raw.strip().lower()


def read_hand(q: Mapping, key: str, ed: Edition, *, required: bool) -> list[Card] | None:
    raw = q.get(key)
    if raw is None:
        if required:
            raise JudgeError(
                f"Say which cards the player holds ('{key}'), as a list such as "
                "[\"red-2\", \"blue-7\"]; an empty list if none.")
        return None
    if not isinstance(raw, list):
        raise JudgeError(f"'{key}' must be a list of cards such as [\"red-2\", \"blue-7\"].")
    if len(raw) > MAX_HAND:
        raise JudgeError(f"'{key}' lists {len(raw)} cards; a hand holds at most {MAX_HAND}.")
    return [check_card(t, key, ed) for t in raw]


def check_deck(named: Mapping[str, list[Card]], ed: Edition) -> None:
    """The cards named across a question's fields must all fit in one deck together."""
    by_card: Counter[str] = Counter()
    by_kind: Counter[str] = Counter()
    fields: dict[str, list[str]] = {}
    for key, cards in named.items():
        for card in cards:
            by_kind[card.kind.token] += 1
            fields.setdefault(card.kind.token, []).append(key)
            if card.colour:
                by_card[card.token] += 1
                fields.setdefault(card.token, []).append(key)
    limits = [(token, count, parse_card(token).kind.per_colour) for token, count in by_card.items()]
    limits += [(token, count, ed.deck[token]) for token, count in by_kind.items()]
    for token, count, most in limits:
        if count > most:
            keys = " and ".join(f"'{k}'" for k in dict.fromkeys(fields[token]))
            raise JudgeError(f"{keys} {'name' if ' and ' in keys else 'holds'} {count} × "
                             f"{name(parse_card(token))}, but the {ed.slug} deck has only {most}.")


def read_bool(q: Mapping, key: str, default: bool | None) -> bool | None:
    raw = q.get(key)
    if raw is None:
        return default
    if not isinstance(raw, bool):
        raise JudgeError(f"'{key}' must be true or false.")
    return raw


def read_int(q: Mapping, key: str, low: int, high: int, default: int | None) -> int | None:
    raw = q.get(key)
    if raw is None:
        return default
    if isinstance(raw, bool) or not isinstance(raw, int) or not low <= raw <= high:
        raise JudgeError(f"'{key}' must be a whole number from {low} to {high}.")
    return raw


def read_choice(q: Mapping, key: str, choices: tuple[str, ...], what: str,
                default: str | None = None) -> str:
    raw = q.get(key)
    if raw is None or raw == "":
        if default is not None:
            return default
        raise JudgeError(f"Say {what} ('{key}'): one of {', '.join(choices)}.")
    if raw not in choices:
        raise JudgeError(f"'{key}' must be one of {', '.join(choices)}, not {raw!r}.")
    return raw


def read_name(q: Mapping, key: str) -> str | None:
    raw = q.get(key)
    if raw is None:
        return None
    if not isinstance(raw, str) or len(raw.strip()) > MAX_NAME:
        raise JudgeError(f"'{key}' must be a player's name of at most {MAX_NAME} characters.")
    return raw.strip() or None


def read_players(q: Mapping) -> int | None:
    return read_int(q, "players", MIN_PLAYERS, MAX_PLAYERS, None)
