"""Workers stay up (issue 12): the README's gunicorn serving every hand of a big game, again and again.

On CPython 3.11 a worker used to die with SIGSEGV here (about every other page on a fresh worker)
when the garbage collector freed the game's ORM objects after their session had closed.
"""
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from tests.support.servers import Server, readme_gunicorn_command

PLAYERS = [f"Player {n}" for n in range(1, 11)]
HANDS = 300
SEQUENTIAL_PAGES = 10
CONCURRENT_PAGES = 6
CRASH = re.compile(r"SIGSEGV|Segmentation fault|Worker \(pid:\d+\) was sent|Worker \(pid:\d+\) exited")


def readme_flag(flag: str) -> int:
    argv = readme_gunicorn_command()
    return int(argv[argv.index(flag) + 1])


def typed_hand(number: int) -> dict:
    """One player went out; everyone else's points were typed as a total."""
    winner = PLAYERS[number % len(PLAYERS)]
    totals = {name: (number * 7 + seat) % 90 for seat, name in enumerate(PLAYERS) if name != winner}
    return {"held": {winner: []}, "typed_totals": totals}


def flask_command(database_url: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "FLASK_SQLALCHEMY_DATABASE_URI": database_url, "FLASK_SECRET_KEY": "server-test"}
    done = subprocess.run([sys.executable, "-m", "flask", "--app", "scorekeeper", *args],
                          input=stdin, capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    return done


def build_game(server: Server, database_url: str) -> str:
    """A seed game through the API, backed up by the server's owner; the backup, grown to HANDS
    hands, restored by the CLI (posting 300 hands one by one re-reads a growing game each time:
    minutes, not seconds)."""
    status, seed = server.request("POST", "/api/games", {"players": PLAYERS, "target": 100_000})
    assert status == 201, seed
    status, hand = server.request("POST", f"/api/games/{seed['id']}/hands", typed_hand(0), key=seed["edit_key"])
    assert status == 201, hand
    backup = json.loads(flask_command(database_url, "backup").stdout)
    assert len(backup["games"]) == 1, backup
    template = backup["games"][0]["hands"][0]
    backup["games"][0]["hands"] = [  # a backup lists every player under "held"
        {**template, "number": n + 1, "held": {name: [] for name in PLAYERS},
         "typed_totals": typed_hand(n)["typed_totals"]} for n in range(HANDS)]
    done = flask_command(database_url, "restore", "-", stdin=json.dumps(backup))
    game_id = re.match(r"game (\S+?)[ :]", done.stdout).group(1)
    status, game = server.request("GET", f"/api/games/{game_id}")
    assert status == 200 and len(game["hands"]) == HANDS and len(game["players"]) == len(PLAYERS)
    return game_id


def crashes(server: Server) -> list[str]:
    return [line for line in server.log_text().splitlines() if CRASH.search(line)]


def page_status(server: Server, path: str) -> int | str:
    try:
        return server.request("GET", path, timeout=60)[0]
    except OSError as err:  # a worker that dies mid-answer drops the connection
        return repr(err)


def test_every_hand_page_of_a_big_game_keeps_every_worker_alive(tmp_path):
    workers = readme_flag("--workers")
    database_url = f"sqlite:///{tmp_path / 'big.sqlite3'}"
    server = Server(database_url, tmp_path / "gunicorn.log", workers=workers,
                    threads=readme_flag("--threads"))
    with server:
        game_id = build_game(server, database_url)
        path = f"/games/{game_id}/hands"
        statuses = [page_status(server, path) for _ in range(SEQUENTIAL_PAGES)]
        with ThreadPoolExecutor(CONCURRENT_PAGES) as pool:
            statuses += list(pool.map(lambda _: page_status(server, path), range(CONCURRENT_PAGES)))
        log = server.log_text()
    failed = [s for s in statuses if s != 200]
    crashed = crashes(server)
    assert not failed and not crashed, (
        f"{len(failed)} of {len(statuses)} pages failed, {len(crashed)} crash lines: {failed[:3]} {crashed[:3]}")
    assert log.count("Booting worker") == workers, "a worker was replaced: one must have died"
