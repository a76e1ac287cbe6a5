"""Reading the body of `POST /api/referee`: every mistake is a `RefereeError` that names
the field, or the play by its number, and says what is wrong. Nothing is guessed."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..cards import Card
from ..editions import Edition, HouseRules
from ..judge import JudgeError, MAX_HAND, MAX_NAME, MAX_PENDING, MAX_PLAYERS, MIN_PLAYERS
from ..judge.reading import check_card, read_edition, read_rules
from ..text import N_, say
from .plays import Play, read_colour, read_play

MAX_PLAYS = 500  # a disputed stretch is a few dozen plays; this bounds the work
FIELDS = {"edition", "house_rules", "players", "dealer", "start", "colour", "color", "cards",
          "plays"}


class RefereeError(ValueError):
    """A request the referee cannot replay; the message says which field or play, and why."""


@dataclass(frozen=True)
class Setup:
    edition: Edition
    rules: HouseRules
    players: tuple[str, ...]
    dealer: str
    start: Card
    colour: str | None  # called on a Wild turned up
    cards: dict[str, int]  # in hand at the start
    plays: tuple[Play, ...]


def read_request(body: object) -> Setup:
    if not isinstance(body, Mapping):
        raise RefereeError(say(N_("The request must be a JSON object with 'players', 'start' "
                                  "and 'plays'.")))
    unknown = sorted(str(k) for k in body if k not in FIELDS)
    if unknown:
        raise RefereeError(say(N_("Unknown field %(fields)s: the referee reads %(known)s."),
                               fields=", ".join(repr(k) for k in unknown),
                               known=", ".join(sorted(FIELDS - {"color"}))))
    try:
        edition = read_edition(body)
        rules = read_rules(body, edition)
        start = _read_start(body, edition)
    except JudgeError as err:
        raise RefereeError(err.args[0]) from None
    players = _read_players(body.get("players"))
    return Setup(edition, rules, players, _read_dealer(body.get("dealer"), players), start,
                 _read_start_colour(body, start), _read_cards(body.get("cards"), players),
                 _read_plays(body.get("plays"), players, edition, rules))


def _read_players(raw: Any) -> tuple[str, ...]:
    if (not isinstance(raw, list) or not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS
            or not all(isinstance(p, str) and 0 < len(p.strip()) <= MAX_NAME for p in raw)):
        raise RefereeError(say(N_("'players' must list %(least)d to %(most)d names in seat "
                                  "order, each at most %(chars)d characters."),
                               least=MIN_PLAYERS, most=MAX_PLAYERS, chars=MAX_NAME))
    names = tuple(p.strip() for p in raw)
    if len(set(names)) != len(names):
        raise RefereeError(say(N_("'players' names someone twice: every seat needs its own "
                                  "name.")))
    return names


def _read_dealer(raw: Any, players: tuple[str, ...]) -> str:
    if raw is None:
        return players[-1]
    name = raw.strip() if isinstance(raw, str) else raw
    if name not in players:
        raise RefereeError(say(N_("'dealer' must be one of the players (%(names)s), not "
                                  "%(raw)s."), names=", ".join(players), raw=repr(raw)))
    return name


def _read_start(body: Mapping, edition: Edition) -> Card:
    raw = body.get("start")
    if raw is None or raw == "":
        raise RefereeError(say(N_("Say which card was turned up to start ('start'), for "
                                  "example 'red-7'.")))
    return check_card(raw, "start", edition)


def _read_start_colour(body: Mapping, start: Card) -> str | None:
    try:
        colour = read_colour(body, "'colour'")
    except JudgeError as err:
        raise RefereeError(err.args[0]) from None
    if start.kind.token == "wild" and colour is None:
        raise RefereeError(say(N_("The card turned up is a Wild: say which colour the player "
                                  "to the dealer's left called ('colour').")))
    if start.kind.token != "wild" and colour is not None:
        raise RefereeError(say(N_("'colour' is only for a Wild turned up to start; the %(card)s "
                                  "has its own."), card=start.token))
    return colour


def _read_cards(raw: Any, players: tuple[str, ...]) -> dict[str, int]:
    cards = {p: 7 for p in players}
    if raw is None:
        return cards
    if not isinstance(raw, Mapping):
        raise RefereeError(say(N_("'cards' must map players to the cards they held at the "
                                  "start, such as %(example)s."), example='{"Alice": 7}'))
    for name, count in raw.items():
        if name not in cards:
            raise RefereeError(say(N_("'cards' names %(name)s, who is not among the players "
                                      "(%(names)s)."), name=repr(name), names=", ".join(players)))
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_HAND:
            raise RefereeError(say(N_("'cards': %(name)s must hold a whole number of cards "
                                      "from 1 to %(most)d."), name=name, most=MAX_HAND))
        cards[name] = count
    return cards


def _read_plays(raw: Any, players: tuple[str, ...], edition: Edition,
                rules: HouseRules) -> tuple[Play, ...]:
    if not isinstance(raw, list):
        raise RefereeError(say(N_("'plays' must be a list of plays, such as %(example)s."),
                               example='[{"player": "Alice", "card": "red-7"}]'))
    if len(raw) > MAX_PLAYS:
        raise RefereeError(say(N_("Too many plays: the referee replays at most %(most)d at "
                                  "once (there are %(count)d)."), most=MAX_PLAYS, count=len(raw)))
    out = []
    for index, entry in enumerate(raw):
        try:
            out.append(read_play(entry, index, players, edition, MAX_PENDING, rules))
        except JudgeError as err:
            raise RefereeError(say(N_("Play %(num)d: %(error)s"), num=index + 1,
                                   error=err.args[0])) from None
    return tuple(out)
