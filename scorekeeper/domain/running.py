"""Running totals worked out only for the hands a page asks about (issue 30).

A total after hand i is the sum of what each hand up to i added, so after an edit, delete or
put-back every later total is an earlier list's total moved by one fixed amount (the change in
what the hands before it added up to), with its index moved by the hands deleted or put back.
RunningTotals keeps that as a few pieces of earlier lists instead of adding every later hand
up again: a scoreboard asks for about 30 totals, the API for the last one.
"""
from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import Mapping, Optional

Row = Mapping[str, int]
# (stop, rows, offset, shift): hand i, from the previous piece's stop up to `stop`, has the
# totals rows[i + offset], each plus shift[name] (shift None: that very row)
Piece = tuple[int, Sequence[Row], int, Optional[Row]]

MAX_PIECES = 16  # more pieces than this (many writes since the list was whole): made whole again


class RunningTotals(Sequence):
    """Read-only totals after each hand, one mapping per hand; a total moved by a shift is
    worked out when first asked for, then remembered."""

    __slots__ = ("_pieces", "_stops", "_made")

    def __init__(self, pieces: list[Piece]):
        self._pieces = pieces
        self._stops = [p[0] for p in pieces]
        self._made: dict[int, Row] = {}

    @classmethod
    def whole(cls, rows: list[Row]) -> RunningTotals:
        return cls([(len(rows), rows, 0, None)] if rows else [])

    def __len__(self) -> int:
        return self._stops[-1] if self._stops else 0

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("no such hand")
        made = self._made.get(index)
        if made is not None:
            return made
        _, rows, offset, shift = self._pieces[bisect_right(self._stops, index)]
        row = rows[index + offset]
        if shift is None:
            return row
        row = self._made[index] = {name: total + shift[name] for name, total in row.items()}
        return row

    def __iter__(self):
        start = 0
        for stop, rows, offset, shift in self._pieces:
            if shift is None:
                yield from rows[start + offset:stop + offset]
            else:
                yield from (self[i] for i in range(start, stop))
            start = stop

    def __eq__(self, other) -> bool:
        if isinstance(other, (RunningTotals, list, tuple)):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def pieces(self, start: int, stop: int, move: int, shift: Row | None) -> list[Piece]:
        """The pieces that give hands start - move to stop - move of a new list as this list's
        hands start to stop, each total plus `shift` (None: unchanged)."""
        found, low = [], 0
        for high, rows, offset, own in self._pieces:
            if high > start and low < stop:
                found.append((min(high, stop) - move, rows, offset + move, _added(own, shift)))
            low = high
        return found

    def joined(self, pieces: list[Piece]) -> RunningTotals:
        """A new list of these pieces; made whole when it has too many."""
        joined = RunningTotals(pieces)
        return joined if len(pieces) <= MAX_PIECES else RunningTotals.whole(list(joined))


def _added(one: Row | None, other: Row | None) -> Row | None:
    if one is None or other is None:
        return other if one is None else one
    return {name: value + other[name] for name, value in one.items()}


def difference(after: Row, before: Row) -> Row | None:
    """What moves `before` to `after`, player by player (None: nothing)."""
    moved = {name: total - before[name] for name, total in after.items()}
    return moved if any(moved.values()) else None
