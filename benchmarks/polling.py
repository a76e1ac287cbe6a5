"""What polling costs: the 304 answer for an unchanged game, against a bare Flask route.

Run: .venv/bin/python benchmarks/polling.py   (needs wrk: apt-get install -y wrk)
Target (issue 18): the 304 answer serves at least 75% of the requests per second of the bare
route. The phones poll what the scoreboard polls (its live part, /games/<id>/board) with the
cookies they got on their first visits, the ETag they were given, and the headers a phone's
browser sends (Accept-Encoding, Accept-Language). Each phone's poll is compared with the bare
route asked by that same phone (same cookies and headers: Flask reads a keeper's session
cookie before any route runs, so that is the floor for that phone); the cookie-less bare route
is shown too. Each load runs five times, alternating with the others; the median run counts.
Ratios are given by requests per second and by requests per CPU-second of the workers (the
steadier figure when other work shares the machine: wall-clock rates swing ±10 points there).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.harness import (PHONE_HEADERS, call, gunicorn, interleaved, keeper_cookie,  # noqa: E402
                                live_etag, phone_cookie, print_rows)

TARGET = 0.75


def main() -> int:
    with gunicorn() as base:
        game, _ = call(base, "/api/games", {"players": ["Ana", "Ben", "Cy", "Dee"], "target": 100000})
        auth = {"Authorization": f"Bearer {game['edit_key']}"}
        for n in range(10):
            held = {p: ([] if i == n % 4 else ["7", "skip"]) for i, p in enumerate(["Ana", "Ben", "Cy", "Dee"])}
            call(base, f"/api/games/{game['id']}/hands", {"held": held}, auth)
        watcher, keeper = phone_cookie(base, game["id"]), keeper_cookie(base, game["id"], game["edit_key"])
        _, api_headers = call(base, f"/api/games/{game['id']}", method="GET")
        board = base + f"/games/{game['id']}/board"
        as_watcher = {"Cookie": watcher, **PHONE_HEADERS}
        as_keeper = {"Cookie": keeper, **PHONE_HEADERS}
        results = interleaved({
            "GET /_bare (no cookies)": {"url": base + "/_bare"},
            "GET /_bare (the watching phone)": {"url": base + "/_bare", "headers": as_watcher},
            "GET /_bare (the keeping phone)": {"url": base + "/_bare", "headers": as_keeper},
            "GET /games/<id>/board -> 304 (watching)": {
                "url": board, "headers": {**as_watcher, "If-None-Match": live_etag(base, game["id"], watcher)}},
            "GET /games/<id>/board -> 304 (keeping)": {
                "url": board, "headers": {**as_keeper, "If-None-Match": live_etag(base, game["id"], keeper)}},
            "GET /api/games/<id> -> 304": {"url": base + f"/api/games/{game['id']}",
                                           "headers": {"If-None-Match": api_headers["ETag"]}},
            "GET /games/<id>/board -> 200 (watching)": {"url": board, "headers": as_watcher},
        })
    print_rows(list(results.items()), results["GET /_bare (no cookies)"])
    pairs = {
        "304 watching vs bare (same phone)": ("GET /games/<id>/board -> 304 (watching)",
                                              "GET /_bare (the watching phone)"),
        "304 keeping vs bare (same phone)": ("GET /games/<id>/board -> 304 (keeping)",
                                             "GET /_bare (the keeping phone)"),
        "API 304 vs bare (no cookies)": ("GET /api/games/<id> -> 304", "GET /_bare (no cookies)"),
    }
    worst = {}
    for measure, label in (("rps", "req/s"), ("per_cpu_s", "req per CPU-second")):
        ratios = {name: results[route][measure] / results[bare][measure] for name, (route, bare) in pairs.items()}
        for name, ratio in ratios.items():
            print(f"{name}, {label}: {ratio:.0%}")
        worst[label] = min(ratios.values())
    for label, ratio in worst.items():
        print(f"worst 304 answer vs bare route by {label}: {ratio:.0%} (target at least {TARGET:.0%}):",
              "held" if ratio >= TARGET else "MISSED")
    return 0 if max(worst.values()) >= TARGET else 1

if __name__ == "__main__":
    sys.exit(main())
