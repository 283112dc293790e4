"""What a bot worker runs: rebuild the state from JSON and ask the bot (importable by spawned processes).

A worker must not outlive its server, even one killed with SIGKILL (which runs no clean-up): on Linux the
kernel ends it when the server dies (PR_SET_PDEATHSIG), and everywhere a watchdog thread notices that
its parent is gone. With the workers gone, multiprocessing's resource tracker sees its pipe close and
ends too.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time
from typing import Any

from ziggurat.engine import registry

_PR_SET_PDEATHSIG = 1


def warm(parent: int) -> None:
    """Runs once in each new worker: tie its life to the server's, and import the games."""
    die_with(parent)
    registry.all_games()
    import ziggurat.bots  # noqa: F401


def die_with(parent: int) -> None:
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # it died before we could ask
        os._exit(0)
    threading.Thread(target=_watch, args=(parent,), name="watch-server", daemon=True).start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def choose(game_id: str, state_json: dict[str, Any], seat: int, level: str, seed: int, seconds: float) -> str:
    from ziggurat.bots import make_bot  # (a thread pool's first move imports it; a process's warm() did)

    game = registry.get(game_id)
    state = game.from_json(state_json)
    bot = make_bot(level, seed, seconds=seconds) if level == "hard" else make_bot(level, seed)
    return bot.choose(game, state, seat)
