"""A placement's event names the space by id (what the client rings on the board and the replay
follows) and by its place in words (what the log says). Mutation testing found the id unchecked."""

from __future__ import annotations

from ziggurat.games.zenith import GAME


def test_a_placement_event_names_its_space_by_id_and_in_words() -> None:
    st = GAME.new(2, None, 1, record=True)
    GAME.drain_events(st)
    GAME.apply(st, 0, "place:0.1.2")
    (event,) = [e for e in GAME.drain_events(st) if e["type"] == "place"]
    assert event["seat"] == 0 and event["space"] == "0.1.2"
    assert event["where"] == st.board.names[st.board.index["0.1.2"]]
