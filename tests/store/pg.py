"""A private, throwaway PostgreSQL cluster on a loopback port (the recipe in shared/recipes.md)."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager


def pg_bin() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(found[-1]) if found else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_pg(cmd: list[str]) -> None:
    pre = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []  # postgres refuses root
    subprocess.run(pre + cmd, check=True, cwd="/", capture_output=True, text=True)


class Cluster:
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


@contextmanager
def pg_cluster() -> Iterator[Cluster]:
    bindir = pg_bin()
    assert bindir is not None
    base = tempfile.mkdtemp(prefix="pgtest.")  # not tmp_path: the postgres user must reach it
    if os.geteuid() == 0:
        shutil.chown(base, "postgres", "postgres")
    data, port = f"{base}/data", free_port()
    _as_pg(
        [
            f"{bindir}/initdb",
            "-D",
            data,
            "-U",
            "postgres",
            "--no-sync",
            "--auth-local=trust",
            "--auth-host=scram-sha-256",
        ]
    )
    opts = f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off"
    _as_pg([f"{bindir}/pg_ctl", "-D", data, "-l", f"{base}/log", "-w", "-o", opts, "start"])
    try:
        cluster = Cluster(bindir, base, port)
        cluster.psql("CREATE ROLE app LOGIN PASSWORD 'secret' CREATEDB", "CREATE DATABASE appdb OWNER app")
        yield cluster
    finally:
        _as_pg([f"{bindir}/pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"])
        shutil.rmtree(base, ignore_errors=True)
