"""Words for the terminal and logs: events as sentences, the board as text, actions as menu lines."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ziggurat.engine import Json
from ziggurat.games.faiths.actions import PARSE
from ziggurat.games.faiths.board import HOMELAND, N_TERRITORIES, RELIGIONS, TERRITORIES, religion_name
from ziggurat.games.faiths.cards import CARDS, card_name
from ziggurat.games.faiths.state import FaithsState
from ziggurat.games.faiths.view import view


def _t(tid: str) -> str:
    return tid.replace("_", " ").title()


def _n(k: int, one: str, many: str) -> str:
    return f"{k} {one if k == 1 else many}"


def _cards(ids: Sequence[str]) -> str:
    return ", ".join(card_name(c) for c in ids) or "nothing"


def describe(e: Json, names: Sequence[str]) -> str:
    def who(s: Any) -> str:
        return names[s] if isinstance(s, int) and 0 <= s < len(names) else str(s)

    t = e.get("type")
    me = who(e.get("seat"))
    via = f" ({card_name(e['event'])})" if e.get("event") else ""
    if t == "religion":
        return f"{me} takes {e['religion'].title()}."
    if t == "round":
        return f"Round {e['round']} begins."
    if t == "turn":
        return f"{me}'s turn."
    if t == "draw":
        secret = e.get("secret")
        what = f": {_cards(secret['cards'])}" if secret else ""
        short = " (the deck and the discard ran out)" if e.get("short") else ""
        how = f" ({card_name(e['card'])})" if e.get("card") else ""
        return f"{me} draws {e['count']} card{'s' if e['count'] != 1 else ''}{how}{what}{short}."
    if t == "reshuffle":
        return f"The discard is shuffled into a new deck of {e['count']} cards."
    if t == "flip":
        if e["magnitude"] is None:
            turned = f"turns up {_cards(e['cards'])} but " if e["cards"] else ""
            return (
                f"Growth: {me} {turned}finds no Magnitude card in the deck or the discard, and gains nothing."
            )
        return f"Growth: {me} turns up {_cards(e['cards'])}."
    if t == "growth":
        lost = f", but there is no room: all {e['lost']} are lost" if e.get("lost") else ""
        return f"{me} gains {e['count']} PC{lost}."
    if t == "growth_lost":
        return f"No room is left: {me} loses {e['count']} gained PC."
    if t == "place":
        return f"{me} places a PC in {_t(e['territory'])}."
    if t == "pair":
        where = f" (X = {e['x']})"
        return f"{me} plays {card_name(e['event'])} with {card_name(e['magnitude'])}{where}."
    if t == "opponent":
        return f"{me} names {who(e['opponent'])} as the opponent."
    if t == "bonus":
        return f"{me} uses the homeland bonus: X = {e['x']}."
    if t == "negate":
        return f"{me} plays Zealots & Fanatics with {card_name(e['magnitude'])} to negate it."
    if t == "pass":
        return f"{me} lets it stand."
    if t == "negated":
        return f"{me}'s {card_name(e['event'])} is negated."
    if t == "resolve":
        return f"{card_name(e['event'])} takes effect (X = {e['x']})."
    if t == "add":
        return f"{me} adds a PC to {_t(e['territory'])}{via}."
    if t == "remove":
        return f"{me} removes a PC of {who(e['owner'])} from {_t(e['territory'])}{via}."
    if t == "replace":
        return f"{me} replaces a PC of {who(e['owner'])} in {_t(e['territory'])}{via}."
    if t == "move":
        return f"{me} moves a PC from {_t(e['from'])} to {_t(e['to'])}{via}."
    if t == "into":
        return f"{me} will move PC into {_t(e['territory'])}{via}."
    if t == "done":
        return f"{me} stops{via}."
    if t == "discard":
        why = {"heresy": " (Heresy)", "hand_limit": " (hand limit)"}.get(e.get("reason", ""), "")
        return f"{me} discards {_cards(e['cards'])}{why}."
    if t == "reformation":
        return f"{who(e['opponent'])} may not play Event cards in the next {e['turns']} turn(s)."
    if t == "mysticism":
        secret = e.get("secret")
        text = f"{me} looks at {who(e['opponent'])}'s hand and the next {e['count']} cards of the deck"
        if secret:
            text += f": hand {_cards(secret['hand'])}; deck {_cards(secret['deck_top'])}"
        return text + "."
    if t == "barred":
        return f"Reformation: {me} may not play Event cards this turn."
    if t == "end_events":
        return f"{me} ends the Event phase."
    if t == "end":
        r = e["result"]
        won = ", ".join(who(s) for s in r["winners"])
        return f"The game is over. Winner{'s' if len(r['winners']) > 1 else ''}: {won}."
    return str(e)


def describe_action(st: FaithsState, seat: int, action: str) -> str:
    parsed = PARSE.get(action)
    if parsed is None:
        return action
    verb = action.split(":")[0]
    _, x, y = parsed
    if verb == "pair":
        m, e = CARDS[x], CARDS[y]
        return f"Play {e.name} ({e.text}) with {m.name}: X = {m.value}"
    if verb == "religion":
        return f"Take {religion_name(x)} (homeland {_t(TERRITORIES[HOMELAND[x]])})"
    if verb == "negate":
        return f"Negate it: Zealots & Fanatics with {CARDS[x].name}"
    if verb == "discard":
        return f"Discard {CARDS[x].name}"
    if verb == "opponent":
        return f"Name seat {x} as the opponent"
    if verb in ("remove", "replace"):
        return f"{verb.title()} a PC of seat {y} in {_t(TERRITORIES[x])}"
    words = {
        "place": "Place a PC in",
        "add": "Add a PC to",
        "from": "Take a PC from",
        "to": "Move it to",
        "into": "Move PC into",
    }
    if verb in words:
        return f"{words[verb]} {_t(TERRITORIES[x])}"
    return {
        "end": "End the Event phase",
        "bonus": "Use the homeland bonus (X + 1)",
        "no_bonus": "No homeland bonus",
        "pass": "Let it stand",
        "done": "Done: stop here",
    }.get(action, action)


def board_text(st: FaithsState, seat: int | None, names: Sequence[str]) -> str:
    v = view(st, seat)
    n = st.n
    lines = [f"Faiths — round {v['round']} of at most {v['max_rounds']}; 14 territories win"]
    for s in range(n):
        rel = v["religions"][s]
        who = f"{names[s]} ({rel.title() if rel else '?'})"
        bar = f", barred {v['bars'][s]} turn(s)" if v["bars"][s] else ""
        lines.append(
            f"  {who}: {_n(v['territories'][s], 'territory', 'territories')}, {v['pcs'][s]} PC, "
            f"{_n(v['hand_counts'][s], 'card', 'cards')}{bar}"
        )
    home_of = {h: RELIGIONS[st.religion[s]].title() for s, h in enumerate(st.home) if h >= 0}
    for t in range(N_TERRITORIES):
        tid = TERRITORIES[t]
        row = v["chits"][tid]
        total = sum(row)
        home = f"[{home_of[t]}]" if t in home_of else ""
        held = ", ".join(f"{names[s]} {k}" for s, k in enumerate(row) if k)
        lines.append(f"  {tid:<13}{home:<17}{total:>2}/10  {held}")
    lines.append(
        f"Deck: {_n(v['deck'], 'card', 'cards')}. Discard: {_n(len(v['discard']), 'card', 'cards')}"
        + (f", top {card_name(v['discard'][-1])}" if v["discard"] else "")
        + "."
    )
    if seat is not None:
        lines.append(f"Your hand: {_cards(v['hand'])}")
        known = v["known"]
        if known["deck_top"]:
            lines.append(f"You know the deck starts: {_cards(known['deck_top'])}")
        for o, h in enumerate(known["hands"]):
            if h is not None:
                lines.append(f"You know {names[o]} holds: {_cards(h)}")
    p = v["pending"]
    if p is not None:
        opp = f" against {names[p['opponent']]}" if p["opponent"] is not None else ""
        lines.append(
            f"Playing: {card_name(p['event'])} with {card_name(p['magnitude'])}, X = {p['x']}{opp}"
            f" ({p['left']} left)"
        )
    if v["reaction"] is not None:
        lines.append(f"Negations so far: {v['reaction']['negations']}")
    if v["result"] is None:
        lines.append(f"To act: {', '.join(names[s] for s in v['to_act'])} — {v['prompt']}")
    return "\n".join(lines)
