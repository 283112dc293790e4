"""A Zealous state saved while cards are being resolved comes back with every field of every frame
as it was, seat 0 and tile 0 included, and with its short supply. Mutation testing found this
unchecked: a frame's owner, tile or first destination of 0 (written only when set, read back as "not
set"), its supply counters and the short supply could be dropped, and the JSON round trip still
agreed with itself, the restored table then playing on differently."""

from __future__ import annotations

import random

from ziggurat.games.zealous import GAME
from ziggurat.games.zealous.state import Frame, ZealousState


def fields(st: ZealousState) -> list[object]:
    """The frames' fields, and the short supply they work through."""
    return [*({k: getattr(fr, k) for k in Frame.__slots__} for fr in st.stack), st.short_supply]


def test_every_frame_field_survives_the_snapshot() -> None:
    seen: dict[str, set[object]] = {"owner": set(), "tile": set(), "moved_to": set(), "left": set()}
    shorts = 0
    for seed in range(40):
        rng = random.Random(seed)
        st = GAME.new(4, None, seed)
        while GAME.result(st) is None:
            if st.stack or st.short_supply:
                back = GAME.from_json(GAME.to_json(st))
                assert fields(back) == fields(st), seed
                shorts += bool(st.short_supply)
                for fr in st.stack:
                    for k, values in seen.items():
                        values.add(getattr(fr, k))
            for s in GAME.each_to_act(st):
                GAME.apply(st, s, rng.choice(GAME.legal(st, s)))
    # the values a lossy snapshot would drop were met: seat and tile 0 in frames, a short supply
    assert 0 in seen["owner"] and 0 in seen["tile"] and shorts, seen
