"""One entry of `plays`: a card, a draw (kept, or played at once), or a challenge.

`read_play` raises the judge's `JudgeError`; `request` adds the play's number."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..cards import COLOURS, Card
from ..editions import Edition, HouseRules
from ..judge import JudgeError, MAX_HAND
from ..judge.reading import check_card
from ..text import N_, say

PLAY_FIELDS = {"player", "card", "colour", "color", "draw", "challenge", "hand", "swap_with"}
WILDS = ("wild", "wild-draw4")


@dataclass(frozen=True)
class Play:
    index: int
    player: str
    card: Card | None = None
    colour: str | None = None  # called with a Wild
    draw: int = 0  # cards drawn; with `card`, the one drawn was played at once
    challenge: bool = False
    hand: tuple[Card, ...] = ()  # a challenge: the Wild Draw Four player's other cards
    swap_with: str | None = None  # Seven-O: whom the player of a 7 swaps hands with

    def top_token_differs(self, top: Card) -> bool:
        return self.card is None or self.card.token != top.token


def read_colour(entry: Mapping, where: str) -> str | None:
    raw = entry.get("colour", entry.get("color"))
    if raw is None or raw == "":
        return None
    if not isinstance(raw, str) or raw.strip().lower() not in COLOURS:
        raise JudgeError(say(N_("%(where)s: the colour must be one of %(choices)s, not "
                                "%(raw)s."), where=where, choices=", ".join(COLOURS),
                             raw=repr(raw)))
    return raw.strip().lower()


def read_play(entry: object, index: int, players: tuple[str, ...], edition: Edition,
              max_draw: int, rules: HouseRules = HouseRules()) -> Play:
    if not isinstance(entry, Mapping):
        raise JudgeError(say(N_("a play must be an object such as %(example)s."),
                             example='{"player": "Alice", "card": "red-7"}'))
    unknown = sorted(str(k) for k in entry if k not in PLAY_FIELDS)
    if unknown:
        raise JudgeError(say(N_("unknown field %(fields)s: a play uses 'player', 'card', "
                                "'colour', 'draw', 'challenge', 'hand' and 'swap_with'."),
                             fields=", ".join(repr(k) for k in unknown)))
    player = entry.get("player")
    if not isinstance(player, str) or player.strip() not in players:
        raise JudgeError(say(N_("%(raw)s is not one of the players (%(names)s)."),
                             raw=repr(player), names=", ".join(players)))
    player = player.strip()
    if entry.get("challenge") not in (None, False):
        if entry.get("swap_with") is not None:
            raise JudgeError(say(N_("'swap_with' goes only with a 7 played, not with a "
                                    "challenge.")))
        return _read_challenge(entry, index, player, edition)
    draw = _read_draw(entry.get("draw"), max_draw)
    card = _read_card(entry, edition, required=not draw)
    return Play(index, player, card, _read_wild_colour(entry, card), draw,
                swap_with=_read_swap_with(entry, player, card, players, rules))


def _read_swap_with(entry: Mapping, player: str, card: Card | None, players: tuple[str, ...],
                    rules: HouseRules) -> str | None:
    """Whom a 7's player swaps hands with (Seven-O). Required on a 7 that is not the last
    card: the replay checks that, since only it knows the hand."""
    raw = entry.get("swap_with")
    if raw is None:
        return None
    if not rules.seven_o:
        raise JudgeError(say(N_("'swap_with' is only for the Seven-O house rule, which is not "
                                "on ('house_rules': {\"seven_o\": true}).")))
    if card is None or card.kind.token != "7":
        raise JudgeError(say(N_("'swap_with' goes only with a 7 played (Seven-O), not with "
                                "%(what)s."), what=card.token if card else "a draw"))
    name = raw.strip() if isinstance(raw, str) else raw
    if name not in players:
        raise JudgeError(say(N_("'swap_with': %(raw)s is not one of the players (%(names)s)."),
                             raw=repr(raw), names=", ".join(players)))
    if name == player:
        raise JudgeError(say(N_("'swap_with': %(who)s cannot swap hands with themself; name "
                                "another player."), who=player))
    return name


def _read_draw(raw: Any, most: int) -> int:
    if raw is None:
        return 0
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= most:
        raise JudgeError(say(N_("'draw' must be the number of cards drawn, from 1 to "
                                "%(most)d."), most=most))
    return raw


def _read_card(entry: Mapping, edition: Edition, required: bool) -> Card | None:
    raw = entry.get("card")
    if raw is None or raw == "":
        if required:
            raise JudgeError(say(N_("say the card played ('card'), the cards drawn ('draw') "
                                    "or a challenge ('challenge': true).")))
        return None
    return check_card(raw, "card", edition)


def _read_wild_colour(entry: Mapping, card: Card | None) -> str | None:
    colour = read_colour(entry, "'colour'")
    wild = card is not None and card.kind.token in WILDS
    if wild and colour is None:
        raise JudgeError(say(N_("a %(card)s needs the colour called ('colour'): one of "
                                "%(choices)s."), card=card.token, choices=", ".join(COLOURS)))
    if not wild and colour is not None:
        raise JudgeError(say(N_("'colour' is only for a Wild or Wild Draw Four; the card "
                                "played has its own colour.")))
    return colour


def _read_challenge(entry: Mapping, index: int, player: str, edition: Edition) -> Play:
    if entry["challenge"] is not True:
        raise JudgeError(say(N_("'challenge' must be true (or left out).")))
    extra = sorted(k for k in ("card", "draw", "colour", "color") if entry.get(k) is not None)
    if extra:
        raise JudgeError(say(N_("a challenge takes only 'player' and 'hand', not %(fields)s."),
                             fields=", ".join(extra)))
    raw = entry.get("hand")
    if not isinstance(raw, list) or len(raw) > MAX_HAND:
        raise JudgeError(say(N_("a challenge needs 'hand': the other cards the Wild Draw Four "
                                "player held, such as %(example)s (an empty list if none)."),
                             example='["red-2", "blue-7"]'))
    hand = tuple(check_card(token, "hand", edition) for token in raw)
    return Play(index, player, challenge=True, hand=hand)
