"""A throwaway PostgreSQL cluster a test may crash: Debian's initdb and pg_ctl, on loopback,
trust auth, in a temporary folder (as .ci/run makes CI's own)."""
from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
from pathlib import Path


def postgres_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: [int(part) for part in Path(p).parent.parent.name.split(".") if part.isdigit()])
    return Path(found[-1]).parent if found else None


class Cluster:
    def __init__(self, folder: Path):
        binaries = postgres_bin()
        assert binaries is not None, "no PostgreSQL binaries (apt-get install postgresql)"
        self.bin = binaries
        self.folder = folder
        self.data = folder / "data"
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *argv: str) -> None:
        command = [str(self.bin / argv[0]), *argv[1:]]
        if os.geteuid() == 0:  # initdb and postgres refuse to run as root
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=120)

    def create(self) -> "Cluster":
        self.folder.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                  "--no-locale")
        return self.start()

    def start(self) -> "Cluster":
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "server.log"), "-w", "-o",
                  f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off", "start")
        return self

    def crash(self) -> None:
        """Stop at once, as a crash or a power cut would: no connection is closed politely."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "stop")

    def remove(self) -> None:
        try:
            self.crash()
        except subprocess.CalledProcessError:
            pass  # already stopped
        shutil.rmtree(self.folder, ignore_errors=True)
