"""A server table's deal is unpredictable: 128 secret bits of seed and a keyed stream (engine/rng.py).

Knowing every public fact, your own hand and the code is not enough to rebuild the deck: tables alike in
everything public deal differently, the stored seed has 129 bits, and no small seed reproduces a deal.
"""

from __future__ import annotations

import httpx

from ziggurat.engine import get
from ziggurat.store import Store

from .harness import Client, ThreadServer, bearer, new_table


async def _opening_hand(server: ThreadServer, api: httpx.AsyncClient) -> tuple[str, int, list[str]]:
    """A started 3-player Zombology table (one person, two bots): its id, the person's seat and hand."""
    tid, tokens = await new_table(api, "zombology", ["Ada"], bots=2)
    r = await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
    assert r.status_code == 200, r.text
    ada = await Client(server.url, tid, tokens[0]).connect()
    state = await ada.next("state")
    await ada.close()
    return tid, ada.you["seat"], state["view"]["hand"]


async def test_tables_alike_in_everything_public_deal_differently(
    server: ThreadServer, api: httpx.AsyncClient
) -> None:
    hands = [await _opening_hand(server, api) for _ in range(6)]
    # Six tables with the same game, players, names, bots and options: six different opening hands.
    assert len({(seat, tuple(hand)) for _, seat, hand in hands}) == 6


async def test_the_stored_seed_has_128_secret_bits_and_is_never_published_early(
    server: ThreadServer, api: httpx.AsyncClient
) -> None:
    tid, _, _ = await _opening_hand(server, api)
    store = await Store.open(server.settings.db_url)
    try:
        rec = await store.get_table(tid)
    finally:
        await store.close()
    assert rec is not None and rec.seed.bit_length() == 129
    r = await api.get(f"/api/tables/{tid}/match")
    assert r.status_code == 409 and r.json()["code"] == "not-finished"
    for path in (f"/api/tables/{tid}", f"/api/tables/{tid}/log", "/api/tables"):
        assert str(rec.seed) not in (await api.get(path)).text


async def test_no_small_seed_reproduces_a_tables_first_deal(
    server: ThreadServer, api: httpx.AsyncClient
) -> None:
    """What the brute force that broke 31-bit seeds tried, on a range it could search in a blink."""
    _, seat, hand = await _opening_hand(server, api)
    game = get("zombology")
    matches = [s for s in range(20_000) if game.view(game.new(3, None, s), seat)["hand"] == hand]
    assert matches == []
