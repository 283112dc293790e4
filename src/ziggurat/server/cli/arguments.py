"""`ziggurat serve`: its arguments (standard library only, so `ziggurat play` needs no server extras)
and its entry point."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ziggurat.engine import Match
    from ziggurat.server.config import Settings


def _ranged(kind: type[int] | type[float], lo: float, hi: float) -> Callable[[str], float]:
    """An argparse type that refuses values outside [lo, hi] with the range in the message."""

    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a {'whole ' if kind is int else ''}number"
            ) from None
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"{text} is outside {_number(lo)} to {_number(hi)}")
        return value

    return parse


def _number(x: float) -> str:
    return f"{int(x):,}" if float(x).is_integer() else f"{x:g}"


DAY = 86400.0


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument(
        "--port",
        type=_ranged(int, 0, 65535),
        default=8000,
        help="port (0: any free port; the URL is printed)",
    )
    p.add_argument(
        "--db", metavar="URL", help="database URL (default: $ZIGGURAT_DATABASE_URL or a SQLite file)"
    )
    seconds, count = _ranged(float, 0, DAY), _ranged(int, 1, 1_000_000)
    p.add_argument(
        "--bot-delay",
        type=seconds,
        help="seconds from a change to a bot's next action, its thinking included (default 1)",
    )
    p.add_argument("--host-idle", type=seconds, help="seconds before an idle host may be kicked (default 60)")
    p.add_argument(
        "--clock-floor", type=_ranged(float, 0.05, 3600), help="the shortest clock a table may have (10 s)"
    )
    p.add_argument("--bot-pool", choices=["process", "thread"], help="where bots think (default process)")
    p.add_argument("--bot-workers", type=_ranged(int, 1, 64), help="bot pool size, 1 to 64 (default 2)")
    p.add_argument(
        "--http-rate", type=_ranged(float, 0.1, 1e6), help="lobby changes per second per address (default 20)"
    )
    p.add_argument(
        "--history-rate",
        type=_ranged(float, 0.1, 1e6),
        help="finished games' logs and replay pages per second per address (default 5)",
    )
    p.add_argument("--max-idle-tables", type=count, help="tables nobody is at kept in memory (default 256)")
    p.add_argument(
        "--open-table-ttl", type=seconds, help="seconds before an untouched open table goes (3600)"
    )
    p.add_argument("--max-open-tables", type=count, help="open tables one address may have at once (10)")
    p.add_argument("--max-sockets", type=count, help="websockets one address may hold at once (default 32)")
    p.add_argument(
        "--workers",
        type=_ranged(int, 1, 64),
        help="server processes on this port (more than 1: --db postgresql://... and --redis; default 1)",
    )
    p.add_argument("--redis", metavar="URL", help="Redis, for several processes (here or on other machines)")
    p.add_argument(
        "--lease-seconds",
        type=_ranged(float, 0.5, 60),
        help="with several processes: how long a dead owner keeps its tables before another takes over (3)",
    )
    p.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])


def add_replay_arguments(p: argparse.ArgumentParser) -> None:
    """`ziggurat replay LOG --open`: the server's address and database, as `ziggurat serve` takes them."""
    p.add_argument(
        "--open",
        action="store_true",
        help="store the game as a finished table and open its replay in a browser",
    )
    p.add_argument(
        "--host", default="127.0.0.1", help="with --open: address to listen on (default 127.0.0.1)"
    )
    p.add_argument(
        "--port", type=_ranged(int, 0, 65535), default=8000, help="with --open: port (0: any free port)"
    )
    p.add_argument(
        "--db",
        metavar="URL",
        help="with --open: database URL (default: $ZIGGURAT_DATABASE_URL or a SQLite file)",
    )


def _settings(args: argparse.Namespace, command: str) -> Settings:
    """The server's settings with `--db`; a clear exit when the server's libraries aren't installed."""
    try:
        from ziggurat.server.cli import imports, serve  # noqa: F401  (what the commands below need)
        from ziggurat.server.config import Settings
    except ImportError as e:
        raise SystemExit(
            f"ziggurat {command} needs the server extra: pip install 'ziggurat[server]' ({e})"
        ) from None
    s = Settings()
    if args.db:
        s.db_url = args.db
    return s


def open_replay(args: argparse.Namespace, match: Match) -> int:
    """Serve this match's replay (server/cli/imports.py) until stopped."""
    s = _settings(args, "replay --open")
    from ziggurat.server.cli.imports import open_replay as serve_replay

    serve_replay(match, args.host, args.port, s)
    return 0


def run(args: argparse.Namespace) -> int:
    s = _settings(args, "serve")
    from ziggurat.server.cli.serve import serve

    for arg, attr in [
        ("bot_delay", "bot_delay"),
        ("host_idle", "host_idle_seconds"),
        ("clock_floor", "clock_floor"),
        ("bot_pool", "bot_pool"),
        ("bot_workers", "bot_workers"),
        ("http_rate", "http_rate"),
        ("history_rate", "history_rate"),
        ("max_idle_tables", "max_idle_tables"),
        ("open_table_ttl", "open_table_ttl"),
        ("max_open_tables", "max_open_tables_per_address"),
        ("max_sockets", "max_sockets_per_address"),
        ("workers", "workers"),
        ("redis", "redis_url"),
        ("lease_seconds", "lease_seconds"),
    ]:
        if getattr(args, arg) is not None:
            setattr(s, attr, getattr(args, arg))
    if args.http_rate is not None:
        s.http_burst = max(s.http_burst, 3 * args.http_rate)
    if args.history_rate is not None:
        s.history_burst = max(s.history_burst, 10 * args.history_rate)
    serve(args.host, args.port, s, log_level=args.log_level)
    return 0
