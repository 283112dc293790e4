"""Server settings, with the defaults `ziggurat serve` uses (tests shorten the timers)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ziggurat.store import default_url


@dataclass
class Settings:
    db_url: str = field(default_factory=default_url)
    host_idle_seconds: float = 60.0  # the rulebook's 60 s before a waiting host may be kicked
    bot_delay: float = 1.0  # a bot's action comes this long after the change before it (people follow)
    bot_budget: float = 10.0  # seconds a bot may think; then it plays a random legal action
    bot_pool: Literal["process", "thread"] = "process"
    bot_workers: int = 2
    default_bot_level: str = "normal"
    clock_floor: float = 10.0  # the shortest time control a table may choose (tests use fractions)
    max_message_bytes: int = 4096  # a websocket text frame larger than this is refused
    max_frame_bytes: int = 65536  # uvicorn closes the socket (1009) above this
    max_body_bytes: int = 16384  # HTTP request bodies
    ws_rate: float = 20.0  # messages per second per connection (token bucket)
    ws_burst: float = 40.0
    http_rate: float = 20.0  # mutating requests per second per client address
    http_burst: float = 60.0
    # Finished games' public logs and replay pages (and match logs) per second per client address; a
    # replay of a game not in memory (the costly part) a tenth as often (server/table/histories.py)
    history_rate: float = 5.0
    history_burst: float = 50.0
    send_queue: int = 256  # messages buffered per slow client before it is dropped
    # Slow and greedy clients
    header_timeout: float = 10.0  # seconds to send a request's headers (from connecting, or the last answer)
    body_timeout: float = 10.0  # seconds to send a request's body
    hello_timeout: float = 10.0  # seconds for a new websocket to say hello
    ws_ping_interval: float = 20.0  # the server pings every websocket this often...
    ws_ping_timeout: float = 20.0  # ...and closes it if the pong takes longer than this
    max_sockets_per_address: int = 32  # websockets open at once from one client address (site-wide)
    # Chat messages (token buckets: per second, burst): per client address over all its sockets and
    # tables (site-wide), and per table for its spectators together and for its players together
    chat_address_rate: float = 0.5
    chat_address_burst: float = 20.0
    chat_table_rate: float = 1.0
    chat_table_burst: float = 20.0
    # permessage-deflate compresses every message once per socket: a table's 400 spectators would cost
    # 400 compressions of the same state. Messages are a few KB; sending them plain is cheaper.
    ws_compression: bool = False
    # Memory: what stays loaded, and what expires
    max_idle_tables: int = 256  # tables with nobody connected kept in memory (least recently used go)
    open_table_ttl: float = 3600.0  # an open table nobody has touched for this long is removed
    max_open_tables_per_address: int = 10  # open tables one client address may have created
    sweep_interval: float = 30.0  # how often expired open tables and surplus idle tables are cleared
    # A running table's snapshot (a restart replays only what came after it) is rewritten by the sweep
    # once the table moved this many actions past it, and at a clean shutdown; 0: only at shutdown
    snapshot_every: int = 50
    # Questions put to every seat (Faiths' reactions): answered for bots, and for people who asked for
    # it, after a random delay in this range, whatever the seat holds
    reaction_delay: tuple[float, float] = (0.4, 1.5)
    # Accounts: sign-in attempts (token buckets: per second, burst; accounts/attempts.py) at a username
    # from one address, at a username from every address that never signed in to it together, and from
    # one client address at any; how long an address stays known to a username it signed in to; how long a
    # session lasts, and how many password hashes (19 MiB of memory each) are computed at once
    signin_rate: float = 1 / 12
    signin_burst: float = 5.0
    signin_stranger_rate: float = 1 / 10
    signin_stranger_burst: float = 50.0
    signin_address_rate: float = 0.5
    signin_address_burst: float = 20.0
    signin_known_days: float = 90.0
    session_days: float = 30.0
    hash_concurrency: int = 2
    # Several processes, one site (PostgreSQL and Redis): None serves alone
    redis_url: str | None = None
    lease_seconds: float = 3.0  # a table's owner renews its lease every third of this; dead, it's taken over
    workers: int = 1  # processes on this machine's port
    # A socket's place in its address's count, in Redis, lasts this long unrenewed (renewed every third of
    # it): a dead process's sockets free their places after it; longer than a table's lease, since a
    # process too busy to renew in time would let an address hold more than its cap
    socket_lease_seconds: float = 10.0
