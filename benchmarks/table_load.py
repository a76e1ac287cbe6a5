"""A game night's load: 40 phones polling 8 games every 2 s while 8 keepers save every 10 s.

Run: .venv/bin/python benchmarks/table_load.py
gunicorn as docs/operating.md runs it (workers, threads, keep-alive, access log) on 127.0.0.1. Each phone polls
what its scoreboard polls (/games/<id>/board, with the device cookie from its first visit,
the last ETag and its browser's headers), as board.js does; each keeper posts a hand to its
game through the API. The
same 40 phones then poll a bare Flask route at the same pace on the same server: the poll's
p95 is compared with the bare route's p95 of that run. Target (issue 18): poll p95 at most
5 times the bare route's, and no errors.
"""
from __future__ import annotations

import http.client
import json
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.harness import PHONE_HEADERS, call, gunicorn, phone_cookie  # noqa: E402

PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
GAMES, PHONES, POLL_EVERY, SAVE_EVERY, SECONDS = 8, 40, 2.0, 10.0, 40
TARGET = 5.0


class Client(threading.Thread):
    """One phone or keeper: a request every `every` seconds on one kept-alive connection."""

    def __init__(self, base: str, every: float, offset: float, request, until: float):
        super().__init__(daemon=True)
        self.host = urlsplit(base).netloc
        self.every, self.offset, self.request, self.until = every, offset, request, until
        self.times: list[float] = []
        self.errors: list[str] = []

    def run(self) -> None:
        conn = http.client.HTTPConnection(self.host, timeout=30)
        next_at = time.monotonic() + self.offset
        while next_at < self.until:
            time.sleep(max(0.0, next_at - time.monotonic()))
            started = time.monotonic()
            for attempt in (1, 2):
                try:
                    status = self.request(conn)
                except (OSError, http.client.HTTPException) as err:
                    conn.close()  # the server closed an idle kept-alive connection (a keeper
                    conn = http.client.HTTPConnection(self.host, timeout=30)  # saves every 10 s,
                    if attempt == 2:  # longer than keep-alive): a browser opens a new one too
                        self.errors.append(repr(err))
                else:
                    self.times.append(time.monotonic() - started)
                    if status >= 400:
                        self.errors.append(str(status))
                    break
            next_at += self.every
        conn.close()


def poller(path: str, cookie: str):
    etag = {"value": ""}

    def poll(conn) -> int:
        conn.request("GET", path, headers={"Cookie": cookie, "If-None-Match": etag["value"], **PHONE_HEADERS})
        response = conn.getresponse()
        response.read()
        etag["value"] = response.getheader("ETag") or etag["value"]
        return response.status
    return poll


def saver(game: dict):
    body = json.dumps({"held": {"Ana": [], "Ben": ["7"], "Cy": ["2"], "Dee": ["wild"]}})
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {game['edit_key']}"}

    def save(conn) -> int:
        conn.request("POST", f"/api/games/{game['id']}/hands", body=body, headers=headers)
        response = conn.getresponse()
        response.read()
        return response.status
    return save


def run(base: str, games: list[dict], cookies: list[str], bare: bool) -> tuple[list[float], list[str]]:
    until = time.monotonic() + SECONDS
    clients = [Client(base, POLL_EVERY, POLL_EVERY * n / PHONES,
                      poller("/_bare" if bare else f"/games/{games[n % GAMES]['id']}/board", cookies[n]),
                      until) for n in range(PHONES)]
    clients += [Client(base, SAVE_EVERY, SAVE_EVERY * n / GAMES, saver(game), until)
                for n, game in enumerate(games)]
    for c in clients:
        c.start()
    for c in clients:
        c.join()
    phones = clients[:PHONES]
    return ([t for c in phones for t in c.times], [e for c in clients for e in c.errors])


def p95(times: list[float]) -> float:
    return sorted(times)[int(len(times) * 0.95)] * 1000


def main() -> int:
    with gunicorn() as base:
        games = [call(base, "/api/games", {"players": PLAYERS, "target": 100_000})[0] for _ in range(GAMES)]
        cookies = [phone_cookie(base, games[n % GAMES]["id"]) for n in range(PHONES)]
        polls, poll_errors = run(base, games, cookies, bare=False)
        bares, bare_errors = run(base, games, cookies, bare=True)
    print(f"{PHONES} phones polling {GAMES} games every {POLL_EVERY:.0f} s, {GAMES} keepers saving "
          f"every {SAVE_EVERY:.0f} s, {SECONDS} s each")
    print(f"poll  /games/<id>/board: {len(polls)} polls, p50 {sorted(polls)[len(polls) // 2] * 1000:.1f} ms, "
          f"p95 {p95(polls):.1f} ms, errors {len(poll_errors)} {poll_errors[:3]}")
    print(f"bare  /_bare:            {len(bares)} polls, p50 {sorted(bares)[len(bares) // 2] * 1000:.1f} ms, "
          f"p95 {p95(bares):.1f} ms, errors {len(bare_errors)} {bare_errors[:3]}")
    ratio = p95(polls) / p95(bares)
    held = ratio <= TARGET and not poll_errors and not bare_errors
    print(f"poll p95 vs bare p95: {ratio:.1f}x (target at most {TARGET:.0f}x, no errors):",
          "held" if held else "MISSED")
    return 0 if held else 1


if __name__ == "__main__":
    sys.exit(main())
