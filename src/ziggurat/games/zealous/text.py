"""Words for the terminal and logs: events as sentences, the board as text, actions as menu lines."""

from __future__ import annotations

from collections.abc import Sequence

from ziggurat.engine.text import Told, Wording, draws, plural, secret_cards
from ziggurat.games.zealous.actions import PARSE
from ziggurat.games.zealous.board import INDEX, KIND, KIND_NAMES, N_TILES, TILES
from ziggurat.games.zealous.cards import CARD_INDEX, CARDS, DECK_NAMES, DECKS
from ziggurat.games.zealous.rules import to_act
from ziggurat.games.zealous.state import ZealousState
from ziggurat.games.zealous.view import view


def card_name(cid: str) -> str:
    return CARDS[CARD_INDEX[cid]].name if cid in CARD_INDEX else cid


def _deck(d: str) -> str:
    return DECK_NAMES[DECKS.index(d)] if d in DECKS else d


def _via(e: Told) -> str:
    return f" ({card_name(e['card'])})" if e.get("card") else ""


def _followers(k: int) -> str:
    return "a follower" if k == 1 else f"{k} followers"


def _birth(e: Told) -> str:
    return f"{e.me}'s prophet {'is reborn' if e.get('rebirth') else 'stands'} on {e['tile']}."


def _play(e: Told) -> str:
    how = f" from {card_name(e['via'])}" if e.get("via") else ""
    return f"{e.me} plays {card_name(e['card'])}{how}."


def _draw(e: Told) -> str:
    return draws(e, f"a {_deck(e['deck'])} card", card_name)


def _add(e: Told) -> str:
    where = ", ".join(e["tiles"]) if "tiles" in e.event else e["tile"]
    return f"{e.me} adds {plural(e['count'], 'follower')} to {where}{_via(e)}."


def _relocate(e: Told) -> str:
    what = _followers(e.get("count", 1))
    return f"{e.me} moves {e.who(e['owner'])}'s {what} from {e['from']} to {e['to']}{_via(e)}."


def _convert(e: Told) -> str:
    if "converted" in e.event:
        return f"{e.me} converts every opponent's follower on {e['tile']}{_via(e)}."
    return f"{e.me} converts {e.who(e['owner'])}'s follower on {e['tile']}{_via(e)}."


def _swap(e: Told) -> str:
    a, b = e["first"], e["second"]
    first = f"{e.who(a['owner'])}'s follower on {a['tile']}"
    return f"{e.me} swaps {first} with {e.who(b['owner'])}'s on {b['tile']}{_via(e)}."


def _reveal(e: Told) -> str:
    what = secret_cards(e, card_name)
    return f"{e.me} draws {plural(e['count'], 'Miracle')}{_via(e)}{what}."


def _keep(e: Told) -> str:
    what = secret_cards(e, card_name, " ({})")
    return f"{e.me} keeps {e['count']} drawn Miracle{'s' if e['count'] != 1 else ''}{what}."


def _tally(e: Told) -> str:
    pts = ", ".join(f"{e.who(s)} +{p}" for s, p in enumerate(e["points"]))
    return f"Tallying, round {e['round']}: {pts}."


def _proliferate(e: Told) -> str:
    parts = [f"{tile}: {', '.join(map(e.who, seats))}" for tile, seats in e["added"].items()]
    text = f"Proliferation: {'; '.join(parts) if parts else 'nothing'}."
    for sh in e.get("short", []):
        text += f" {e.who(sh['seat'])} has only {sh['count']} left and chooses where."
    return text


def _end(e: Told) -> str:
    winners = e["result"]["winners"]
    return f"The game is over. Winner{'s' if len(winners) > 1 else ''}: " + ", ".join(map(e.who, winners))


WORDING: dict[str, Wording] = {
    "birth": _birth,
    "round": "Round {round} begins.",
    "play": _play,
    "move": lambda e: f"{e.me}'s prophet moves from {e['from']} to {e['to']}{_via(e)}.",
    "stay": "{me}'s prophet stays on {tile}.",
    "kill": lambda e: f"{e.me}'s prophet killed {e.who(e['victim'])}'s prophet on {e['tile']}.",
    "draw": _draw,
    "reshuffle": lambda e: f"The {_deck(e['deck'])} discard pile is shuffled into a new deck.",
    "place": lambda e: f"{e.me} places a follower on {e['tile']}{_via(e)}.",
    "add": _add,
    "remove": lambda e: f"{e.me} removes {e.who(e['owner'])}'s follower from {e['tile']}{_via(e)}.",
    "sacrifice": lambda e: f"{e.me} sacrifices a follower on {e['tile']}{_via(e)}.",
    "relocate": _relocate,
    "convert": _convert,
    "swap": _swap,
    "flood": "{me} floods {tile}: every follower there returns to supply.",
    "exile": "{me} exiles every opponent's follower from {tile}.",
    "sanctuary": "{me} puts a Sanctuary on {tile}.",
    "sanctuary_end": "{me}'s Sanctuaries end.",
    "famine": "{me} brings Famine to {tile}: it won't proliferate this round.",
    "reveal": _reveal,
    "keep": _keep,
    "discard": lambda e: (
        f"{e.me} discards {', '.join(card_name(c) for c in e['cards'])}{_via(e)}: they can't be played."
    ),
    "skip": "{me} ends the turn without placing.",
    "tally": _tally,
    "proliferate": _proliferate,
    "proliferate_choice": "{me} proliferates on {tile}.",
    "end": _end,
}


def describe_action(st: ZealousState, seat: int, action: str) -> str:
    verb_word = action.split(":")[0]
    parsed = PARSE.get(action)
    if parsed is None:
        return action
    _, x, y = parsed
    if verb_word == "play":
        c = CARDS[x]
        return f"Play {c.name}: {c.text}"
    if verb_word == "card":
        return f"Play the drawn {CARDS[x].name}: {CARDS[x].text}"
    if verb_word in ("move", "place", "tile", "birth"):
        word = {"move": "Move to", "place": "Place a follower on", "tile": "Choose", "birth": "Stand on"}
        return f"{word[verb_word]} {TILES[x]} ({KIND_NAMES[KIND[x]]})"
    if verb_word == "follower":
        whose = "your" if y == seat else f"seat {y}'s"
        return f"Choose {whose} follower on {TILES[x]}"
    return {"stay": "Stay where you are", "skip": "Skip: end the turn without placing", "done": "Done"}.get(
        action, action
    )


def board_text(st: ZealousState, seat: int | None, names: Sequence[str]) -> str:
    v = view(st, seat)
    n = st.n
    lines = []
    title = f"Zealous — round {v['round']}" + (
        f" of {v['max_rounds']}" if v["max_rounds"] else f", first to {v['target']} points"
    )
    lines.append(title)
    if "variant" in v:  # the rules changed from the printed game, said in the options' own words
        changed = [
            ", ".join(f"{c} x{k}" for c, k in value.items()) if name == "cards" else f"{name}={value}"
            for name, value in v["variant"].items()
        ]
        lines.append("Variant: " + "; ".join(changed))
    lines.append(
        "  ".join(
            f"{names[s]} (seat {s}): {v['scores'][s]} pts, {v['supply'][s]} in supply" for s in range(n)
        )
    )
    lines.append(f"{'tile':<5} {'kind':<14} " + " ".join(f"{names[s][:6]:>6}" for s in range(n)) + "  marks")
    for t in range(N_TILES):
        tname = TILES[t]
        row = v["followers"][tname]
        prophets = [names[s] for s, p in enumerate(v["prophets"]) if p == tname]
        marks = []
        if prophets:
            marks.append("prophet: " + ", ".join(prophets))
        if tname in v["famine"]:
            marks.append("FAMINE")
        for s, ts in enumerate(v["sanctuaries"]):
            if tname in ts:
                marks.append(f"sanctuary of {names[s]}")
        if not any(row) and not marks and KIND[INDEX[tname]] == 4 and n <= 4:
            continue
        cells = " ".join(f"{(k or '.'):>6}" for k in row)
        lines.append(f"{tname:<5} {KIND_NAMES[KIND[t]]:<14} {cells}  {'; '.join(marks)}")
    hands = "  ".join(
        f"{names[s]}: " + "/".join(str(v["hand_counts"][s][d]) for d in DECKS) for s in range(n)
    )
    lines.append(f"Cards held (miracle/judgment/divine): {hands}")
    lines.append("Decks: " + ", ".join(f"{d} {k}" for d, k in v["decks"].items()))
    if seat is not None:
        lines.append(f"Your hand: {', '.join(card_name(c) for c in v['hand']) or 'empty'}")
    for p in v["pending"]:
        drawn = f" (drawn: {', '.join(card_name(c) for c in p['drawn'])})" if "drawn" in p else ""
        lines.append(f"Resolving {card_name(p['card'])}: {p['prompt']}{drawn}")
    if st.result is None:
        lines.append(f"To act: {', '.join(names[s] for s in to_act(st))} — step: {v['step']}")
    return "\n".join(lines)
