"""Servers for the tests (uvicorn in a thread, or `ziggurat serve` in a subprocess) and a websocket client."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from ziggurat.server.cli.serve import bind, make_server, url_of
from ziggurat.server.config import Settings

Json = dict[str, Any]


def fast_settings(db_url: str, **over: Any) -> Settings:
    s = Settings(
        db_url=db_url,
        host_idle_seconds=1.0,
        bot_delay=0.0,
        bot_pool="thread",
        bot_workers=2,
        bot_budget=5.0,
        default_bot_level="random",
        ws_rate=1000.0,
        ws_burst=1000.0,
        http_rate=1000.0,
        http_burst=1000.0,
        history_rate=1000.0,
        history_burst=1000.0,
        signin_rate=1000.0,
        signin_burst=1000.0,
        signin_address_rate=1000.0,
        signin_address_burst=1000.0,
        # Every test client comes from 127.0.0.1: the per-address caps get their own tests.
        max_open_tables_per_address=100_000,
        max_sockets_per_address=10_000,
        chat_address_rate=1000.0,
        chat_address_burst=1000.0,
        chat_table_rate=1000.0,
        chat_table_burst=1000.0,
        reaction_delay=(0.0, 0.0),
    )
    for k, v in over.items():
        setattr(s, k, v)
    return s


class ThreadServer:
    """uvicorn on a free loopback port, in a thread with its own event loop."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.sock = bind("127.0.0.1", 0)
        self.url = url_of(self.sock)
        self.server = make_server(self.sock, settings, log_level="warning", announce=False)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def __enter__(self) -> ThreadServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(20)
        self.sock.close()


class ProcessServer:
    """`ziggurat serve --port 0` as a subprocess (its own session, so its bot workers die with it)."""

    def __init__(self, db_url: str, *args: str, wait: bool = True) -> None:
        """Starts the server; unless `wait` is False (then call `ready()`), waits for its URL."""
        exe = Path(sys.executable).parent / "ziggurat"
        cmd = [
            str(exe),
            "serve",
            "--port",
            "0",
            "--db",
            db_url,
            "--bot-delay",
            "0",
            "--log-level",
            "warning",
            *args,
        ]
        self.proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True
        )
        self.output: list[str] = []
        if wait:
            self.ready()

    def ready(self) -> ProcessServer:
        """Waits until the server prints the URL it serves on."""
        assert self.proc.stdout is not None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("ziggurat serve exited:\n" + "".join(self.output))
            self.output.append(line)
            m = re.search(r"serving on (http://\S+/)", line)
            if m:
                self.url = m.group(1)
                threading.Thread(target=self._drain, daemon=True).start()
                return self
        raise RuntimeError("ziggurat serve did not print its URL")

    def _drain(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.output.append(line)

    def kill(self) -> None:
        """SIGKILL the server, then whatever it left in its session (the bot pool)."""
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()


def http(base: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=base, trust_env=False, timeout=20)  # trust_env: never a proxy


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def new_table(
    api: httpx.AsyncClient,
    game: str,
    humans: list[str],
    bots: int = 0,
    options: Json | None = None,
    clock: Json | None = None,
) -> tuple[str, list[str]]:
    """A table with these people (the first is the host) and `bots` random bots, under the time control
    `clock` if given; not started."""
    body = {"game": game, "seats": len(humans) + bots, "name": humans[0], "options": options or {}}
    r = await api.post("/api/tables", json=body if clock is None else {**body, "clock": clock})
    assert r.status_code == 201, r.text
    tid, tokens = r.json()["table"]["id"], [r.json()["token"]]
    for name in humans[1:]:
        r = await api.post(f"/api/tables/{tid}/join", json={"name": name})
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
    for s in range(len(humans), len(humans) + bots):
        r = await api.put(
            f"/api/tables/{tid}/seats/{s}/bot", json={"level": "random"}, headers=bearer(tokens[0])
        )
        assert r.status_code == 200, r.text
    return tid, tokens


@dataclass
class Client:
    """A websocket client that keeps every message it receives."""

    base: str
    table: str
    token: str | None = None
    headers: dict[str, str] | None = None  # sent with the handshake (a signed-in browser's cookie...)
    ws: ClientConnection | None = None
    messages: list[Json] = field(default_factory=list)
    you: Json = field(default_factory=dict)
    state: Json | None = None
    _unread: asyncio.Queue[Json] = field(default_factory=asyncio.Queue)
    _reader: asyncio.Task[None] | None = None

    async def connect(self, version: int | None = None, hello: bool = True) -> Client:
        url = self.base.replace("http://", "ws://") + f"ws/tables/{self.table}"
        self.ws = await connect(
            url, proxy=None, max_size=2**22, open_timeout=20, additional_headers=self.headers
        )
        self._reader = asyncio.create_task(self._read())
        if hello:
            msg: Json = {"type": "hello"}
            if self.token:
                msg["token"] = self.token
            if version is not None:
                msg["version"] = version
            await self.send(msg)
            await self._welcome()
        return self

    async def _welcome(self, timeout: float = 20) -> Json:
        """The welcome; ConnectionError at once if the server closes the socket before it (a table that
        moved, its owner frozen: the caller reconnects), not after the whole timeout."""
        assert self._reader is not None
        waiting = asyncio.ensure_future(self.next("welcome", timeout=timeout))
        await asyncio.wait({waiting, self._reader}, return_when=asyncio.FIRST_COMPLETED)
        if not waiting.done() and not any(m["type"] == "welcome" for m in self.messages):
            waiting.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await waiting
            said = [m.get("code", m["type"]) for m in self.messages]
            raise ConnectionError(f"the server closed the socket before its welcome (it said {said})")
        return await waiting

    async def _read(self) -> None:
        assert self.ws is not None
        with contextlib.suppress(ConnectionClosed):  # a killed server drops us without a close frame
            async for raw in self.ws:
                self._take(json.loads(raw))

    def _take(self, m: Json) -> None:
        self.messages.append(m)
        if m["type"] in ("welcome", "table"):
            self.you = m["you"]
        elif m["type"] == "state":
            self.state = m
        self._unread.put_nowait(m)

    async def send(self, msg: Json | str | bytes) -> None:
        assert self.ws is not None
        await self.ws.send(msg if isinstance(msg, str | bytes) else json.dumps(msg))

    async def next(self, *types: str, timeout: float = 20) -> Json:
        """The next unread message of one of these types (others are skipped, still kept in .messages)."""
        async with asyncio.timeout(timeout):
            while True:
                m = await self._unread.get()
                if not types or m["type"] in types:
                    return m

    def drain(self) -> None:
        while not self._unread.empty():
            self._unread.get_nowait()

    async def act(self, action: str, version: int | None = None, **extra: Any) -> Json:
        """Send an action; the ack or error that answers it."""
        if version is None:
            assert self.state is not None
        v = self.state["version"] if version is None and self.state else version
        self.drain()
        await self.send({"type": "act", "action": action, "version": v, **extra})
        return await self.next("ack", "error")

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)


async def play_until(
    clients: list[Client], done: Any, rng: Any, timeout: float = 60, pause: float = 0.0
) -> None:
    """Each client plays a random legal action whenever its latest state asks it, until done(state),
    waiting `pause` seconds after each (below a server's per-socket message rate, at its defaults)."""

    async def one(c: Client) -> None:
        acted = -1
        while True:
            st = c.state
            if st is not None and (st["result"] is not None or done(st)):
                return
            if st is not None and st["legal"] and st["version"] != acted:
                acted = st["version"]
                answer = await c.act(rng.choice(st["legal"]), st["version"])
                assert answer["type"] == "ack", answer
                await asyncio.sleep(pause)
            else:
                with contextlib.suppress(TimeoutError):
                    await c.next("state", timeout=0.5)

    async with asyncio.timeout(timeout):
        await asyncio.gather(*(one(c) for c in clients))
