"""Rating updates on known inputs (openskill's Plackett-Luce, checked by hand where it is short), and
who finishes where at a rated table."""

from __future__ import annotations

import math

import pytest

from ziggurat.server import seating
from ziggurat.server.ratings import BOTS, MU, NEW, SIGMA, Entrant, display, entrants, rate
from ziggurat.store.records import SeatRecord, TableRecord

BETA2 = (25 / 6) ** 2  # openskill's default beta = sigma / 2, squared
TAU2 = (25 / 300) ** 2  # its default dynamics, added to every sigma^2 before an update


def test_two_newcomers_move_by_the_hand_computed_amount() -> None:
    """Weng & Lin's Plackett-Luce for two players of equal rating: each wins with probability 1/2, so
    the winner's mu rises by sigma^2 / c * (1 - 1/2), c^2 = the sum of (sigma^2 + beta^2)."""
    s2 = SIGMA**2 + TAU2
    c = math.sqrt(2 * (s2 + BETA2))
    won, lost = rate([Entrant(0, 1, account="a"), Entrant(1, 2, account="b")], {})
    assert won.after[0] == pytest.approx(MU + s2 / c * 0.5, abs=1e-9)
    assert lost.after[0] == pytest.approx(MU - s2 / c * 0.5, abs=1e-9)
    assert won.after[1] == pytest.approx(lost.after[1]) and won.after[1] < SIGMA  # both surer
    assert (won.before, lost.before) == (NEW, NEW)
    assert (won.after[0], won.after[1]) == pytest.approx((27.635389493140497, 8.06590141354368), abs=1e-9)


def weng_lin(players: list[tuple[float, float]], ranks: list[int]) -> list[tuple[float, float]]:
    """Plackett-Luce as Weng & Lin's Algorithm 4 states it (ties: each rank shared by A_q players),
    written out here, independently of openskill, as the reference."""
    s2 = [s * s + TAU2 for _, s in players]
    c = math.sqrt(sum(x + BETA2 for x in s2))
    e = [math.exp(m / c) for m, _ in players]
    n = len(players)
    below = [sum(e[s] for s in range(n) if ranks[s] >= ranks[q]) for q in range(n)]
    tied = [sum(ranks[s] == ranks[q] for s in range(n)) for q in range(n)]
    out = []
    for i in range(n):
        omega = delta = 0.0
        for q in (q for q in range(n) if ranks[q] <= ranks[i]):
            p = e[i] / below[q]
            omega += ((1 - p) if q == i else -p) / tied[q]
            delta += p * (1 - p) / tied[q]
        gamma = math.sqrt(s2[i]) / c
        out.append(
            (
                players[i][0] + s2[i] / c * omega,
                math.sqrt(s2[i] * max(1 - gamma * s2[i] / c**2 * delta, 1e-4)),
            )
        )
    return out


@pytest.mark.parametrize(
    ("current", "ranks"),
    [
        ({"a": (30.0, 5.0), "b": (25.0, 8.0), "c": (20.0, 3.0), "d": (25.0, 1.0)}, [2, 1, 1, 4]),
        ({"a": (25.0, 25 / 3), "b": (40.0, 2.0), "c": (10.0, 6.0)}, [1, 2, 3]),  # an upset
        ({f"p{i}": (20.0 + i, 4.0 + i / 3) for i in range(11)}, [1, 1, 3, 4, 4, 4, 7, 8, 9, 10, 11]),
    ],
)
def test_updates_follow_weng_and_lins_algorithm(
    current: dict[str, tuple[float, float]], ranks: list[int]
) -> None:
    names = list(current)
    got = rate([Entrant(i, r, account=a) for i, (a, r) in enumerate(zip(names, ranks, strict=True))], current)
    want = weng_lin([current[a] for a in names], ranks)
    for c, (mu, sigma) in zip(got, want, strict=True):
        assert c.after == pytest.approx((mu, sigma), abs=1e-9)
        assert c.before == current[c.account] and c.rank == ranks[c.seat]


def test_a_shared_victory_moves_the_winners_alike() -> None:
    a, b = rate([Entrant(0, 1, account="a"), Entrant(1, 1, account="b"), Entrant(2, 3, level="normal")], {})
    assert a.after == b.after and a.after[0] > MU


def test_bots_have_fixed_ratings_and_beating_a_stronger_one_is_worth_more() -> None:
    beat_hard = rate([Entrant(0, 1, account="a"), Entrant(1, 2, level="hard")], {})
    beat_random = rate([Entrant(0, 1, account="a"), Entrant(1, 2, level="random")], {})
    assert [c.account for c in beat_hard] == ["a"]  # the bot gets no update
    assert beat_hard[0].after[0] > beat_random[0].after[0] > MU
    assert BOTS["random"][0] < BOTS["normal"][0] < BOTS["hard"][0]


def test_eleven_players_and_a_cooperative_loss() -> None:
    players = [Entrant(i, 1 + i // 2, account=f"p{i}") for i in range(11)]
    got = rate(players, {})
    assert len(got) == 11 and got[0].after[0] > MU > got[-1].after[0]
    everyone_lost = rate([Entrant(i, 1, account=f"p{i}") for i in range(5)], {})
    assert all(c.after[0] == pytest.approx(MU) for c in everyone_lost)  # a tie: nobody moves
    assert rate([Entrant(0, 1, level="normal"), Entrant(1, 2, level="hard")], {}) == []  # no account


def test_kicked_departed_and_timed_out_players_finish_last() -> None:
    seats = [
        ("a", "bot", "normal", False),  # kicked: a bot took the seat over (and won with it)
        ("b", "human", None, False),
        ("c", "human", None, True),  # left
        (None, "bot", "hard", False),
        ("d", "human", None, False),
    ]
    got = entrants(seats, [1, 2, 3, 4, 5])
    assert [(e.account, e.rank) for e in got] == [("a", 6), ("b", 2), ("c", 6), (None, 4), ("d", 5)]
    assert got[3].level == "hard"
    timed_out = entrants(seats, [1, 2, 3, 4, 5], timeouts=[0, 3, 0, 0, 2])  # b timed out of the game
    assert [(e.account, e.rank) for e in timed_out] == [("a", 6), ("b", 6), ("c", 6), (None, 4), ("d", 5)]


def test_the_shown_rating() -> None:
    assert display(*NEW) == 1000  # a newcomer
    assert display(30.0, 2.0) == 1000 + 40 * 24


def test_a_seat_dates_its_persons_departure_and_forgets_it_when_they_come_back() -> None:
    rec = TableRecord("t", "highcard", {}, 3, 1, 1, status="running", host=0)
    rec.seats = [SeatRecord(i, "human", f"p{i}", f"h{i}", account=f"a{i}") for i in range(3)]
    seating.leave(rec, "h1", 4)
    seating.kick(rec, "h0", 1, "normal", connected=False, version=9)  # the kick dates from the leave
    seating.kick(rec, "h0", 2, "normal", connected=False, version=11)  # gone without a word
    assert [(s.kind, s.left_version) for s in rec.seats] == [("human", None), ("bot", 4), ("bot", 11)]
    back = TableRecord("u", "highcard", {}, 2, 1, 1, status="running", host=0)
    back.seats = [SeatRecord(i, "human", f"p{i}", f"h{i}", account=f"a{i}") for i in range(2)]
    seating.leave(back, "h1", 3)
    seating.back(back.seats[1])  # reconnected before anyone kicked them: they stay
    assert (back.seats[1].has_left, back.seats[1].left_version) == (False, None)
    seating.kick_host(back, "h1", "normal", waiting_on_host=True, idle=99, wait=1, version=7)
    assert (back.seats[0].kind, back.seats[0].left_version) == ("bot", 7)
