"""Exact search for Zenith: prove that the searching seat wins, on the bitmask state.

Zenith has perfect information and boards of 20 to 39 spaces, so positions can often be proved
outright: with two players the game is "whoever makes the last placement wins", and with three or four
the proof is paranoid (the searching seat must survive whatever the others do, together). A
transposition table keyed by the pieces of each seat (which also fix the open spaces, the reach and the
hands) shares the work between move orders. The proof stops at a node budget: `None` then means
"unknown", and the caller searches by sampling instead.
"""

from __future__ import annotations

from ziggurat.engine.bits import bits
from ziggurat.games.zenith.board import Board
from ziggurat.games.zenith.state import ZenithState

PerSeat = tuple[int, ...]  # one bit mask (own pieces, reach) or count (hand) per seat


class OutOfBudget(Exception):
    pass


class Prover:
    def __init__(self, board: Board, n: int, me: int, budget: int) -> None:
        self.board = board
        self.n = n
        self.me = me
        self.budget = budget
        self.nodes = 0
        self.tt: dict[tuple[PerSeat, int, int], bool] = {}

    def winning_moves(self, st: ZenithState) -> tuple[list[int], list[int]] | None:
        """(winning, losing) root spaces for `me` (who is to move), or None if the budget ran out."""
        assert st.turn == self.me
        own, reach, hand = tuple(st.own), tuple(st.reach), tuple(st.hand)
        wins, losses = [], []
        try:
            for i in self._ordered(st.occupied, st.open, own, reach, hand, st.turn):
                if self._after(i, own, st.occupied, st.open, reach, hand, st.alive, st.turn):
                    wins.append(i)
                    break  # one proved win is enough to play
                losses.append(i)
        except OutOfBudget:
            return None
        return wins, losses

    def _ordered(self, occ: int, opn: int, own: PerSeat, reach: PerSeat, hand: PerSeat, s: int) -> list[int]:
        """The mover's spaces, those leaving the others fewest placements (and itself most) first."""
        b = self.board
        ground = b.ground
        moves = opn & (ground | reach[s])
        scored = []
        for i in bits(moves):
            low = 1 << i
            occ2 = occ | low
            opn2 = opn & ~low
            for j in b.above[i]:
                sm = b.support_mask[j]
                if occ2 & sm == sm:
                    opn2 |= 1 << j
            mine = (opn2 & (ground | reach[s] | b.above_mask[i])).bit_count()
            theirs = sum(
                (opn2 & (ground | reach[o])).bit_count() for o in range(self.n) if o != s and hand[o]
            )
            scored.append((theirs - mine, i))
        scored.sort()
        return [i for _, i in scored]

    def _after(
        self, i: int, own: PerSeat, occ: int, opn: int, reach: PerSeat, hand: PerSeat, alive: int, s: int
    ) -> bool:
        """Does `me` win after seat `s` places on space `i`?"""
        b = self.board
        bit = 1 << i
        occ |= bit
        opn &= ~bit
        for j in b.above[i]:
            sm = b.support_mask[j]
            if occ & sm == sm:
                opn |= 1 << j
        own = (*own[:s], own[s] | bit, *own[s + 1 :])
        reach = (*reach[:s], reach[s] | b.above_mask[i], *reach[s + 1 :])
        hand = (*hand[:s], hand[s] - 1, *hand[s + 1 :])
        n = self.n
        ground = b.ground
        t = s
        while True:  # the next seat able to place; whoever cannot is out
            t = t + 1 if t + 1 < n else 0
            if not alive >> t & 1:
                continue
            if hand[t] and opn & (ground | reach[t]):
                break
            alive &= ~(1 << t)
            if t == self.me:
                return False
            if alive & (alive - 1) == 0:
                return True  # only `me` is left
        return self._solve(own, occ, opn, reach, hand, alive, t)

    def _solve(
        self, own: PerSeat, occ: int, opn: int, reach: PerSeat, hand: PerSeat, alive: int, s: int
    ) -> bool:
        key = (own, alive, s)
        v = self.tt.get(key)
        if v is not None:
            return v
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        mine = s == self.me
        v = not mine
        for i in self._ordered(occ, opn, own, reach, hand, s):
            w = self._after(i, own, occ, opn, reach, hand, alive, s)
            if w == mine:
                v = w
                break
        self.tt[key] = v
        return v
