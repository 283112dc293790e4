"""`ziggurat replay LOG --open`: a match log (`ziggurat-match/1`) stored as a finished table, its replay
served by the server and opened in the browser.

The log is replayed once here, to check it and to know its result; the table it makes has the log's
seed, options and actions, and a person in each seat named from the log, holding no token (nobody sits
there: the game is over).
"""

from __future__ import annotations

import asyncio
import secrets
import sys
import threading
import time
import unicodedata
import webbrowser

from ziggurat.engine import InputError, Match
from ziggurat.server.cli.serve import bind, make_server, url_of
from ziggurat.server.config import Settings
from ziggurat.server.table.seating import MAX_NAME
from ziggurat.store import BadDatabaseUrl, SeatRecord, Store, TableRecord, async_url


def finished_table(match: Match) -> TableRecord:
    """The finished table of this match log (InputError if it can't be one)."""
    if match.start is not None or match.setup is not None:
        raise InputError("bad-match", "A match log from a set position can't be shown as a table's replay.")
    game = match.rules
    game.info.check_players(match.players)
    result = game.result(match.replay())
    if result is None:
        raise InputError("bad-match", "The game in this match log isn't over: only finished games are shown.")
    now = time.time()
    names = [_name(n) or f"Seat {i + 1}" for i, n in enumerate(match.names)]
    return TableRecord(
        id=secrets.token_urlsafe(6),
        game=game.info.id,
        options=game.options_json(game.options(match.options)),
        players=match.players,
        seed=match.seed,
        order_seed=0,
        status="finished",
        host=None,
        created_at=now,
        started_at=now,
        finished_at=now,
        touched_at=now,
        result=result.to_json(),
        version=len(match.actions),
        seats=[SeatRecord(i, "human", name) for i, name in enumerate(names)],
    )


def _name(text: str) -> str:
    """A seat's name from a log as a table's names are: printable, on one line, 24 characters at most."""
    printable = "".join(c for c in text if not unicodedata.category(c).startswith("C"))
    return " ".join(printable.split())[:MAX_NAME]


async def import_match(store: Store, match: Match) -> TableRecord:
    """Store the match as a finished table, its actions committed together."""
    rec = finished_table(match)
    await store.create_table(rec)
    await asyncio.gather(
        *(store.append_action(rec.id, i, seat, action) for i, (seat, action) in enumerate(match.actions, 1))
    )
    return rec


async def _stored(db_url: str, match: Match) -> str:
    store = await Store.open(db_url)
    try:
        return (await import_match(store, match)).id
    finally:
        await store.close()


def open_replay(match: Match, host: str, port: int, settings: Settings, log_level: str = "warning") -> None:
    """Store the match, serve (until stopped), and once the server is ready print the replay's address
    and open it in the browser (`webbrowser`: $BROWSER, else the system's)."""
    try:
        settings.db_url = async_url(settings.db_url)
        table_id = asyncio.run(_stored(settings.db_url, match))
    except BadDatabaseUrl as e:
        sys.exit(f"ziggurat replay: {e}")
    try:
        sock = bind(host, port)
    except OSError as e:  # (a server already on the port: --port 0 takes any free one)
        sys.exit(f"ziggurat replay: can't listen on {host}:{port}: {e.strerror}")
    url = f"{url_of(sock)}#/replay/{table_id}"
    server = make_server(sock, settings, log_level, announce=False)

    def ready() -> None:
        print(f"Replay of {match.rules.info.name} ({len(match.actions)} moves): {url}", flush=True)
        print("Stop the server with Ctrl+C.", flush=True)
        # (a browser command may wait for the browser to close: never on the server's loop)
        threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()

    server.on_ready = ready
    server.run(sockets=[sock])
