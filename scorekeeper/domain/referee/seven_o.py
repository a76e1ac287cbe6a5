"""Seven-O (house rule) at the table: after a 7 two hands are exchanged, after a 0 every hand
moves one seat in the direction of play. Only the counts move; the cards held at the end are
still what the score counts."""
from __future__ import annotations

from ..text import N_, Text, say
from .plays import Play
from .table import Table


def seven_o(t: Table, play: Play, lines: list[Text], rules: list[str]) -> None:
    """The 7 or 0 is down and was not the last card; the turn has already moved on."""
    if "house-seven-o" not in rules:
        rules.append("house-seven-o")
    if play.card.kind.token == "7":
        other = play.swap_with
        counts = dict(t.counts)
        counts[play.player], counts[other] = t.counts[other], t.counts[play.player]
        t.hand_over(counts)
        lines.append(say(N_("Seven-O: %(who)s swaps hands with %(other)s; %(who)s now holds "
                            "%(mine)d, %(other)s %(theirs)d."), who=play.player, other=other,
                         mine=counts[play.player], theirs=counts[other]))
        return
    n = len(t.players)
    counts = {t.players[(seat + t.direction) % n]: t.counts[name]
              for seat, name in enumerate(t.players)}
    t.hand_over(counts)
    lines.append(say(N_("Seven-O: every hand passes one seat to the left.") if t.direction > 0
                     else N_("Seven-O: every hand passes one seat to the right.")))
