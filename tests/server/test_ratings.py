"""Rating updates on known inputs (openskill's Plackett-Luce, checked by hand where it is short), and
who finishes where at a rated table."""

from __future__ import annotations

import math

import pytest

from ziggurat.server.table import seating
from ziggurat.server.table.ratings import BOTS, MU, NEW, SIGMA, Entrant, display, entrants, first_moves, rate
from ziggurat.store.records import RatedSeat, RatingChange, SeatRecord, TableRecord

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
        RatedSeat("a", "bot", "normal", False, 7),  # kicked at version 7: a bot took the seat over (and won)
        RatedSeat("b", "human", None, False),
        RatedSeat("c", "human", None, True, 9),  # left at version 9
        RatedSeat(None, "bot", "hard", False),
        RatedSeat("d", "human", None, False),
    ]
    moved = [1, 2, 3, 4, 5]  # every seat had moved by then
    got = entrants(seats, [1, 2, 3, 4, 5], moved=moved)
    assert [(e.account, e.rank) for e in got] == [("a", 6), ("b", 2), ("c", 6), (None, 4), ("d", 5)]
    assert [e.departed for e in got] == [True, False, True, False, False]
    assert got[3].level == "hard"
    timed_out = entrants(seats, [1, 2, 3, 4, 5], timeouts=[0, 3, 0, 0, 2], moved=moved)  # b timed out
    assert [(e.account, e.rank) for e in timed_out] == [("a", 6), ("b", 6), ("c", 6), (None, 4), ("d", 5)]
    # games stored before departures were dated: a departure counts as after a move
    assert [(e.account, e.rank) for e in entrants(seats, [1, 2, 3, 4, 5])] == [
        (e.account, e.rank) for e in got
    ]


def test_the_shown_rating() -> None:
    assert display(*NEW) == 1000  # a newcomer
    assert display(30.0, 2.0) == 1000 + 40 * 24


# --- a seat left or kicked: the one who left takes the loss, nobody gains from it ------------------------

CURRENT = {"a": (27.0, 6.0), "b": (24.0, 7.0), "c": (25.0, 5.0), "d": (25.0, 5.0)}


def changes(
    seats: list[RatedSeat], ranks: list[int], moved: list[int | None], **more: object
) -> dict[str | None, RatingChange]:
    got = rate(entrants(seats, ranks, moved=moved, **more), CURRENT)  # type: ignore[arg-type]
    return {c.account: c for c in got}


def test_a_leaver_among_four_takes_the_loss_and_hands_the_others_nothing() -> None:
    seats = [
        RatedSeat("a", "human", None, False),
        RatedSeat("b", "bot", "normal", False, 6),  # b moved at 2, left at 6, was kicked; the bot won
        RatedSeat("c", "human", None, False),
        RatedSeat(None, "bot", "hard", False),  # a bot from the start
    ]
    got = changes(seats, [2, 1, 3, 4], moved=[1, 2, 3, 4])
    # a and c: rated among themselves and the bot from the start, as if b's seat had never been there
    honest = rate([Entrant(0, 2, "a"), Entrant(2, 3, "c"), Entrant(3, 4, level="hard")], CURRENT)
    assert [got["a"].after, got["c"].after] == [x.after for x in honest]
    assert [got["a"].rank, got["c"].rank] == [2, 3]  # (their places in the game, as it ended)
    # b: last of the four, behind everyone who sat down with it
    full = [Entrant(0, 2, "a"), Entrant(1, 5, "b"), Entrant(2, 3, "c"), Entrant(3, 4, level="hard")]
    assert got["b"].after == pytest.approx(rate(full, CURRENT)[1].after) and got["b"].rank == 5
    assert got["b"].after[0] < CURRENT["b"][0]
    assert [c.seat for c in rate(entrants(seats, [2, 1, 3, 4], moved=[1, 2, 3, 4]), CURRENT)] == [0, 1, 2]


def test_a_kick_late_in_the_game_is_the_leavers_loss_whoever_the_bot_beats() -> None:
    """Five seats; d moved at version 3, went quiet and was kicked at version 140; the bot that took its
    seat won. The others' places among themselves are what rates them, not the bot's win."""
    seats = [
        RatedSeat("a", "human", None, False),
        RatedSeat("b", "human", None, False),
        RatedSeat("c", "human", None, False),
        RatedSeat("d", "bot", "hard", False, 140),
        RatedSeat(None, "bot", "random", False),
    ]
    got = changes(seats, [2, 3, 4, 1, 5], moved=[1, 2, 5, 3, 4])
    alone = rate(
        [Entrant(0, 1, "a"), Entrant(1, 2, "b"), Entrant(2, 3, "c"), Entrant(4, 4, level="random")], CURRENT
    )
    assert [got[x].after for x in "abc"] == [c.after for c in alone]
    assert got["d"].rank == 6 and got["d"].after[0] < CURRENT["d"][0]


def test_a_two_seat_game_gains_the_one_who_stays_nothing_won_or_lost() -> None:
    for ranks in ([1, 2], [2, 1]):  # the stayer beat the bot that took the seat, or lost to it
        seats = [RatedSeat("a", "human", None, False), RatedSeat("b", "bot", "normal", False, 3)]
        got = changes(seats, ranks, moved=[1, 2])
        assert set(got) == {"b"} and got["b"].after[0] < CURRENT["b"][0]  # only the leaver: the loss


def test_each_who_departed_loses_to_those_who_stayed_and_two_who_left_share_no_draw() -> None:
    b_left = RatedSeat("b", "human", None, True, 5)
    c_kicked = RatedSeat("c", "bot", "normal", False, 8)
    got = changes([RatedSeat("a", "human", None, False), b_left, c_kicked], [3, 1, 2], moved=[1, 2, 3])
    for x, seat in (("b", 1), ("c", 2)):  # each: last behind a alone, whoever else left
        alone = rate([Entrant(0, 3, "a"), Entrant(seat, 4, x)], CURRENT)[1]
        assert got[x].after == pytest.approx(alone.after) and got[x].after[0] < CURRENT[x][0]
    assert "a" not in got  # nobody left to rate a against
    # both people left (the game played out by bots and clocks): nobody to lose to, so nobody is rated;
    # tied last together they would have drawn, and a newcomer's draw raises the shown rating
    assert changes([b_left, c_kicked], [1, 2], moved=[1, 2]) == {}
    bot = RatedSeat(None, "bot", "random", False)
    assert set(changes([b_left, c_kicked, bot], [1, 2, 3], moved=[1, 2, 3])) == {"b", "c"}


def test_a_cooperative_loss_with_a_leaver_moves_nobody_who_stayed() -> None:
    """Zombology: everyone lost together (all rank 2); d left mid-game. Nobody beat d: the three who
    stayed tie among themselves (equal ratings: their means stay), and d takes the loss."""
    seats = [RatedSeat(x, "human", None, False) for x in "abc"] + [RatedSeat("d", "human", None, True, 12)]
    current = dict.fromkeys("abcd", (25.0, 5.0))
    got = {c.account: c for c in rate(entrants(seats, [2, 2, 2, 2], moved=[1, 2, 3, 4]), current)}
    assert all(got[x].after[0] == pytest.approx(25.0) for x in "abc")
    assert got["d"].after[0] < 25.0 and got["d"].rank == 3


def test_an_early_abandon_rates_nobody_for_the_seat_left() -> None:
    """Left before their seat's first move: not rated, and their seat counts for nobody; at two seats
    the game is unrated for everyone."""
    two = [RatedSeat("a", "human", None, False), RatedSeat("b", "bot", "normal", False, 1)]
    assert changes(two, [1, 2], moved=[1, 2]) == {}  # b left at version 1, its bot moved at 2
    assert changes(two, [2, 1], moved=[1, None]) == {}
    # among four: the three who stayed are rated as a game of three; b isn't rated at all
    four = [*two, RatedSeat("c", "human", None, False), RatedSeat("d", "human", None, False)]
    got = changes(four, [3, 1, 2, 4], moved=[1, 2, 3, 4])
    alone = rate([Entrant(0, 2, "a"), Entrant(2, 1, "c"), Entrant(3, 3, "d")], CURRENT)
    assert set(got) == {"a", "c", "d"} and [got[x].after for x in "acd"] == [c.after for c in alone]
    # left before moving, then timed out three times (the server moved for the seat meanwhile): still
    # left before moving; timed out three times without leaving: moved, so the loss
    late = [*two[:1], RatedSeat("b", "human", None, True, 0)]
    assert changes(late, [1, 2], moved=[1, 2], timeouts=[0, 3]) == {}
    stayed_put = [*two[:1], RatedSeat("b", "human", None, False)]
    assert set(changes(stayed_put, [1, 2], moved=[1, 2], timeouts=[0, 3])) == {"b"}


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


def test_first_moves_from_the_log() -> None:
    log = [(0, None), (1, 2), (2, 0), (3, 2), (4, 0)]  # the set-up, then seats 2, 0, 2, 0
    assert first_moves(log, 4) == [2, None, 1, None]
