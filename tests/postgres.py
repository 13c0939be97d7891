"""A real PostgreSQL server for the tests and benchmarks: Debian's `postgresql` package, started
in a temporary directory, listening on a Unix socket there only, stopped at the end.

PostgreSQL refuses to run as root (CI runs as root), so as root the server runs as the
`postgres` user the package creates.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

IN_CI = os.environ.get("CI") == "true"  # CI must run what needs PostgreSQL, never skip it


def server_programs() -> Path | None:
    """The folder of PostgreSQL's server programs (initdb, pg_ctl), None if not installed."""
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    versions = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parent.parent.name)
    )
    return Path(versions[-1]).parent if versions else None


class PostgresServer:
    """One server; `url(name)` is a fresh database's address (made by `database`)."""

    def __init__(self) -> None:
        programs = server_programs()
        if programs is None:
            raise FileNotFoundError(
                "PostgreSQL's server is not installed (Debian: apt-get install postgresql)"
            )
        self._programs = programs
        self.folder = Path(tempfile.mkdtemp(prefix="boomtown-pg-"))
        self._as_postgres = os.geteuid() == 0
        if self._as_postgres:
            shutil.chown(self.folder, "postgres", "postgres")
        self.user = "postgres" if self._as_postgres else os.environ.get("USER", "postgres")
        self._run(
            "initdb",
            "-D",
            str(self.folder / "data"),
            "-U",
            self.user,
            "-A",
            "trust",
            "--no-sync",
            "-E",
            "UTF8",
        )
        self._options = (
            f"-k {self.folder} -c listen_addresses='' -c fsync=off "
            "-c full_page_writes=off -c max_connections=200"
        )
        self.resume()
        self._databases = 0

    def _pg_ctl(self, *args: str, check: bool = True) -> None:
        self._run("pg_ctl", "-D", str(self.folder / "data"), *args, check=check)

    def pause(self) -> None:
        """Stop the server, as a restart or an outage does (`resume` starts it again)."""
        self._pg_ctl("-m", "fast", "-w", "stop")

    def resume(self) -> None:
        self._pg_ctl("-l", str(self.folder / "log"), "-w", "-o", self._options, "start")

    def _run(self, program: str, *args: str, check: bool = True) -> None:
        command = [str(self._programs / program), *args]
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=check, capture_output=True, cwd=self.folder)

    def url(self, database: str) -> str:
        return f"postgresql://{self.user}@/{database}?host={self.folder}"

    def database(self) -> str:
        """A new, empty database's address."""
        import psycopg

        self._databases += 1
        name = f"boomtown_{self._databases}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        self._pg_ctl("-m", "immediate", "stop", check=False)  # (it may be paused)
        shutil.rmtree(self.folder, ignore_errors=True)
