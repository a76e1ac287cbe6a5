"""Installable as a package (issue 11): the built wheel, in a fresh venv outside the checkout,
serves every page and every static file."""
from __future__ import annotations

import http.cookiejar
import re
import shutil
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from tests.support.servers import ROOT, Server

NOT_SHIPPED = shutil.ignore_patterns(".git", ".venv", "build", "dist", "instance", "*.egg-info",
                                     "__pycache__", "test-results", "benchmarks", "tests")
LINK = re.compile(r'(?:href|src)="(/[^"#]*)"')
NOT_PAGES = re.compile(r"^/(api/|games/[A-Za-z0-9_-]{16}/export\.)")  # answered in JSON or CSV


def run(*argv, cwd: Path) -> None:
    done = subprocess.run([str(a) for a in argv], cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, f"{argv}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A copy of the source (no stale build/), built into a wheel, installed into a new venv."""
    tmp = tmp_path_factory.mktemp("wheel")
    shutil.copytree(ROOT, tmp / "src", ignore=NOT_SHIPPED)
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp / "dist", ".", cwd=tmp / "src")
    run(sys.executable, "-m", "venv", tmp / "venv", cwd=tmp)
    python = tmp / "venv" / "bin" / "python"
    wheel = next((tmp / "dist").glob("scorekeeper-*.whl"))
    run(python, "-m", "pip", "install", "-q", wheel, cwd=tmp)
    return python


class Browser:
    """One phone: a cookie jar (the session holds the edit key) and no redirects followed."""

    class _Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args):
            return None

    def __init__(self, base: str):
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), self._Stay)

    def get(self, path: str, data: dict | None = None) -> tuple[int, str]:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        try:
            with self.opener.open(self.base + path, body, timeout=10) as response:
                return response.status, response.read().decode(errors="replace")
        except urllib.error.HTTPError as err:  # a redirect too: its body is where it points
            moved = urllib.parse.urlsplit(err.headers.get("Location", "")).path
            return err.code, f'<a href="{moved}">' if 300 <= err.code < 400 else err.read().decode()


def crawl(phone: Browser, start: list[str]) -> dict[str, int]:
    """Every page reachable by a link (or a redirect) from the start pages, with its status."""
    seen: dict[str, int] = {}
    todo = list(start)
    while todo and len(seen) < 300:
        path = todo.pop()
        if path in seen or NOT_PAGES.match(path):
            continue
        seen[path], html = phone.get(path)
        if not path.startswith("/static/"):
            todo += [link.replace("&amp;", "&") for link in LINK.findall(html)]
    return seen


def test_the_wheel_serves_every_page_and_static_file(installed, tmp_path):
    shipped = subprocess.run([installed, "-c", "import scorekeeper; print(scorekeeper.__file__)"],
                             cwd=tmp_path, capture_output=True, text=True).stdout
    assert str(installed.parent.parent) in shipped, shipped  # the venv's copy, not the checkout's
    database = f"sqlite:///{tmp_path / 'wheel.sqlite3'}"
    # Rate limits off: one crawler opening every judge and referee page in a minute is no family.
    with Server(database, tmp_path / "server.log", workers=1, python=str(installed), cwd=tmp_path,
                env={"FLASK_RATELIMIT_ENABLED": "false"}) as server:
        status, game = server.request("POST", "/api/games", {"players": ["Ana", "Ben"]})
        assert status == 201, game
        hand = {"held": {"Ana": [], "Ben": ["7", "red-skip", "wild"]}}
        assert server.request("POST", f"/api/games/{game['id']}/hands", hand, key=game["edit_key"])[0] == 201
        phone = Browser(server.url)
        status, page = phone.get(f"/games/{game['id']}/keep-score")
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
        assert status == 200 and token, page
        claimed = phone.get(f"/games/{game['id']}/keep-score",
                            {"csrf_token": token[1], "key": game["edit_key"]})
        assert claimed[0] == 302, claimed
        statics = [f"/static/{p.name}" for p in sorted((ROOT / "static").iterdir()) if p.is_file()]
        seen = crawl(phone, ["/", "/healthz", "/sw.js", "/rules", f"/games/{game['id']}", *statics])
        status, polish = phone.get("/rules/classic?lang=pl")  # the .po shipped, compiled at start
        assert status == 200 and '<html lang="pl">' in polish and "<h2>Talia</h2>" in polish
    assert {path: status for path, status in seen.items() if status not in (200, 302)} == {}
    assert seen["/rules"] == 302 and seen["/rules/classic"] == 200
    for must in ("/games/new", "/rules/classic-112", "/judge/challenge", f"/games/{game['id']}/share",
                 f"/games/{game['id']}/hands/new", f"/games/{game['id']}/hands/1/edit", *statics):
        assert must in seen, sorted(seen)
