"""What the referee costs: a 60-play stretch replayed, against one judge question.

Run: .venv/bin/python benchmarks/referee.py
The figure is a ratio to one `judge()` call in the same run (a shared machine's absolute
times mean little), with the absolute time beside it. The issue asks for "well under 50 ms"
for 60 plays; the script fails when the replay takes longer.
"""
from __future__ import annotations

import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from scorekeeper.domain.judge import judge  # noqa: E402
from scorekeeper.domain.referee import referee  # noqa: E402

PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
COLOURS = ("red", "yellow", "green", "blue")
LIMIT_MS = 50
QUESTION = {"question": "play", "top": "red-7", "card": "blue-7"}


def stretch(plays: int = 60) -> dict:
    """A legal stretch of `plays` plays by four players, number cards only (so turns go round
    to the left) with a draw every seventh play: each card matches the last by colour, or by
    number when its colour has run dry. No card is played more often than the deck holds."""
    left = {f"{c}-{n}": 1 if n == 0 else 2 for c in COLOURS for n in range(10)}
    top = "red-0"
    left[top] -= 1
    entries = []
    for turn in range(plays):
        player = PLAYERS[turn % len(PLAYERS)]
        if turn % 7 == 6:
            entries.append({"player": player, "draw": 1})
            continue
        top = _next_card(top, left)
        left[top] -= 1
        entries.append({"player": player, "card": top})
    return {"players": PLAYERS, "start": "red-0", "dealer": "Dee",
            "cards": {p: 20 for p in PLAYERS}, "plays": entries}


def _next_card(top: str, left: dict[str, int]) -> str:
    colour, number = top.split("-")
    same_colour = [f"{colour}-{(int(number) + k) % 10}" for k in range(1, 10)]
    same_number = [f"{c}-{number}" for c in COLOURS if c != colour]
    return next(t for t in same_colour + same_number if left[t] > 0)


def measure(repeat: int = 5, number: int = 20) -> dict:
    body = stretch()
    replay = referee(body)
    assert replay.first_illegal is None, replay.steps[replay.first_illegal]
    per_replay = min(timeit.repeat(lambda: referee(body), repeat=repeat, number=number)) / number
    per_question = min(timeit.repeat(lambda: judge(QUESTION), repeat=repeat,
                                     number=number * 10)) / (number * 10)
    return {"plays": len(body["plays"]), "replay_ms": per_replay * 1000,
            "question_ms": per_question * 1000, "ratio": per_replay / per_question}


def main() -> int:
    row = measure()
    print(f"{row['plays']} plays replayed: {row['replay_ms']:.2f} ms; one judge question: "
          f"{row['question_ms']:.3f} ms; ratio {row['ratio']:.0f}x")
    held = row["replay_ms"] < LIMIT_MS
    print(f"budget: {'held' if held else 'MISSED'} (< {LIMIT_MS} ms for 60 plays)")
    return 0 if held else 1


if __name__ == "__main__":
    sys.exit(main())
