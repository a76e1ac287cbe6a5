"""Lighthouse scores of every page a family uses at the table, in light and dark mode.

Run: .venv/bin/python benchmarks/lighthouse.py  [--light-only] [--page NAME ...] [--keep-reports]
Budget (issue 6), mobile form factor: Performance >= 95, Accessibility 100,
Best Practices 100, SEO >= 90 on the home page, the new-game form, the hand keypad,
the scoreboard, the rules page and the judge (its question list and a ruling).

Lighthouse comes from npm, installed on first use into benchmarks/.node/, and drives
Debian's chromium (CHROME_PATH=/usr/bin/chromium). The app runs on 127.0.0.1 with a
throwaway SQLite database; a seeded game's edit key is claimed through the keep-score
form, and that session cookie is sent with every page (the keypad needs it), so the
pages are audited as the person keeping score sees them. Dark mode: chromium's
--force-dark-mode makes the page see `prefers-color-scheme: dark`.
Exits 1 if any page misses a budget; audits below full marks are listed under the table.
"""
from __future__ import annotations

import argparse
import http.cookiejar
import json
import logging
import os
import re
import subprocess
import sys
import tempfile
import threading
import urllib.parse
import urllib.request
from pathlib import Path

from werkzeug.serving import make_server

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from benchmarks.harness import call, keeper_cookie  # noqa: E402
from scorekeeper import create_app  # noqa: E402

NODE_DIR = HERE / ".node"
LIGHTHOUSE = NODE_DIR / "node_modules" / ".bin" / "lighthouse"
REPORTS = HERE / "results" / "lighthouse"
CHROME = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CHROME_FLAGS = ("--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run "
                "--disable-background-networking --disable-component-update --disable-sync")
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
BUDGET = {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 90}
PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
HANDS = [  # (who went out, what the others held)
    ("Ana", {"Ben": ["red-7", "blue-skip", "wild"], "Cy": ["3", "draw2"], "Dee": ["9"]}),
    ("Ben", {"Ana": ["5"], "Cy": ["reverse"], "Dee": ["wild-draw4"]}),
    ("Cy", {"Ana": ["1"], "Ben": ["yellow-2"], "Dee": ["green-3", "4"]}),
    ("Dee", {"Ana": ["0"], "Ben": ["skip"], "Cy": ["8"]}),
    ("Ana", {"Ben": ["6"], "Cy": ["6"], "Dee": ["6"]}),
]


def pages(game_id: int) -> dict[str, str]:
    return {
        "home": "/",
        "new game": "/games/new",
        "keypad": f"/games/{game_id}/hands/new",
        "scoreboard": f"/games/{game_id}",
        "rules": "/rules/classic",
        "judge": "/judge",
        "judge ruling": f"/judge/play?asked=1&top_colour=red&top_kind=7&card_colour=blue&card_kind=7&game={game_id}",
    }


def ensure_lighthouse() -> Path:
    if not LIGHTHOUSE.exists():
        print("Installing lighthouse into", NODE_DIR.relative_to(HERE.parent), file=sys.stderr)
        NODE_DIR.mkdir(exist_ok=True)
        subprocess.run(["npm", "install", "--prefix", str(NODE_DIR), "--no-audit", "--no-fund",
                        "lighthouse"], check=True, stdout=sys.stderr)
    return LIGHTHOUSE


class Server:
    """The app on 127.0.0.1 (a free port) with a database that lives as long as this object."""

    def __init__(self) -> None:
        self._dir = tempfile.TemporaryDirectory()
        app = create_app({"SECRET_KEY": os.urandom(16).hex(),
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{self._dir.name}/lighthouse.sqlite3"})
        logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no request log in the table
        self._server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self._server.server_port}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> "Server":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._server.shutdown()
        self._thread.join()
        self._dir.cleanup()


def seed(base: str) -> tuple[int, str]:
    """A four-player game with a few hands, and the session cookie of the phone keeping score."""
    game, _ = call(base, "/api/games", {"players": PLAYERS})
    for out, others in HANDS:
        held = {name: others.get(name, []) for name in PLAYERS}
        assert not held[out]
        call(base, f"/api/games/{game['id']}/hands", {"held": held},
             {"Authorization": f"Bearer {game['edit_key']}"})
    cookie = keeper_cookie(base, game["id"], game["edit_key"])
    check = urllib.request.Request(f"{base}/games/{game['id']}/hands/new", headers={"Cookie": cookie})
    assert urllib.request.urlopen(check).status == 200, "the session cookie does not open the keypad"
    return game["id"], cookie


def run_lighthouse(url: str, cookie: str, dark: bool) -> dict:
    flags = CHROME_FLAGS + (" --force-dark-mode" if dark else "")
    command = [str(LIGHTHOUSE), url, "--form-factor=mobile", "--output=json", "--output-path=stdout",
               "--quiet", f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={flags}",
               "--extra-headers", json.dumps({"Cookie": cookie})]
    for attempt in range(3):  # Lighthouse now and then loses the trace (NO_NAVSTART): run again
        done = subprocess.run(command, env={**os.environ, "CHROME_PATH": CHROME},
                              capture_output=True, text=True, timeout=300)
        if done.returncode == 0 and done.stdout.strip():
            report = json.loads(done.stdout)
            if not report.get("runtimeError"):
                return report
    raise RuntimeError(f"lighthouse failed on {url} three times:\n{done.stderr[-2000:]}")


def scores(report: dict) -> dict[str, int]:
    cats = report["categories"]
    return {c: round((cats[c]["score"] or 0) * 100) for c in CATEGORIES}


def failing_audits(report: dict) -> list[str]:
    """Audits that cost points in a category whose budget is missed (or any a11y/BP loss)."""
    out = []
    for category in CATEGORIES:
        for ref in report["categories"][category]["auditRefs"]:
            audit = report["audits"][ref["id"]]
            if ref["weight"] and audit["score"] is not None and audit["score"] < 1:
                value = audit.get("displayValue") or ""
                out.append(f"{category}: {ref['id']} ({audit['score']:.2f}) {value}".rstrip())
    return out


def meets(row: dict[str, int]) -> bool:
    return all(row[c] >= BUDGET[c] for c in CATEGORIES)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--light-only", action="store_true", help="skip the dark-mode runs")
    parser.add_argument("--page", action="append", help="only this page (repeatable)")
    parser.add_argument("--keep-reports", action="store_true",
                        help=f"write each JSON report to {REPORTS.relative_to(HERE.parent)}/")
    args = parser.parse_args(argv)
    if not Path(CHROME).exists():
        print(f"{CHROME} is missing (apt-get install -y chromium)", file=sys.stderr)
        return 2
    ensure_lighthouse()
    results = []
    with Server() as server:
        game_id, cookie = seed(server.url)
        chosen = {k: v for k, v in pages(game_id).items() if not args.page or k in args.page}
        schemes = ["light"] if args.light_only else ["light", "dark"]
        for name, path in chosen.items():
            for scheme in schemes:
                report = run_lighthouse(server.url + path, cookie, dark=scheme == "dark")
                if args.keep_reports:
                    REPORTS.mkdir(parents=True, exist_ok=True)
                    slug = name.replace(" ", "-")
                    (REPORTS / f"{slug}-{scheme}.json").write_text(json.dumps(report))
                row = scores(report)
                results.append((name, scheme, path, row, failing_audits(report)))
                print(f"  measured {name} ({scheme})", file=sys.stderr)
    print(f"{'page':<13} {'scheme':<6} {'perf':>5} {'a11y':>5} {'best':>5} {'seo':>5}  budget")
    for name, scheme, _, row, _ in results:
        print(f"{name:<13} {scheme:<6} " + " ".join(f"{row[c]:>5}" for c in CATEGORIES)
              + ("  held" if meets(row) else "  MISSED"))
    ok = all(meets(row) for _, _, _, row, _ in results)
    if any(problems for *_, problems in results):
        print("\nAudits below full marks:")
    for name, scheme, path, row, problems in results:
        if problems:
            print(f"{name} ({scheme}) {path}:")
            for problem in problems:
                print("   ", problem)
    print("\nbudget:", "held" if ok else "MISSED",
          "(performance >= 95, accessibility 100, best practices 100, SEO >= 90)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
