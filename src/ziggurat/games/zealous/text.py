"""Words for the terminal and logs: events as sentences, the board as text, actions as menu lines."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ziggurat.engine import Json
from ziggurat.games.zealous.actions import PARSE
from ziggurat.games.zealous.board import INDEX, KIND, KIND_NAMES, N_TILES, TILES
from ziggurat.games.zealous.cards import CARD_INDEX, CARDS, DECK_NAMES, DECKS
from ziggurat.games.zealous.state import ZealousState
from ziggurat.games.zealous.view import view


def card_name(cid: str) -> str:
    return CARDS[CARD_INDEX[cid]].name if cid in CARD_INDEX else cid


def _deck(d: str) -> str:
    return DECK_NAMES[DECKS.index(d)] if d in DECKS else d


def describe(e: Json, names: Sequence[str]) -> str:
    def who(s: Any) -> str:
        return (
            names[int(s)] if isinstance(s, int | str) and str(s).isdigit() and int(s) < len(names) else str(s)
        )

    t = e.get("type")
    me = who(e.get("seat", ""))
    via = f" ({card_name(e['card'])})" if e.get("card") else ""
    if t == "birth":
        return f"{me}'s prophet {'is reborn' if e.get('rebirth') else 'stands'} on {e['tile']}."
    if t == "round":
        return f"Round {e['round']} begins."
    if t == "play":
        how = f" from {card_name(e['via'])}" if e.get("via") else ""
        return f"{me} plays {card_name(e['card'])}{how}."
    if t == "move":
        return f"{me}'s prophet moves from {e['from']} to {e['to']}{via}."
    if t == "stay":
        return f"{me}'s prophet stays on {e['tile']}."
    if t == "kill":
        return f"{me}'s prophet killed {who(e['victim'])}'s prophet on {e['tile']}."
    if t == "draw":
        if e.get("empty"):
            return f"{me} would draw a {_deck(e['deck'])} card, but none are left."
        secret = e.get("secret")
        what = f": {card_name(secret['card'])}" if secret else ""
        return f"{me} draws a {_deck(e['deck'])} card{what}."
    if t == "reshuffle":
        return f"The {_deck(e['deck'])} discard pile is shuffled into a new deck."
    if t == "place":
        return f"{me} places a follower on {e['tile']}{via}."
    if t == "add":
        where = ", ".join(e["tiles"]) if "tiles" in e else e["tile"]
        return f"{me} adds {e['count']} follower{'s' if e['count'] != 1 else ''} to {where}{via}."
    if t == "remove":
        return f"{me} removes {who(e['owner'])}'s follower from {e['tile']}{via}."
    if t == "sacrifice":
        return f"{me} sacrifices a follower on {e['tile']}{via}."
    if t == "relocate":
        k = e.get("count", 1)
        what = f"{k} followers" if k != 1 else "a follower"
        return f"{me} moves {who(e['owner'])}'s {what} from {e['from']} to {e['to']}{via}."
    if t == "convert":
        if "converted" in e:
            return f"{me} converts every opponent's follower on {e['tile']}{via}."
        return f"{me} converts {who(e['owner'])}'s follower on {e['tile']}{via}."
    if t == "swap":
        a, b = e["first"], e["second"]
        first = f"{who(a['owner'])}'s follower on {a['tile']}"
        return f"{me} swaps {first} with {who(b['owner'])}'s on {b['tile']}{via}."
    if t == "flood":
        return f"{me} floods {e['tile']}: every follower there returns to supply."
    if t == "exile":
        return f"{me} exiles every opponent's follower from {e['tile']}."
    if t == "sanctuary":
        return f"{me} puts a Sanctuary on {e['tile']}."
    if t == "sanctuary_end":
        return f"{me}'s Sanctuaries end."
    if t == "famine":
        return f"{me} brings Famine to {e['tile']}: it won't proliferate this round."
    if t == "reveal":
        secret = e.get("secret")
        what = f": {', '.join(card_name(c) for c in secret['cards'])}" if secret else ""
        return f"{me} draws {e['count']} Miracle{'s' if e['count'] != 1 else ''}{via}{what}."
    if t == "keep":
        secret = e.get("secret")
        what = f" ({', '.join(card_name(c) for c in secret['cards'])})" if secret else ""
        return f"{me} keeps {e['count']} drawn Miracle{'s' if e['count'] != 1 else ''}{what}."
    if t == "discard":
        return f"{me} discards {', '.join(card_name(c) for c in e['cards'])}{via}: they can't be played."
    if t == "skip":
        return f"{me} ends the turn without placing."
    if t == "tally":
        pts = ", ".join(f"{who(s)} +{p}" for s, p in enumerate(e["points"]))
        return f"Tallying, round {e['round']}: {pts}."
    if t == "proliferate":
        parts = [f"{tile}: {', '.join(who(s) for s in seats)}" for tile, seats in e["added"].items()]
        text = f"Proliferation: {'; '.join(parts) if parts else 'nothing'}."
        for sh in e.get("short", []):
            text += f" {who(sh['seat'])} has only {sh['count']} left and chooses where."
        return text
    if t == "proliferate_choice":
        return f"{me} proliferates on {e['tile']}."
    if t == "end":
        r = e["result"]
        return f"The game is over. Winner{'s' if len(r['winners']) > 1 else ''}: " + ", ".join(
            who(s) for s in r["winners"]
        )
    return str(e)


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
    if v["result"] is None:
        lines.append(f"To act: {', '.join(names[s] for s in v['to_act'])} — step: {v['step']}")
    return "\n".join(lines)
