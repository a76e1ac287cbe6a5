"""How many phones one server holds: the most phones at which a poll's p95 stays under 50 ms.

Run: .venv/bin/python benchmarks/capacity.py [sqlite|postgresql|pooled ...]
PostgreSQL needs SCOREKEEPER_BENCH_POSTGRES_URL (a server where a throwaway database may be made,
e.g. postgresql+psycopg://postgres@127.0.0.1:54329/postgres). `pooled` runs two servers (the
phones and keepers spread over both) on that database through a PgBouncer in transaction
pooling in front of the same server, SCOREKEEPER_BENCH_PGBOUNCER_URL (.ci/pgbouncer-start
starts one). SCOREKEEPER_BENCH_STEP_S (seconds a step measures, default 20) and
SCOREKEEPER_BENCH_MOST_PHONES (the ladder's top) bound a run; SCOREKEEPER_BENCH_WORKERS tries
another number of workers a server than docs/operating.md's.

docs/operating.md's gunicorn command (its workers, threads, keep-alive and access log) on
loopback. A table is 4 watching phones and a keeper: every phone polls its scoreboard's live part
every 2 s on its own keep-alive connection, with its device cookie and the ETag of what it last
saw (304 while nothing changed, the new board after a save); each keeper saves a hand through the
API every 30 s. The same phones and keepers also ask a bare Flask route on the same server
instead, in turn with the app at each step of the same run, so the figure that matters is the
ratio. The phones (each keeping its ETag from one step to the next, and looking once before the
clock starts when it is new) climb a ladder (25, 50, 100, …) until p95 passes 50 ms, then the gap
is halved twice. The load generator shares the machine: its own lag counts in every p95, the bare
route's as much as the app's. Each rung is three steps (each after a warm-up of one poll period)
and decided by the median of their p95s: one step that met a neighbour's burst decides nothing.
Beside each p95 the servers' workers' own CPU (user and system, from /proc) per phone-second: what
the app costs whatever the neighbours do.
"""
from __future__ import annotations

import asyncio
import os
import random
import statistics
import sys
import time
import uuid
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.harness import PHONE_HEADERS, WORKERS_ENV, call, gunicorn, server_cpu_seconds  # noqa: E402

POLL_S, SAVE_S = 2.0, 30.0
PHONES_PER_TABLE = 4
P95_BUDGET_MS = 50.0
STEP_S = float(os.environ.get("SCOREKEEPER_BENCH_STEP_S", 20))  # measured seconds a step, after a warm-up
STEPS = 3  # a rung's verdict: the median of three steps' p95s
PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
HELD = '{"held": {"Ana": [], "Ben": ["7"], "Cy": ["skip"], "Dee": ["wild"]}}'
BARE = "/_bare"


class Phone:
    """One keep-alive connection and what the phone holds: its cookie and last ETag."""

    def __init__(self, host: str, port: int, path: str, cookie: str):
        self.host, self.port, self.path, self.cookie = host, port, path, cookie
        self.etag: str | None = None
        self.reader = self.writer = None

    async def ask(self, method: str = "GET", path: str | None = None, body: str | None = None,
                  headers: dict | None = None) -> tuple[int, float]:
        if self.writer is None or self.writer.is_closing():
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        lines = [f"{method} {path or self.path} HTTP/1.1", f"Host: {self.host}", f"Cookie: {self.cookie}",
                 *(f"{k}: {v}" for k, v in PHONE_HEADERS.items()),
                 *(f"{k}: {v}" for k, v in (headers or {}).items())]
        if self.etag and method == "GET":
            lines.append(f"If-None-Match: {self.etag}")
        data = body.encode() if body else b""
        if body:
            lines += ["Content-Type: application/json", f"Content-Length: {len(data)}"]
        start = time.perf_counter()
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + data)
        status, length, etag, close = await self._read_head()
        await self.reader.readexactly(length)
        took = (time.perf_counter() - start) * 1000
        if etag and method == "GET":
            self.etag = etag
        if close:
            self.writer.close()
            self.writer = None
        return status, took

    async def _read_head(self):
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length, etag, close = 0, None, False
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "content-length":
                length = int(value)
            elif name == "etag":
                etag = value
            elif name == "connection" and value.lower() == "close":
                close = True
        return status, length, etag, close


async def _run(phones: list[Phone], keepers: list[tuple[Phone, str, str]], seconds: float) -> dict:
    """Every phone polls every POLL_S, every keeper saves every SAVE_S, for a warm-up period
    and `seconds`; the polls' latencies after the warm-up, and the failures."""
    await _first_looks(phones)
    polls: list[float] = []
    unchanged: list[float] = []  # 304s
    changed: list[float] = []  # a new board after a save (or the first look)
    failed = [0]
    start = time.perf_counter()
    warm, end = start + POLL_S, start + POLL_S + seconds

    async def loop(phone: Phone, period: float, ask):
        next_at = start + random.uniform(0, period)
        while next_at < end:
            await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
            began = time.perf_counter()
            try:
                status, took = await ask(phone)
            except (OSError, asyncio.IncompleteReadError, ValueError, IndexError):
                failed[0] += 1
                phone.writer = None
                status, took = 0, (time.perf_counter() - began) * 1000
            if status >= 400 or status == 0:
                failed[0] += status != 0
            elif ask is poll and began >= warm:
                polls.append(took)
                (unchanged if status == 304 else changed).append(took)
            next_at += period

    async def poll(phone):
        return await phone.ask()

    def saver(path: str, key: str):
        async def save(phone):
            if path == BARE:  # the bare route answers GET only; it costs the same either way
                return await phone.ask("GET", path)
            return await phone.ask("POST", path, HELD, {"Authorization": f"Bearer {key}"})
        return save

    await asyncio.gather(*(loop(p, POLL_S, poll) for p in phones),
                         *(loop(p, SAVE_S, saver(path, key)) for p, path, key in keepers))
    for phone in [*phones, *(k[0] for k in keepers)]:
        if phone.writer is not None:
            phone.writer.close()
    return {"p95": _p95(polls), "median": statistics.median(polls) if polls else float("inf"),
            "polls": len(polls), "failed": failed[0], "p95_304": _p95(unchanged),
            "p95_new": _p95(changed), "new": len(changed)}


async def _first_looks(phones: list[Phone], at_once: int = 32) -> None:
    """A phone that joins the step looks once before the clock starts, as a phone that has been
    at the table a while has: otherwise every step would open with all its new phones rendering
    their first board at once, a stampede no evening has (a phone keeps its ETag)."""
    gate = asyncio.Semaphore(at_once)

    async def look(phone: Phone) -> None:
        async with gate:
            await phone.ask()

    await asyncio.gather(*(look(p) for p in phones if p.etag is None))


def _p95(times: list[float]) -> float:
    return sorted(times)[int(len(times) * 0.95)] if times else float("nan")


def _cookie(base: str, path: str) -> str:
    """A phone's cookies after its first two looks (a device id, then remembered)."""
    import http.cookiejar
    import urllib.request
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    for _ in range(2):
        browser.open(base + path).read()
    return "; ".join(f"{c.name}={c.value}" for c in jar)


class Tables:
    """Games with their watching phones' cookies and keepers, made as many as needed."""

    def __init__(self, bases: list[str]):
        self.bases = bases  # phones and keepers take the servers in turn (a proxy spreading them)
        self.base = bases[0]
        self.games: list[tuple[dict, list[str]]] = []
        self.etags: dict[tuple[str, str], str] = {}  # (cookie, path) -> the ETag that phone last had

    def phones(self, count: int, bare: bool) -> tuple[list[Phone], list[tuple[Phone, str, str]]]:
        tables = -(-count // PHONES_PER_TABLE)
        while len(self.games) < tables:
            game, _ = call(self.base, "/api/games", {"players": PLAYERS, "target": 100_000})
            self.games.append((game, [_cookie(self.base, f"/games/{game['id']}")
                                      for _ in range(PHONES_PER_TABLE)]))
        urls = [urlsplit(base) for base in self.bases]
        phones, keepers = [], []
        for n, (game, cookies) in enumerate(self.games[:tables]):
            board = BARE if bare else f"/games/{game['id']}/board"
            save = BARE if bare else f"/api/games/{game['id']}/hands"
            for cookie in cookies:
                url = urls[len(phones) % len(urls)]
                phone = Phone(url.hostname, url.port, board, cookie)
                phone.etag = self.etags.get((cookie, board))
                phones.append(phone)
            url = urls[n % len(urls)]
            keepers.append((Phone(url.hostname, url.port, save, cookies[0]), save, game["edit_key"]))
        return phones[:count], keepers


def holds(tables: Tables, count: int, bare: bool) -> tuple[bool, dict]:
    """Three steps at `count` phones; the median step (by p95) decides, and says its figures."""
    steps = []
    for _ in range(STEPS):
        phones, keepers = tables.phones(count, bare)
        cpu_before, began = server_cpu_seconds(), time.monotonic()
        result = asyncio.run(_run(phones, keepers, STEP_S))
        result["cpu_ms"] = (server_cpu_seconds() - cpu_before) * 1000 / (count * (time.monotonic() - began))
        tables.etags |= {(p.cookie, p.path): p.etag for p in phones if p.etag}
        steps.append(result)
    result = sorted(steps, key=lambda r: r["p95"])[len(steps) // 2]
    result |= {"failed": sum(r["failed"] for r in steps), "p95s": [r["p95"] for r in steps]}
    return result["p95"] < P95_BUDGET_MS and result["failed"] == 0, result


LADDER = tuple(n for n in (25, 50, 100, 200, 400, 800, 1600, 3200)
               if n <= int(os.environ.get("SCOREKEEPER_BENCH_MOST_PHONES", 3200)))

def most_phones(tables: Tables, refine: int = 2) -> tuple[dict[str, int], list]:
    """For the bare route and the app, in turn at each step (so both meet the same neighbours'
    load): climb the ladder until each breaks the budget, then halve the gap `refine` times."""
    log = []
    good = {"bare": 0, "app": 0}
    bad: dict[str, int | None] = {"bare": None, "app": None}

    def step(name: str, count: int) -> None:
        ok, result = holds(tables, count, bare=name == "bare")
        log.append((name, count, result))
        if ok and count > good[name] and (bad[name] is None or count < bad[name]):
            good[name] = count
        elif not ok and (bad[name] is None or count < bad[name]):
            bad[name] = count

    for count in LADDER:
        running = [name for name in good if bad[name] is None]
        if not running:
            break
        for name in running:
            step(name, count)
    for _ in range(refine):
        for name in good:
            if bad[name] is not None and bad[name] - good[name] > 10:
                step(name, (good[name] + bad[name]) // 2)
    return good, log


@contextmanager
def postgres_database():
    """A throwaway database on SCOREKEEPER_BENCH_POSTGRES_URL's server."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url
    url = os.environ.get("SCOREKEEPER_BENCH_POSTGRES_URL")
    if not url:
        raise SystemExit("set SCOREKEEPER_BENCH_POSTGRES_URL for the PostgreSQL run")
    name = f"scorekeeper_capacity_{uuid.uuid4().hex[:8]}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@contextmanager
def servers(kind: str):
    """The servers' addresses: one on SQLite or PostgreSQL, or two through PgBouncer."""
    if kind == "sqlite":
        with gunicorn() as base:  # harness.gunicorn's own throwaway SQLite file
            yield [base]
        return
    with postgres_database() as url:
        if kind != "pooled":
            with gunicorn(database_url=url) as base:
                yield [base]
            return
        from sqlalchemy.engine import make_url
        bouncer = os.environ.get("SCOREKEEPER_BENCH_PGBOUNCER_URL")
        if not bouncer:
            raise SystemExit("set SCOREKEEPER_BENCH_PGBOUNCER_URL for the pooled run")
        pooled = make_url(bouncer).set(database=make_url(url).database).render_as_string(hide_password=False)
        with gunicorn(database_url=pooled) as one, gunicorn(database_url=pooled) as two:
            yield [one, two]


def main(kinds: list[str]) -> int:
    print(time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), f"{os.cpu_count()} cores,",
          f"gunicorn as docs/operating.md, {os.environ.get(WORKERS_ENV, 'its')} workers; "
          f"poll p95 budget {P95_BUDGET_MS:.0f} ms, "
          f"median of {STEPS} steps of {STEP_S:g} s a rung")
    for kind in kinds:
        with servers(kind) as bases:
            held, log = most_phones(Tables(bases))
        for name, count, r in log:
            print(f"  {kind:<10} {name:<4} {count:>5} phones: poll p95 {r['p95']:6.1f} ms "
                  f"(steps {', '.join(f'{p:.1f}' for p in r['p95s'])}; 304s {r['p95_304']:.1f}, "
                  f"new boards {r['p95_new']:.1f} ms, {r['new']} of them), server CPU "
                  f"{r['cpu_ms']:.2f} ms per phone-second, median {r['median']:4.1f} ms, "
                  f"{r['polls']} polls, {r['failed']} failed", flush=True)
        app, bare = held["app"], held["bare"]
        share = f"{app / bare:.0%}" if bare else "the bare route held none"
        print(f"{kind}: the app holds {app} phones, the bare route {bare} ({share})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["sqlite", "postgresql"]))
