"""The card catalogue: every kind of card, its token, label, symbol and points.

A token names a card the way the API and the keypad do: `red-7`, `blue-draw2`,
`wild`, `cheese-touch`, or a bare kind such as `7` or `skip` when only the
points matter. Colour never changes a card's value.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .text import N_, say, say_in

COLOURS = ("red", "yellow", "green", "blue")
# A colour as it names a card: Polish makes it agree with "karta" ("czerwona 7").
COLOUR_WORDS = {"red": say_in("card", "red"), "yellow": say_in("card", "yellow"),
                "green": say_in("card", "green"), "blue": say_in("card", "blue")}


class CardError(ValueError):
    """A token that names no card."""


@dataclass(frozen=True)
class Kind:
    token: str
    label: str  # a Text for a named kind ("Skip"), the digit itself for a number
    symbol: str  # what the keypad prints: never colour alone
    coloured: bool  # coloured kinds come as one set per colour
    base_points: int  # before house rules (see editions.point_values)
    per_colour: int = 2  # copies of a coloured kind in each colour

    @property
    def is_number(self) -> bool:
        return self.token.isdigit()


def _number(n: int) -> Kind:
    return Kind(str(n), str(n), str(n), True, n, per_colour=1 if n == 0 else 2)


NUMBER_KINDS = tuple(_number(n) for n in range(10))
ACTION_KINDS = (
    Kind("skip", say(N_("Skip")), "⊘", True, 20),
    Kind("reverse", say(N_("Reverse")), "⇄", True, 20),
    Kind("draw2", say(N_("Draw Two")), "+2", True, 20),
)
WILD_KINDS = (
    Kind("wild", say(N_("Wild")), "W", False, 50),
    Kind("wild-draw4", say(N_("Wild Draw Four")), "W+4", False, 50),
)
EXTRA_KINDS = (
    Kind("blank", say(N_("Blank")), "☐", False, 40),
    Kind("cheese-touch", say(N_("Cheese Touch")), "🧀", False, 50),
)
KINDS: dict[str, Kind] = {
    k.token: k for k in NUMBER_KINDS + ACTION_KINDS + WILD_KINDS + EXTRA_KINDS
}


@dataclass(frozen=True)
class Card:
    kind: Kind
    colour: str | None = None

    @property
    def token(self) -> str:
        return f"{self.colour}-{self.kind.token}" if self.colour else self.kind.token

    @property
    def label(self) -> str:
        """A Text ("red 7", "red Skip", "Wild"), so it reads in the page's language."""
        if self.colour:
            if self.kind.is_number:
                return say(N_("%(colour)s %(card)s"), colour=COLOUR_WORDS[self.colour], card=self.kind.label)
            # "czerwona karta Stop": the colour agrees with "karta", whatever the action's gender
            return say(N_("%(colour)s %(action)s"), colour=COLOUR_WORDS[self.colour], action=self.kind.label)
        return self.kind.label



def split_token(token: str) -> tuple[str | None, str]:
    """A token's colour (None if it has none) and the rest: 'red-7' -> ('red', '7'),
    'wild-draw4' -> (None, 'wild-draw4'). No check that the rest names a kind."""
    colour, _, rest = token.partition("-")
    return (colour, rest) if colour in COLOURS else (None, token)


def parse_card(token: object) -> Card:
    """Read one card token; raises CardError with a sentence a person understands."""
    if not isinstance(token, str) or not token.strip():
        raise CardError(say(N_("%(token)s is not a card: use a token such as 'red-7', 'skip' or "
                               "'wild'."), token=repr(token)))
    return _parse_text(token)


@lru_cache(maxsize=512)  # a game is scored from a few dozen distinct tokens, read over and over
def _parse_text(token: str) -> Card:
    text = token.strip().lower()
    if text in KINDS:
        return Card(KINDS[text])
    colour, kind_token = split_token(text)
    kind = KINDS.get(kind_token)
    if colour is not None and kind is not None:
        if not kind.coloured:
            raise CardError(say(N_("'%(token)s': a %(kind)s card has no colour; write '%(bare)s'."),
                                token=token, kind=kind.label, bare=kind.token))
        return Card(kind, colour)
    raise CardError(say(N_("'%(token)s' is not a card we know: use a token such as 'red-7', "
                           "'skip' or 'wild'."), token=token))


def recount(original: list[str], kinds: list[str]) -> list[str]:
    """New bare-kind counts, keeping the colours the original tokens had where they still fit.

    Editing a hand on the keypad only changes how many of each kind a player held;
    a hand recorded with colours (`red-7`) keeps them for the copies that remain.
    """
    by_kind: dict[str, list[str]] = {}
    for token in original:
        by_kind.setdefault(parse_card(token).kind.token, []).append(token)
    result = []
    for kind in kinds:
        pool = by_kind.get(kind, [])
        result.append(pool.pop(0) if pool else kind)
    return result
