"""The colour in play: what the next card must match."""
from __future__ import annotations

from ..cards import Card
from .ruling import JudgeError
from .text import N_, say
from .wording import colour_name, kind_name, name


def colour_in_play(top: Card, called: str | None) -> str | None:
    """The colour the next card must match; None only for a Blank with nothing called."""
    if top.kind.token in ("wild", "wild-draw4"):
        if called is None:
            raise JudgeError(say(
                N_("The top card is a %(kind)s: say which colour was called ('color')."),
                kind=kind_name(top)))
        return called
    if top.kind.token == "cheese-touch":
        if called not in (None, "yellow"):
            raise JudgeError(say(N_("A Cheese Touch on top is yellow: 'color' cannot be "
                                    "%(colour)s."), colour=colour_name(called)))
        return "yellow"
    if top.kind.token == "blank":
        return called
    if called is not None and called != top.colour:
        raise JudgeError(say(
            N_("The top card is the %(card)s: 'color' is only for a Wild on top "
               "(it says %(colour)s)."), card=name(top), colour=colour_name(called)))
    return top.colour


def is_yellow(card: Card) -> bool:
    """A yellow card in a player's hand. A Cheese Touch turns yellow only once it lies on the
    pile: the judge reads it the same way here as for the Wild Draw Four and the challenge."""
    return card.colour == "yellow"
