"""The games of a run written down as they finish (`games.jsonl` in the output folder: the run's config on
the first line, then one game record per line), so that a long run can be stopped at any moment and
resumed: every game is seeded from (run seed, game index) alone, so the games a resumed run still has to
play come out exactly as they would have in one go. A resumed run may ask for more games than the first.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import TracebackType
from typing import TextIO

from ziggurat.bots.arena.play import ArenaConfig
from ziggurat.engine import InputError, Json

NAME = "games.jsonl"


def _same_run(config: Json) -> Json:
    """What of a run's config must match for its games to be resumed (not how many: a run can be
    extended)."""
    return {k: v for k, v in config.items() if k != "games"}


def read(path: Path, cfg: ArenaConfig) -> dict[int, Json]:
    """The games already played of this run, by index; InputError if the file is another run's. A last
    line cut short (the run was killed mid-write) is left out, and its game played again."""
    if not path.exists():
        return {}
    lines = path.read_text().splitlines()
    try:
        first = json.loads(lines[0])["config"] if lines else None
    except (ValueError, KeyError, TypeError):
        first = None
    if not isinstance(first, dict) or _same_run(first) != _same_run(cfg.to_json()):
        raise InputError(
            "bad-resume",
            f"{path} holds the games of another run ({json.dumps(first)}); resume with the same game, "
            "players, bots, seed, options and iterations, or choose another --out.",
        )
    done: dict[int, Json] = {}
    for line in lines[1:]:
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        if isinstance(rec, dict) and isinstance(rec.get("index"), int) and 0 <= rec["index"] < cfg.games:
            done[rec["index"]] = rec
    return done


class Journal:
    """Appends each finished game to the file, at once (a new run starts the file afresh)."""

    def __init__(self, path: Path, cfg: ArenaConfig, resume: bool) -> None:
        fresh = not (resume and path.exists())
        cut = not fresh and not path.read_bytes().endswith(b"\n")  # (killed mid-line: end that line)
        self.file: TextIO = path.open("w" if fresh else "a")
        if fresh:
            self.write({"config": cfg.to_json()})
        elif cut:
            self.file.write("\n")

    def write(self, record: Json) -> None:
        self.file.write(json.dumps(record, separators=(",", ":")) + "\n")
        self.file.flush()

    def __enter__(self) -> Journal:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.file.close()
