"""Each player's running total by hand, as a small inline SVG drawn on the server.

No chart library: one path per player. Readable without colour: every line has its own dash
pattern and ends in its player's name and total. The scoreboard has a byte budget, so the
path is relative moves on a coarse grid, sampled to at most MAX_POINTS points per line.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from flask_babel import gettext
from markupsafe import Markup, escape

from ..bidi import isolate

MAX_POINTS = 12
WIDTH, HEIGHT, LABEL_ROOM, LINE_GAP = 100, 48, 46, 7
DASHES = ("", "4 2", "1 2", "6 2 1 2", "8 3", "2 4", "4 1 1 1", "1 1", "6 6", "3 3 1 3")
LABEL = 13  # characters a line's end label may take, its name and total together (6 px text in LABEL_ROOM)


def sample(count: int, most: int = MAX_POINTS) -> list[int]:
    """Evenly spread indices into `count` items, always keeping the first and the last."""
    if count <= most:
        return list(range(count))
    step = (count - 1) / (most - 1)
    return sorted({round(i * step) for i in range(most)})


class _WithStart:
    """The totals before the first hand (`start`), then `running`, without copying it."""

    def __init__(self, start: Mapping[str, int], running: Sequence[Mapping[str, int]]):
        self.start, self.running = start, running

    def __len__(self) -> int:
        return len(self.running) + 1

    def __getitem__(self, index: int) -> Mapping[str, int]:
        return self.start if index == 0 else self.running[index - 1 if index > 0 else index]


def _label_heights(ends: list[float], bottom: float) -> list[float]:
    """Move labels apart (keeping their order) so no two overlap and none falls below `bottom`."""
    order = sorted(range(len(ends)), key=lambda i: ends[i])
    placed = [0.0] * len(ends)
    last = -LINE_GAP
    for i in order:  # top down: each label at least a line below the one above
        placed[i] = max(ends[i], last + LINE_GAP)
        last = placed[i]
    for i in reversed(order):  # bottom up: ties at the lowest total pushed back inside the box
        placed[i] = min(placed[i], bottom)
        bottom = placed[i] - LINE_GAP
    return placed


def _path(ys: list[int], xs: list[int]) -> str:
    """Relative moves: shorter than absolute points once the line is a few hands long."""
    steps = (f"{xs[i] - xs[i - 1]}{'' if ys[i] < ys[i - 1] else ' '}{ys[i] - ys[i - 1]}"
             for i in range(1, len(ys)))
    return f"M{xs[0]} {ys[0]}l" + " ".join(steps)


def running_chart(players: list[str], running: Sequence[Mapping[str, int]],
                  extent: tuple[int, int] | None = None) -> Markup:
    """The chart for totals after each hand (`running`), or nothing before hand 2. `extent`:
    the lowest and highest total in it (ScoreSheet.running_extent), so that only the sampled
    hands are read; without it, every total is looked at."""
    if len(running) < 2:
        return Markup("")
    start = dict.fromkeys(players, 0)
    rows = _WithStart(start, running)
    picks = sample(len(rows))
    if extent is None:
        extent = (min(min(r.values()) for r in running), max(max(r.values()) for r in running))
    top, low = max(1, extent[1]), min(0, extent[0])
    xs = [round(WIDTH * p / (len(rows) - 1)) for p in picks]

    def y(v: int) -> int:
        return round(HEIGHT - (v - low) * HEIGHT / (top - low)) + 4

    ends = _label_heights([y(rows[-1][n]) + 2 for n in players], bottom=HEIGHT + 7)
    view_top = min(0, round(min(ends)) - 6)  # ten tied players need more height than the lines do
    label = escape(gettext("Running totals by hand (numbers: see the table)"))
    out = [f'<svg class="chart" viewBox="0 {view_top} {WIDTH + LABEL_ROOM} {HEIGHT + 8 - view_top}" role="img" '
           f'aria-label="{label}" '
           'fill="none" stroke="currentColor" font-size="6">']
    for i, name in enumerate(players):
        dash = DASHES[i % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<path d="{_path([y(rows[p][name]) for p in picks], xs)}"{dash_attr}/>')
    out.append('<g fill="currentColor" stroke="none">')
    for name, height in zip(players, ends):
        total = str(rows[-1][name])
        room = LABEL - 1 - len(total)  # the total is never cut: the name gives way
        short = name if len(name) <= room else name[:room - 1] + "…"
        out.append(f'<text x="{WIDTH + 2}" y="{height:.0f}">{escape(isolate(short))} {total}</text>')
    out.append("</g></svg>")
    return Markup("".join(out))
