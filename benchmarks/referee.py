"""What the referee costs.

Run: .venv/bin/python benchmarks/referee.py
1. A 60-play stretch replayed in-process, as a ratio to one `judge()` call in the same run
   (a shared machine's absolute times mean little); it fails above 50 ms (issue 20).
2. A tap's round trip (issue 29): every tap asks the server, so a phone sends the tapped play
   with the 12-play dispute to /referee/form and swaps in the form it answers. Timed against
   one judge question (`POST /api/judge`) and a bare Flask route on the same gunicorn server,
   asked as a phone asks (its Accept-Encoding, one connection a request); with the bytes on
   the wire of the tap's answer and of the whole page (HTML, CSS, JS) holding that dispute.
"""
from __future__ import annotations

import statistics
import sys
import time
import timeit
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from scorekeeper.domain.judge import judge  # noqa: E402
from scorekeeper.domain.referee import referee  # noqa: E402
from benchmarks.harness import PHONE_HEADERS, gunicorn  # noqa: E402

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


# The 12-play dispute of tests/e2e/test_referee.py, as the page's lines; the tap is its last play.
DISPUTE = ["Ana red-3", "Ben draw", "Cy red-9", "Ana blue-9", "Ben blue-skip", "Ana blue-2",
           "Ben wild-draw4 green", "Cy challenge blue-5", "Cy green-4", "Ana draw", "Ben green-7"]
TABLE = {"asked": "1", "players": "Ana,Ben,Cy", "start_colour": "red", "start_kind": "7"}
TAP = {"who": "Ana", "colour": "yellow", "kind": "7", "add": "play"}


def _get(base: str, path: str, data: bytes | None = None, headers: dict | None = None) -> bytes:
    request = urllib.request.Request(base + path, data=data,
                                     headers={**PHONE_HEADERS, **(headers or {})})
    with urllib.request.urlopen(request) as response:
        return response.read()


def _median_ms(ask, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        began = time.perf_counter()
        ask()
        times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times)


def measure_tap(rounds: int = 60) -> dict:
    tap = "/referee/form?" + urllib.parse.urlencode({**TABLE, "plays": "\n".join(DISPUTE), **TAP})
    page = "/referee?" + urllib.parse.urlencode({**TABLE, "plays": "\n".join(DISPUTE + ["Ana yellow-7"])})
    question = b'{"question": "play", "top": "red-7", "card": "blue-7"}'
    json_type = {"Content-Type": "application/json"}
    with gunicorn(workers=1) as base:
        asks = {"tap": lambda: _get(base, tap),
                "question": lambda: _get(base, "/api/judge", question, json_type),
                "bare": lambda: _get(base, "/_bare")}
        for ask in asks.values():
            ask()  # warm
        ms = {name: _median_ms(ask, rounds) for name, ask in asks.items()}
        answer = _get(base, tap)
        plain = _get(base, tap, headers={"Accept-Encoding": "identity"})
        assert b"<li id=p12" in plain and b"Guilty" in plain and len(answer) < len(plain)
        html = _get(base, page)
        assets = ["/static/app.css", "/static/referee.js"]
        assert all(a.encode() in _get(base, page, headers={"Accept-Encoding": "identity"})
                   for a in assets)
        page_wire = len(html) + sum(len(_get(base, a)) for a in assets)
    return {"tap_ms": ms["tap"], "question_ms": ms["question"], "bare_ms": ms["bare"],
            "tap_wire": len(answer), "tap_bytes": len(plain), "page_wire": page_wire,
            "page_html_wire": len(html)}


def main() -> int:
    row = measure()
    print(f"{row['plays']} plays replayed: {row['replay_ms']:.2f} ms; one judge question: "
          f"{row['question_ms']:.3f} ms; ratio {row['ratio']:.0f}x")
    held = row["replay_ms"] < LIMIT_MS
    print(f"budget: {'held' if held else 'MISSED'} (< {LIMIT_MS} ms for 60 plays)")
    tap = measure_tap()
    print(f"a tap (12-play dispute, median): {tap['tap_ms']:.1f} ms; one judge question: "
          f"{tap['question_ms']:.1f} ms ({tap['tap_ms'] / tap['question_ms']:.1f}x); bare route: "
          f"{tap['bare_ms']:.1f} ms ({tap['tap_ms'] / tap['bare_ms']:.1f}x)")
    print(f"on the wire: the tap's answer {tap['tap_wire'] / 1024:.1f} KB "
          f"({tap['tap_bytes'] / 1024:.1f} KB before compression); the page with that "
          f"dispute {tap['page_wire'] / 1024:.1f} KB (HTML {tap['page_html_wire'] / 1024:.1f} KB, "
          f"app.css, referee.js) in 3 requests")
    return 0 if held else 1


if __name__ == "__main__":
    sys.exit(main())
