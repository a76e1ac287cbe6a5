"""Real app servers in subprocesses (gunicorn, as docs/operating.md runs it), on loopback only."""
from __future__ import annotations

import functools
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LISTENING = re.compile(r"Listening at: http://127\.0\.0\.1:(\d+)")


def readme_gunicorn_command() -> list[str]:
    """The gunicorn command from docs/operating.md's "Serving" section."""
    blocks = re.findall(r"```(?:sh|bash)\n(.+?)\n```", (ROOT / "docs" / "operating.md").read_text(), re.S)
    commands = [line for block in blocks for line in block.splitlines() if "gunicorn " in line]
    assert commands, "docs/operating.md shows no gunicorn command"
    return shlex.split(commands[0].split("#")[0])


def documented_gunicorn(python: str = sys.executable, *, workers: int | None = None, threads: int | None = None,
                        bind: str = "127.0.0.1:0", app: str | None = None) -> list[str]:
    """docs/operating.md's gunicorn command, run by `python`, with what a test or benchmark
    changes: the address, and where asked the workers, threads or app (the benchmarks add a
    bare route to it); every other flag (keep-alive, access log) as documented."""
    argv = readme_gunicorn_command()
    assert Path(argv[0]).name == "gunicorn", argv
    argv = [python, "-m", "gunicorn", *argv[1:]]
    for flag, value in (("--workers", workers), ("--threads", threads), ("--bind", bind)):
        assert flag in argv, f"the gunicorn command in docs/operating.md should say {flag}"
        if value is not None:
            argv[argv.index(flag) + 1] = str(value)
    if app is not None:
        argv[-1] = app  # the command ends with the app
    if _has_control_socket(python):  # gunicorn >= 24 opens one in ~/.gunicorn; tests need none
        argv.insert(3, "--no-control-socket")
    return argv


@functools.cache
def _has_control_socket(python: str) -> bool:
    shown = subprocess.run([python, "-m", "gunicorn", "--help"], capture_output=True, text=True)
    return "--no-control-socket" in shown.stdout


class Server:
    """One gunicorn master and its workers, in their own process group; stderr to a file."""

    def __init__(self, database_url: str, log: Path, workers: int = 2, threads: int = 4,
                 access_log: bool = False, python: str = sys.executable, cwd: Path = ROOT,
                 env: dict[str, str] | None = None):
        self.database_url = database_url
        self.env = env or {}  # more environment for the server (FLASK_... settings)
        self.log = log
        self.access_log = access_log  # the documented command writes it to stdout: keep it too
        self.cwd = cwd  # another Python (an installed wheel's venv) runs outside the checkout
        self.argv = documented_gunicorn(python, workers=workers, threads=threads)
        self.proc: subprocess.Popen | None = None
        self.url = ""
        self._log_start = 0

    def start(self, timeout: float = 30) -> "Server":
        return self.launch().ready(timeout)

    def launch(self) -> "Server":
        """Start gunicorn and return at once (see ready())."""
        env = {**os.environ, "FLASK_SQLALCHEMY_DATABASE_URI": self.database_url,
               "FLASK_SECRET_KEY": "server-test", "PYTHONUNBUFFERED": "1", **self.env}
        env.pop("FLASK_DEBUG", None)
        self._log_start = len(self.log_text())  # a restart's port is in the lines after this
        with open(self.log, "ab") as err:
            self.proc = subprocess.Popen(self.argv, cwd=self.cwd, env=env,
                                         stdout=err if self.access_log else subprocess.DEVNULL,
                                         stderr=err, start_new_session=True)
        return self

    def ready(self, timeout: float = 30) -> "Server":
        """Wait until the server listens and /healthz answers 200."""
        assert self.proc is not None
        deadline = time.monotonic() + timeout
        port = None
        while time.monotonic() < deadline and port is None:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.proc.returncode}:\n{self.log_text()}")
            found = LISTENING.findall(self.log_text()[self._log_start:])
            port = found[-1] if found else None
            time.sleep(0.05)
        if port is None:
            self.kill()
            raise RuntimeError(f"gunicorn did not start:\n{self.log_text()}")
        self.url = f"http://127.0.0.1:{port}"
        while time.monotonic() < deadline:  # the workers answer once the app is loaded
            try:
                if self.request("GET", "/healthz")[0] == 200:
                    return self
            except OSError:
                pass
            time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"gunicorn never became healthy:\n{self.log_text()}")

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def request(self, method: str, path: str, body: object = None, key: str | None = None,
                timeout: float = 10) -> tuple[int, object]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        if key:
            headers["Authorization"] = f"Bearer {key}"
        req = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=timeout) as response:
                raw, status = response.read(), response.status
        except urllib.error.HTTPError as err:
            raw, status = err.read(), err.code
        try:
            return status, json.loads(raw)
        except ValueError:
            return status, raw.decode(errors="replace")

    def poll(self, path: str, etag: str | None = None, timeout: float = 10) -> tuple[int, str | None, str]:
        """A phone's poll: GET with If-None-Match; the status, the ETag and the body's text."""
        headers = {"Accept": "application/json", **({"If-None-Match": etag} if etag else {})}
        req = urllib.request.Request(self.url + path, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=timeout) as response:
                return response.status, response.headers.get("ETag"), response.read().decode()
        except urllib.error.HTTPError as err:
            return err.code, err.headers.get("ETag") or etag, err.read().decode(errors="replace")

    def restart(self, timeout: float = 30) -> "Server":
        """Stop it as an operator would (SIGTERM: workers finish what they answer), start again."""
        self.stop()
        return self.start(timeout)

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Signal the master and its workers (the whole process group this test started)."""
        if self.proc is None or self.proc.poll() is not None:
            return
        try:
            os.killpg(self.proc.pid, sig)
        except ProcessLookupError:
            pass
        self.proc.wait(timeout=30)
        deadline = time.monotonic() + 10  # workers die with the group; make sure
        while time.monotonic() < deadline:
            try:
                os.killpg(self.proc.pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.05)

    def stop(self) -> None:
        self.kill(signal.SIGTERM)

    def __enter__(self) -> "Server":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.kill()
