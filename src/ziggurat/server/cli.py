"""`ziggurat serve`: its arguments (standard library only, so `ziggurat play` needs no server extras)
and its entry point."""

from __future__ import annotations

import argparse


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (0: any free port; the URL is printed)")
    p.add_argument(
        "--db", metavar="URL", help="database URL (default: $ZIGGURAT_DATABASE_URL or a SQLite file)"
    )
    p.add_argument("--bot-delay", type=float, help="seconds a bot waits before moving (default 0.5)")
    p.add_argument("--host-idle", type=float, help="seconds before an idle host may be kicked (default 60)")
    p.add_argument("--bot-pool", choices=["process", "thread"], help="where bots think (default process)")
    p.add_argument("--bot-workers", type=int, help="bot pool size (default 2)")
    p.add_argument("--http-rate", type=float, help="lobby changes per second per address (default 20)")
    p.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])


def run(args: argparse.Namespace) -> int:
    try:
        from ziggurat.server.config import Settings
        from ziggurat.server.serve import serve
    except ImportError as e:
        raise SystemExit(
            f"ziggurat serve needs the server extra: pip install 'ziggurat[server]' ({e})"
        ) from None

    s = Settings()
    if args.db:
        s.db_url = args.db
    for arg, attr in [
        ("bot_delay", "bot_delay"),
        ("host_idle", "host_idle_seconds"),
        ("bot_pool", "bot_pool"),
        ("bot_workers", "bot_workers"),
        ("http_rate", "http_rate"),
    ]:
        if getattr(args, arg) is not None:
            setattr(s, attr, getattr(args, arg))
    if args.http_rate is not None:
        s.http_burst = max(s.http_burst, 3 * args.http_rate)
    serve(args.host, args.port, s, log_level=args.log_level)
    return 0
