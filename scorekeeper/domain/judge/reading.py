"""Reading a question's fields, with a `JudgeError` that says what is wrong or missing."""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from ..cards import COLOURS, Card, CardError, parse_card
from ..editions import (
    DEFAULT_EDITION, EDITIONS, Edition, HouseRuleError, HouseRules, get_edition, parse_house_rules)
from .questions import MAX_HAND, MAX_NAME, MAX_PLAYERS, MIN_PLAYERS
from .ruling import JudgeError
from ..text import and_list
from .text import N_, plain, say
from .wording import kind_name, name

HAND_EXAMPLE = '["red-2", "blue-7"]'


def _get(q: Mapping, key: str) -> Any:
    value = q.get(key)
    if key == "color" and value is None:
        value = q.get("colour")
    return value


def read_edition(q: Mapping) -> Edition:
    """The edition named, or the default when the field is left out (not when it is empty)."""
    raw = q.get("edition", DEFAULT_EDITION)
    if raw is None or raw == "":
        raise JudgeError(say(N_("'edition' is empty: name one of %(editions)s, or leave the "
                                "field out for %(default)s."),
                             editions=", ".join(EDITIONS), default=DEFAULT_EDITION))
    try:
        return get_edition(raw)
    except HouseRuleError as err:
        raise JudgeError(err.args[0]) from None


def read_rules(q: Mapping, ed: Edition) -> HouseRules:
    try:
        return parse_house_rules(q.get("house_rules"), ed)
    except HouseRuleError as err:
        raise JudgeError(err.args[0]) from None


def read_card(q: Mapping, key: str, ed: Edition, what: str, *, required: bool = True,
              colour_needed: bool = True) -> Card | None:
    raw = q.get(key)
    if raw is None or raw == "":
        if required:
            raise JudgeError(say(N_("Say %(what)s ('%(key)s'), for example 'red-7', 'blue-skip' "
                                    "or 'wild'."), what=say(what), key=key))
        return None
    return check_card(raw, key, ed, colour_needed=colour_needed)


def check_card(raw: object, key: str, ed: Edition, *, colour_needed: bool = True) -> Card:
    try:
        card = parse_card(raw)
    except CardError as err:
        raise JudgeError(say("'%(key)s': %(error)s", key=key, error=err.args[0])) from None
    if card.kind.token not in ed.deck:
        raise JudgeError(say(N_("'%(key)s': there is no %(kind)s card in the %(name)s deck."),
                             key=key, kind=kind_name(card), name=ed.name))
    if colour_needed and card.kind.coloured and card.colour is None:
        raise JudgeError(say(N_("'%(key)s': say the colour of the %(kind)s, for example "
                                "'red-%(token)s'."), key=key, kind=kind_name(card),
                             token=card.kind.token))
    return card


def read_colour(q: Mapping, key: str, what: str, *, required: bool = True) -> str | None:
    raw = _get(q, key)
    if raw is None or raw == "":
        if required:
            raise JudgeError(say(N_("Say %(what)s ('%(key)s'): one of %(choices)s."),
                                 what=say(what), key=key, choices=", ".join(COLOURS)))
        return None
    if not isinstance(raw, str) or raw.strip().lower() not in COLOURS:
        raise JudgeError(say(N_("'%(key)s' must be one of %(choices)s, not %(raw)s."),
                             key=key, choices=", ".join(COLOURS), raw=repr(raw)))
    if q.get("color") and q.get("colour") and str(q["color"]).lower() != str(q["colour"]).lower():
        raise JudgeError(say(N_("'color' and 'colour' disagree: give the colour once.")))
    return raw.strip().lower()


def read_hand(q: Mapping, key: str, ed: Edition, *, required: bool) -> list[Card] | None:
    raw = q.get(key)
    if raw is None:
        if required:
            raise JudgeError(say(N_("Say which cards the player holds ('%(key)s'), as a list "
                                    "such as %(example)s; an empty list if none."),
                                 key=key, example=HAND_EXAMPLE))
        return None
    if not isinstance(raw, list):
        raise JudgeError(say(N_("'%(key)s' must be a list of cards such as %(example)s."),
                             key=key, example=HAND_EXAMPLE))
    if len(raw) > MAX_HAND:
        raise JudgeError(say(N_("'%(key)s' lists %(count)d cards; a hand holds at most %(most)d."),
                             key=key, count=len(raw), most=MAX_HAND))
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
            keys = list(dict.fromkeys(fields[token]))
            message = (N_("%(keys)s name %(count)d × %(card)s, but the %(edition)s deck has only "
                          "%(most)d.") if len(keys) > 1 else
                       N_("%(keys)s holds %(count)d × %(card)s, but the %(edition)s deck has only "
                          "%(most)d."))
            raise JudgeError(say(message, keys=and_list([plain(f"'{k}'") for k in keys]), count=count,
                                 card=name(parse_card(token)), edition=ed.name, most=most))


def read_bool(q: Mapping, key: str, default: bool | None) -> bool | None:
    raw = q.get(key)
    if raw is None:
        return default
    if not isinstance(raw, bool):
        raise JudgeError(say(N_("'%(key)s' must be true or false."), key=key))
    return raw


def read_int(q: Mapping, key: str, low: int, high: int, default: int | None) -> int | None:
    raw = q.get(key)
    if raw is None:
        return default
    if isinstance(raw, bool) or not isinstance(raw, int) or not low <= raw <= high:
        raise JudgeError(say(N_("'%(key)s' must be a whole number from %(low)d to %(high)d."),
                             key=key, low=low, high=high))
    return raw


def read_choice(q: Mapping, key: str, choices: tuple[str, ...], what: str,
                default: str | None = None) -> str:
    raw = q.get(key)
    if raw is None or raw == "":
        if default is not None:
            return default
        raise JudgeError(say(N_("Say %(what)s ('%(key)s'): one of %(choices)s."),
                             what=say(what), key=key, choices=", ".join(choices)))
    if raw not in choices:
        raise JudgeError(say(N_("'%(key)s' must be one of %(choices)s, not %(raw)s."),
                             key=key, choices=", ".join(choices), raw=repr(raw)))
    return raw


def read_name(q: Mapping, key: str) -> str | None:
    raw = q.get(key)
    if raw is None:
        return None
    if not isinstance(raw, str) or len(raw.strip()) > MAX_NAME:
        raise JudgeError(say(N_("'%(key)s' must be a player's name of at most %(most)d "
                                "characters."), key=key, most=MAX_NAME))
    return raw.strip() or None


def read_players(q: Mapping) -> int | None:
    return read_int(q, "players", MIN_PLAYERS, MAX_PLAYERS, None)
