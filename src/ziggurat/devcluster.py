"""Throwaway PostgreSQL and Redis servers on loopback, from Debian's packages: for the tests, and for
`make cluster`, which runs a whole site of several processes on one machine.

    python -m ziggurat.devcluster [--workers 2] [--port 8000]

starts a private PostgreSQL cluster and a Redis server (nothing is installed or left behind: their
files live in a temporary folder, removed when it stops), then `ziggurat serve --workers N` on them,
and prints the URL. Ctrl-C stops everything.
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_for_port(port: int, proc: subprocess.Popen[bytes], what: str) -> None:
    deadline = time.monotonic() + 15
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError(f"{what} did not start") from None
            time.sleep(0.05)


# --- PostgreSQL -----------------------------------------------------------------------------------------
def pg_bin() -> str | None:
    """Debian's PostgreSQL binaries (the newest installed), if any."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(found[-1]) if found else None


def _as_pg(cmd: list[str]) -> None:
    pre = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []  # postgres refuses root
    subprocess.run(pre + cmd, check=True, cwd="/", capture_output=True, text=True)


class Postgres:
    def __init__(self, bindir: str, base: str, port: int) -> None:
        self.bindir, self.base, self.port = bindir, base, port

    def url(self, db: str = "appdb") -> str:
        return f"postgresql+asyncpg://app:secret@127.0.0.1:{self.port}/{db}"

    def new_database(self) -> str:
        """A fresh, empty database owned by the app role; its URL."""
        name = "t_" + uuid.uuid4().hex[:12]
        self.psql(f"CREATE DATABASE {name} OWNER app")
        return self.url(name)

    def psql(self, *commands: str) -> None:
        cmd = [
            f"{self.bindir}/psql",
            "-h",
            self.base,
            "-p",
            str(self.port),
            "-U",
            "postgres",
            "-v",
            "ON_ERROR_STOP=1",
        ]
        for c in commands:
            cmd += ["-c", c]
        _as_pg(cmd)


@contextlib.contextmanager
def postgres(durable: bool = False) -> Iterator[Postgres]:
    """A private cluster in a temporary folder (fsync off unless `durable`), with a role `app`
    (password `secret`) owning a database `appdb`."""
    bindir = pg_bin()
    if bindir is None:
        raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql)")
    base = tempfile.mkdtemp(prefix="ziggurat-pg.")  # the postgres user must reach it: chowned below
    if os.geteuid() == 0:
        shutil.chown(base, "postgres", "postgres")
    data, port = f"{base}/data", free_port()
    init = [f"{bindir}/initdb", "-D", data, "-U", "postgres", "--no-sync"]
    _as_pg([*init, "--auth-local=trust", "--auth-host=scram-sha-256"])
    opts = f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c max_connections=300"
    if not durable:
        opts += " -c fsync=off -c synchronous_commit=off"
    _as_pg([f"{bindir}/pg_ctl", "-D", data, "-l", f"{base}/log", "-w", "-o", opts, "start"])
    try:
        pg = Postgres(bindir, base, port)
        pg.psql("CREATE ROLE app LOGIN PASSWORD 'secret' CREATEDB", "CREATE DATABASE appdb OWNER app")
        yield pg
    finally:
        _as_pg([f"{bindir}/pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"])
        shutil.rmtree(base, ignore_errors=True)


# --- Redis ----------------------------------------------------------------------------------------------
class Redis:
    """redis-server on a loopback port, in memory only; it may be stopped and started again."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        args = ["--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        self.proc = subprocess.Popen(
            ["redis-server", *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        _wait_for_port(self.port, self.proc, "redis-server")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


@contextlib.contextmanager
def redis() -> Iterator[Redis]:
    if shutil.which("redis-server") is None:
        raise RuntimeError("Redis is not installed (apt-get install redis-server)")
    r = Redis()
    r.start()
    try:
        yield r
    finally:
        r.stop()


# --- make cluster -----------------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        description="A site of several server processes on private PostgreSQL and Redis."
    )
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--port", type=int, default=8000)
    args = p.parse_args(argv)
    try:
        with postgres(durable=True) as pg, redis() as r:
            print(
                f"PostgreSQL on 127.0.0.1:{pg.port}, Redis on 127.0.0.1:{r.port} (both gone when this stops)"
            )
            exe = os.path.join(os.path.dirname(sys.executable), "ziggurat")
            cmd = [exe, "serve", "--port", str(args.port), "--workers", str(args.workers)]
            cmd += ["--db", pg.url(), "--redis", r.url]
            server = subprocess.Popen(cmd)
            try:
                return server.wait()
            except KeyboardInterrupt:  # (the terminal's Ctrl-C reached the server too: let it finish)
                try:
                    return server.wait(30)
                except subprocess.TimeoutExpired:
                    server.kill()
    except RuntimeError as e:
        print(f"make cluster: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
