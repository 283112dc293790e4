"""Words for the terminal and logs: events as sentences, the board as text, actions as menu lines."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ziggurat.engine.text import Told, Wording, draws, plural, secret_cards
from ziggurat.games.zombology.actions import PARSE
from ziggurat.games.zombology.cards import CARD_INDEX, CARDS, SUIT_INDEX, SUIT_NAMES
from ziggurat.games.zombology.rules import to_act
from ziggurat.games.zombology.state import ZombologyState
from ziggurat.games.zombology.view import view


def card_name(cid: Any) -> str:
    return CARDS[CARD_INDEX[cid]].name if cid in CARD_INDEX else str(cid)


def short_name(cid: str) -> str:
    """ "Magnets 4" for a Therapy card (its copy matters to nobody at the table), else the full name."""
    c = CARDS[CARD_INDEX[cid]]
    return f"{SUIT_NAMES[c.suit]} {c.value}" if c.suit >= 0 else c.name


def suit_name(suit: Any) -> str:
    return SUIT_NAMES[SUIT_INDEX[suit]] if suit in SUIT_INDEX else str(suit)


def _swap(e: Told) -> str:
    return (
        f"{e.me} uses the {suit_name(e['guru'])} Guru's Insight: gives {card_name(e['gave'])}"
        f" to the central area and takes {card_name(e['took'])}."
    )


def _chosen(e: Told) -> str:
    secret = e.get("secret")
    what = f" ({card_name(secret['card'])})" if secret else ""
    return f"{e.me} places an {e['back'].capitalize()} card face down{what}."


def _reveal(e: Told) -> str:
    played = [f"{e.who(s)}: {card_name(c)}" for s, c in enumerate(e["cards"]) if c is not None]
    return "Revealed: " + ("; ".join(played) or "nothing") + "."


def _overrun(e: Told) -> str:
    if e.get("target") is None:
        return f"{e.me}'s {card_name(e['card'])} has nothing to target and is discarded."
    return f"{e.me}'s {card_name(e['card'])} targets {e.who(e['owner'])}'s {card_name(e['target'])}."


def _payrise(e: Told) -> str:
    if e.get("guru") is None:
        return f"{e.me}'s {card_name(e['card'])} has no Guru to claim and is discarded."
    src = "the central area" if e.get("from") is None else e.who(e["from"])
    return f"{e.me}'s {card_name(e['card'])} claims the {suit_name(e['guru'])} Guru from {src}."


def _therapy(e: Told) -> str:
    if e["success"]:
        how = " (Intuition)" if e.get("intuition") else ""
        return f"{e.me}'s {card_name(e['card'])} succeeds{how}."
    return f"{e.me}'s {card_name(e['card'])} fails and goes to the central area."


def _pass(e: Told) -> str:
    what = secret_cards(e, card_name)
    return f"{e.me} passes {plural(e['count'], 'card')} to {e.who(e['to'])}{what}."


def _draw(e: Told) -> str:
    return draws(e, "an Apocalypse card", card_name)


def _end(e: Told) -> str:
    r = e["result"]
    cured = r.get("detail", {}).get("cured", [])
    if not cured:
        return "No therapy was cured: humanity is wiped out. Everybody loses."
    cures = ", ".join(suit_name(u) for u in cured)
    if not r["winners"]:
        return f"Cured: {cures}. Nobody scored 7 in a cure: all ridiculed as crackpots."
    return f"Cured: {cures}. Saviours of mankind: {', '.join(map(e.who, r['winners']))}."


WORDING: dict[str, Wording] = {
    "round": "Round {round} begins.",
    "swap": _swap,
    "insight_pass": lambda e: f"{e.me} makes no swap with the {suit_name(e['guru'])} Guru.",
    "chosen": _chosen,
    "reveal": _reveal,
    "play": "",  # (the reveal says it)
    "overrun": _overrun,
    "overrun_hit": lambda e: f"{e.me}'s {card_name(e['card'])} is discarded by {card_name(e['by'])}.",
    "counter": lambda e: f"{e.me} discards {card_name(e['army'])}: {card_name(e['card'])} has no effect.",
    "payrise": _payrise,
    "army": lambda e: f"{e.me} adds {card_name(e['card'])} to their collection.",
    "therapy": _therapy,
    "pass": _pass,
    "draw": _draw,
    "end": _end,
}


def _target(st: ZombologyState, x: int, y: int) -> str:
    owner = st.chosen.index(x) if x in st.chosen else -1
    return f"Overrun seat {owner}'s {CARDS[x].name}"


# Each action's menu line, by its verb: from the state and the action's two numbers.
_ACTIONS: dict[str, Callable[[ZombologyState, int, int], str]] = {
    "choose": lambda st, x, y: f"Play {CARDS[x].name}",
    "swap": lambda st, x, y: f"Swap {CARDS[x].name} from your hand for the failed {CARDS[y].name}",
    "target": _target,
    "guru": lambda st, x, y: f"Claim the {SUIT_NAMES[x]} Guru",
    "pass": lambda st, x, y: "Make no swap this round",
    "counter": lambda st, x, y: "Discard an Army Perimeter: the Overrun has no effect",
    "allow": lambda st, x, y: "Keep your Army Perimeters: the Overrun discards your card",
}


def describe_action(st: ZombologyState, seat: int, action: str) -> str:
    parsed = PARSE.get(action)
    words = _ACTIONS.get(action.split(":")[0])
    if parsed is None or words is None:
        return action
    return words(st, parsed[1], parsed[2])


def collection_text(cards: list[str]) -> str:
    """A collection grouped by therapy with its points ("Magnets 1+2+4 = 7"), then the other cards."""
    by_suit: dict[int, list[int]] = {}
    others = []
    for cid in cards:
        c = CARDS[CARD_INDEX[cid]]
        if c.suit >= 0:
            by_suit.setdefault(c.suit, []).append(c.value)
        else:
            others.append(c.name)
    parts = [f"{SUIT_NAMES[u]} {'+'.join(map(str, vs))} = {sum(vs)}" for u, vs in sorted(by_suit.items())]
    return ", ".join(parts + others) or "nothing"


def board_text(st: ZombologyState, seat: int | None, names: Sequence[str]) -> str:
    v = view(st, seat)
    n = st.n
    lines = [f"Zombology — round {v['round']} of {v['max_rounds']}, {v['phase']}"]
    gurus = ", ".join(
        f"{suit_name(u)}: {names[o] if o is not None else 'centre'}" for u, o in v["gurus"].items()
    )
    lines.append(f"Gurus: {gurus}")
    for s in range(n):
        held = "/".join(str(k) for k in v["hand_counts"][s].values())
        mark = (
            f", played {card_name(v['played'][s])}"
            if v["played"][s]
            else (", chosen" if v["chosen"][s] else "")
        )
        lines.append(
            f"  {names[s]}: {collection_text(v['collections'][s])}; holds {held} (epidemic/apocalypse){mark}"
        )
    lines.append(f"Central area (failed): {', '.join(map(short_name, v['centre'])) or 'empty'}")
    lines.append(f"Decks: epidemic {v['decks']['epidemic']}, apocalypse {v['decks']['apocalypse']}")
    if seat is not None:
        lines.append(f"Your hand: {', '.join(card_name(c) for c in v['hand']) or 'empty'}")
        if v["choice"]:
            lines.append(f"Your face-down card: {card_name(v['choice'])}")
    ask = v["ask"]
    if ask is not None:
        kind = ask["kind"]
        if kind == "insight":
            what = f"Guru's Insight ({suit_name(ask['guru'])})"
        elif kind == "target":
            what = f"the target of {card_name(ask['card'])}"
        elif kind == "guru":
            what = f"the Guru for {card_name(ask['card'])}"
        else:
            what = f"whether to counter {card_name(ask['card'])} on {card_name(ask['target'])}"
        lines.append(f"Waiting for {names[ask['seat']]}: {what}")
    elif st.result is None:
        lines.append(f"Choosing secretly: {', '.join(names[s] for s in to_act(st))}")
    return "\n".join(lines)
