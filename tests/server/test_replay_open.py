"""`ziggurat replay LOG --open` (issue 18): the match log becomes a finished table in the database, the
server serves it, and the replay's address is printed and handed to the browser ($BROWSER here: a
script that writes down what it was given)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from .matches import bot_match


def test_open_stores_the_game_serves_it_and_opens_the_replay_in_the_browser(tmp_path: Path) -> None:
    match = bot_match("zombology", 5)
    log = tmp_path / "match.json"
    log.write_text(json.dumps(match.to_json()))
    opened = tmp_path / "opened.txt"
    browser = tmp_path / "browser"
    browser.write_text(f'#!/bin/sh\necho "$1" >> {opened}\n')
    browser.chmod(0o755)
    out = tmp_path / "out.txt"
    db = f"sqlite+aiosqlite:///{tmp_path / 'ziggurat.db'}"
    cmd = [sys.executable, "-m", "ziggurat.cli", "replay", str(log), "--open", "--port", "0", "--db", db]
    with out.open("w") as sink:
        proc = subprocess.Popen(
            cmd,
            stdout=sink,
            stderr=subprocess.STDOUT,
            env={**os.environ, "BROWSER": str(browser)},
            start_new_session=True,  # (its own group: killed whole below)
        )
    try:
        deadline = time.monotonic() + 60
        while not (opened.exists() and opened.read_text().strip()):
            assert proc.poll() is None, out.read_text()
            assert time.monotonic() < deadline, "the browser was never opened: " + out.read_text()
            time.sleep(0.1)
        url = opened.read_text().split()[0]
        assert url in out.read_text(), "the address is printed too"
        base, _, route = url.partition("#")
        assert route.startswith("/replay/")
        table = route.removeprefix("/replay/")
        with httpx.Client(base_url=base, trust_env=False, timeout=20) as api:
            assert api.get("/").status_code == 200
            info = api.get(f"/api/tables/{table}").json()
            assert info["status"] == "finished" and [s["name"] for s in info["seats"]] == match.names
            page = api.get(f"/api/tables/{table}/replay", params={"from": len(match.actions)}).json()
        result = match.rules.result(match.replay())
        assert result is not None
        assert page["last"] == len(match.actions) and page["result"] == json.loads(
            json.dumps(result.to_json())
        )
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)
