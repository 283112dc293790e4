"""The shared deck: drawing, reshuffling the discard, Growth's flips, and what Mysticism let a
player see (the top of the deck, an opponent's hand), kept exact as cards move on."""

from __future__ import annotations

from ziggurat.engine import emit
from ziggurat.games.faiths.cards import CARDS, N_CARDS, N_MAGNITUDES, VALUE
from ziggurat.games.faiths.state import FaithsState


def pop_top(st: FaithsState, to: int) -> int | None:
    """The top card of the deck, going to seat `to`'s hand (-1: face up). An empty deck is rebuilt
    from the shuffled discard only now; None when both are empty."""
    deck = st.deck
    if not deck:
        pile = st.discard
        if not pile:
            return None
        deck.extend(pile)
        pile.clear()
        st.rng.shuffle(deck)
        emit(st, {"type": "reshuffle", "count": len(deck)})
    c = deck.pop()
    if any(st.peek):
        _seen_card_leaves(st, c, to)
    return c


def _seen_card_leaves(st: FaithsState, c: int, to: int) -> None:
    """A seat that had seen this top card now knows where it went."""
    n = st.n
    peek = st.peek
    for p in range(n):
        if peek[p]:
            peek[p] -= 1
            if 0 <= to != p:
                kn = st.known.get(p * n + to)
                if kn is None:
                    kn = st.known[p * n + to] = [0] * N_CARDS
                kn[c] += 1


def forget(st: FaithsState, o: int, c: int) -> None:
    """Card `c` left `o`'s hand face up: nobody needs to remember it there any more."""
    n = st.n
    known = st.known
    for p in range(n):
        kn = known.get(p * n + o)
        if kn is not None and kn[c]:
            kn[c] -= 1
            if not any(kn):
                del known[p * n + o]


def spend(st: FaithsState, s: int, c: int) -> None:
    """A card leaves a hand for the discard (played, negated, discarded): public from now on."""
    st.hand[s][c] -= 1
    st.discard.append(c)
    if st.known:
        forget(st, s, c)


def draw(st: FaithsState, s: int, k: int, card: str | None = None) -> int:
    """Draw up to k cards (short when deck and discard are both empty). Returns how many."""
    got = []
    h = st.hand[s]
    for _ in range(k):
        c = pop_top(st, s)
        if c is None:
            break
        h[c] += 1
        got.append(c)
    if st.events is not None:
        ev = {"type": "draw", "seat": s, "count": len(got), "secret": {"cards": [CARDS[c].id for c in got]}}
        if len(got) < k:
            ev["short"] = True
        if card:
            ev["card"] = card
        st.events.append(ev)
    return len(got)


def flip_for_magnitude(st: FaithsState) -> int:
    """Growth: turn up cards onto the discard until a Magnitude card appears; its value. It never looks
    at hands: when the deck runs out, the discard is reshuffled only if it shows a Magnitude card, else
    Growth gains nothing (with every Magnitude card in hands, the whole deck ends on the discard)."""
    flipped: list[int] = []
    while st.deck or any(c < N_MAGNITUDES for c in st.discard):
        c = pop_top(st, -1)
        assert c is not None  # the deck, or else the discard, holds a card
        st.discard.append(c)
        flipped.append(c)
        if c < N_MAGNITUDES:
            emit(
                st,
                {
                    "type": "flip",
                    "seat": st.turn,
                    "cards": [CARDS[x].id for x in flipped],
                    "magnitude": CARDS[c].id,
                },
            )
            return VALUE[c]
    emit(st, {"type": "flip", "seat": st.turn, "cards": [CARDS[x].id for x in flipped], "magnitude": None})
    return 0
