"""Shared by the load benchmarks: a real gunicorn server on loopback and wrk to load it.

Figures are ratios to a bare Flask route served by the same server in the same run,
because absolute numbers on a shared 2-core machine mean little.
"""
from __future__ import annotations

import http.cookiejar
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.support.servers import documented_gunicorn  # noqa: E402  (the tests' servers run it too)

# What a phone's browser sends with every request besides its cookies (Chrome on Android).
PHONE_HEADERS = {"Accept-Encoding": "gzip, deflate, br, zstd", "Accept-Language": "en-GB,en;q=0.9"}
WRK_REPORT = """
done = function(summary, latency, requests)
  io.write(string.format("RESULT %d %f %f %d\\n", summary.requests, summary.duration / 1e6,
    latency:percentile(95) / 1000, summary.errors.status))
end
"""


WORKERS_ENV = "SCOREKEEPER_BENCH_WORKERS"  # tries another number of workers than the documented one
SERVERS: list[int] = []  # the gunicorn masters running now: their workers' CPU time is read


def server_cpu_seconds() -> float:
    """CPU time (user + system) the running servers' workers have used so far (Linux /proc).

    Requests served per CPU-second is steadier than requests per second on a machine other
    work shares: the ratios are reported both ways."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for master in SERVERS:
        try:
            children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
        except OSError:
            continue
        for pid in children:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return total


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def gunicorn(workers: int | None = None, database_url: str | None = None):
    """Start the app under docs/operating.md's gunicorn command (its threads, keep-alive and
    access log; its workers unless `workers`, or else SCOREKEEPER_BENCH_WORKERS, says
    otherwise) on 127.0.0.1, with a bare route beside the app (benchmarks/serve.py), on a
    throwaway SQLite database (or the empty database at `database_url`)."""
    if workers is None and WORKERS_ENV in os.environ:
        workers = int(os.environ[WORKERS_ENV])
    folder = tempfile.mkdtemp(prefix="scorekeeper-bench-")
    port = free_port()
    env = {**os.environ, "FLASK_SQLALCHEMY_DATABASE_URI": database_url or f"sqlite:///{folder}/bench.sqlite3",
           "FLASK_SECRET_KEY": "bench", "PYTHONPATH": str(ROOT),
           "FLASK_RATELIMIT_ENABLED": "false"}  # one address makes every game: no 429s
    argv = documented_gunicorn(workers=workers, bind=f"127.0.0.1:{port}", app="benchmarks.serve:app")
    argv[-1:-1] = ["--log-level", "warning"]  # no start and stop lines in the benchmark's output
    server = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)  # stdout: the access log
    base = f"http://127.0.0.1:{port}"
    SERVERS.append(server.pid)
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/_bare", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise RuntimeError("gunicorn did not start")
        yield base
    finally:
        SERVERS.remove(server.pid)
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


def call(base: str, path: str, body: dict | None = None, headers: dict | None = None,
         method: str | None = None) -> tuple[dict, dict]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(request) as response:
        raw = response.read()
        is_json = response.headers.get_content_type() == "application/json"
        return (json.loads(raw) if is_json else {}), dict(response.headers)


def keeper_cookie(base: str, game_id: int, edit_key: str) -> str:
    """The session cookie of a phone that opened the game's keep-score link."""
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    form_url = f"{base}/games/{game_id}/keep-score"
    html = browser.open(form_url).read().decode()
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html)
    assert token, "no CSRF token on the keep-score form"
    data = urllib.parse.urlencode({"csrf_token": token.group(1), "key": edit_key}).encode()
    claimed = browser.open(form_url, data)
    assert claimed.status == 200 and claimed.url.endswith(f"/games/{game_id}"), claimed.url
    return "; ".join(f"{c.name}={c.value}" for c in jar)


def phone_cookie(base: str, game_id: str) -> str:
    """The cookies of a phone that opened the game's scoreboard: its first look gets it a
    device id, its second is remembered (as a real phone's would be)."""
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    for _ in range(2):
        browser.open(f"{base}/games/{game_id}").read()
    assert any(c.name == "device" for c in jar), "the scoreboard gave the phone no device cookie"
    return "; ".join(f"{c.name}={c.value}" for c in jar)


def live_etag(base: str, game_id: str, cookie: str) -> str:
    """The ETag of the live part the scoreboard polls, as this phone sees it (compressed, as
    its browser asks)."""
    request = urllib.request.Request(f"{base}/games/{game_id}/board", headers={"Cookie": cookie, **PHONE_HEADERS})
    with urllib.request.urlopen(request) as response:
        return response.headers["ETag"]


def wrk(url: str, seconds: int = 5, connections: int = 8, method: str = "GET",
        body: str | None = None, headers: dict | None = None,
        rotate: list[tuple[str, dict]] | None = None) -> dict:
    """Requests per second and p95 latency (ms) from wrk; 4xx/5xx answers are counted.

    `rotate`, if given, is a list of (path, extra headers) sent in turn instead of the URL's path.
    """
    if not shutil.which("wrk"):
        raise SystemExit("wrk is not installed: apt-get install -y wrk")
    lines = [WRK_REPORT, f'wrk.method = "{method}"']
    if body is not None:
        lines.append(f"wrk.body = {json.dumps(body)}")
    for name, value in (headers or {}).items():
        lines.append(f'wrk.headers["{name}"] = {json.dumps(value)}')
    if rotate:
        lines.append("targets = {" + ", ".join(
            "{" + json.dumps(path) + ", {" + ", ".join(f"[{json.dumps(k)}] = {json.dumps(v)}"
                                                      for k, v in extra.items()) + "}}"
            for path, extra in rotate) + "}")
        lines.append("turn = 0")
        lines.append("request = function()\n  turn = turn % #targets + 1\n"
                     "  local path, extra = targets[turn][1], targets[turn][2]\n"
                     "  local headers = {}\n  for k, v in pairs(wrk.headers) do headers[k] = v end\n"
                     "  for k, v in pairs(extra) do headers[k] = v end\n"
                     "  return wrk.format(nil, path, headers)\nend")
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write("\n".join(lines))
    cpu_before = server_cpu_seconds()
    try:
        out = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "-s", script.name, url],
                             capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(script.name)
    cpu = server_cpu_seconds() - cpu_before
    requests, duration, p95, bad = next(l for l in out.splitlines() if l.startswith("RESULT")).split()[1:]
    return {"rps": int(requests) / float(duration), "p95_ms": float(p95), "bad_status": int(bad),
            "per_cpu_s": int(requests) / cpu if cpu > 0 else 0.0}


WRITES_SETTLE_S = 3


def interleaved(runs: dict[str, dict], rounds: int = 5, seconds: int = 3) -> dict[str, dict]:
    """Run each named wrk load `rounds` times, alternating, and keep each one's median run.

    Alternating spreads the machine's noise evenly over the routes being compared. A load
    that writes is followed by a pause: SQLite's flushes and checkpoint after it would
    otherwise slow whichever load comes next (the bare route, at the start of a round).
    """
    results: dict[str, list[dict]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, options in runs.items():
            results[name].append(wrk(seconds=seconds, **options))
            if options.get("method", "GET") != "GET":
                time.sleep(WRITES_SETTLE_S)
    return {name: _medians(rs) for name, rs in results.items()}


def _medians(runs: list[dict]) -> dict:
    """The median run by requests per second, with the median requests per CPU-second."""
    middle = sorted(runs, key=lambda r: r["rps"])[len(runs) // 2]
    per_cpu = sorted(r["per_cpu_s"] for r in runs)[len(runs) // 2]
    return {**middle, "per_cpu_s": per_cpu}


def print_rows(rows: list[tuple[str, dict]], bare: dict) -> None:
    print(f"{'route':<42} {'req/s':>8} {'p95 ms':>7} {'vs bare':>8} {'req/CPU-s':>10} {'vs bare':>8} {'non-2xx':>8}")
    for name, r in rows:
        per_cpu = r.get("per_cpu_s", 0.0)
        print(f"{name:<42} {r['rps']:>8.0f} {r['p95_ms']:>7.1f} {r['rps'] / bare['rps']:>8.0%} "
              f"{per_cpu:>10.0f} {per_cpu / bare['per_cpu_s'] if bare.get('per_cpu_s') else 0:>8.0%} "
              f"{r['bad_status']:>8}")
