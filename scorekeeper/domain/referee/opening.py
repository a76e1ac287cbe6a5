"""The card turned up to start, applied exactly as the judge's `first-card` ruling says."""
from __future__ import annotations

from dataclasses import dataclass

from ..judge import judge_first_card
from ..judge.ruling import Ruling
from ..judge.wording import colour_name
from ..text import N_, Text, say
from .request import RefereeError, Setup
from .table import LEFT, RIGHT, Table

# The ruling's seats, counted from the dealer in seat order (+1: to the dealer's left).
SEAT_OFFSETS = {"dealer": 0, "left-of-dealer": 1, "right-of-dealer": -1,
                "second-left-of-dealer": 2}


@dataclass(frozen=True)
class Opening:
    table: Table
    draws: dict[str, int]
    lines: list[Text]
    rules: list[str]


def open_table(setup: Setup) -> Opening:
    n = len(setup.players)
    ruling = judge_first_card(setup.edition, setup.rules, setup.start, players=n)
    if ruling.ruling == "returned":
        raise RefereeError(say(N_("'start': %(why)s Give the card turned up after it."),
                               why=first_line(ruling)))
    dealer = setup.players.index(setup.dealer)
    details = ruling.details
    first = (dealer + SEAT_OFFSETS[details["first_player"]]) % n
    table = Table(setup.players, first, RIGHT if details["direction"] == "right" else LEFT,
                  setup.start, _colour(setup), dict(setup.cards), dict(setup.cards))
    draws: dict[str, int] = {}
    for seat, num in ruling.draws.items():
        victim = setup.players[(dealer + SEAT_OFFSETS[seat]) % n]
        table.give(victim, num, draws)
        if victim != table.current:  # charged and passed over: their first entry may record it
            table.charged = (victim, num)
    table.cheese_fresh = setup.start.kind.token == "cheese-touch"
    lines = list(ruling_lines(ruling))
    if setup.colour:
        lines.append(say(N_("%(who)s called %(colour)s."),
                         who=setup.players[(dealer + 1) % n], colour=colour_name(setup.colour)))
    lines.append(say(N_("%(who)s plays first."), who=table.current))
    return Opening(table, draws, lines, list(ruling.rules))


def _colour(setup: Setup) -> str | None:
    if setup.start.kind.token == "cheese-touch":
        return "yellow"
    return setup.colour or setup.start.colour


def first_line(ruling: Ruling) -> Text:
    return ruling.explanation.params.get("first", ruling.explanation)


def ruling_lines(ruling: Ruling) -> list[Text]:
    """The judge's two lines and the notes on which reading it follows."""
    params = ruling.explanation.params
    lines = [params["first"], params["second"]] if "first" in params else [ruling.explanation]
    return lines + list(ruling.depends_on)
