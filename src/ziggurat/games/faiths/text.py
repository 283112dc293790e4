"""Words for the terminal and logs: events as sentences, the board as text, actions as menu lines."""

from __future__ import annotations

from collections.abc import Sequence

from ziggurat.engine import Json
from ziggurat.engine.text import Told, Wording, plural
from ziggurat.games.faiths.actions import PARSE
from ziggurat.games.faiths.board import HOMELAND, N_TERRITORIES, RELIGIONS, TERRITORIES, religion_name
from ziggurat.games.faiths.cards import CARDS, card_name
from ziggurat.games.faiths.rules import to_act
from ziggurat.games.faiths.state import FaithsState
from ziggurat.games.faiths.view import view


def _t(tid: str) -> str:
    return tid.replace("_", " ").title()


def _cards(ids: Sequence[str]) -> str:
    return ", ".join(card_name(c) for c in ids) or "nothing"


def _via(e: Told) -> str:
    return f" ({card_name(e['event'])})" if e.get("event") else ""


def _draw(e: Told) -> str:
    secret = e.get("secret")
    what = f": {_cards(secret['cards'])}" if secret else ""
    short = " (the deck and the discard ran out)" if e.get("short") else ""
    how = f" ({card_name(e['card'])})" if e.get("card") else ""
    return f"{e.me} draws {plural(e['count'], 'card')}{how}{what}{short}."


def _flip(e: Told) -> str:
    if e["magnitude"] is None:
        turned = f"turns up {_cards(e['cards'])} but " if e["cards"] else ""
        nothing = "finds no Magnitude card in the deck or the discard, and gains nothing"
        return f"Growth: {e.me} {turned}{nothing}."
    return f"Growth: {e.me} turns up {_cards(e['cards'])}."


def _growth(e: Told) -> str:
    lost = f", but there is no room: all {e['lost']} are lost" if e.get("lost") else ""
    return f"{e.me} gains {e['count']} PC{lost}."


def _discard(e: Told) -> str:
    why = {"heresy": " (Heresy)", "hand_limit": " (hand limit)"}.get(e.get("reason", ""), "")
    return f"{e.me} discards {_cards(e['cards'])}{why}."


def _mysticism(e: Told) -> str:
    secret = e.get("secret")
    text = f"{e.me} looks at {e.who(e['opponent'])}'s hand and the next {e['count']} cards of the deck"
    if secret:
        text += f": hand {_cards(secret['hand'])}; deck {_cards(secret['deck_top'])}"
    return text + "."


def _end(e: Told) -> str:
    winners = e["result"]["winners"]
    return f"The game is over. Winner{'s' if len(winners) > 1 else ''}: {', '.join(map(e.who, winners))}."


WORDING: dict[str, Wording] = {
    "religion": lambda e: f"{e.me} takes {e['religion'].title()}.",
    "round": "Round {round} begins.",
    "turn": "{me}'s turn.",
    "draw": _draw,
    "reshuffle": "The discard is shuffled into a new deck of {count} cards.",
    "flip": _flip,
    "growth": _growth,
    "growth_lost": "No room is left: {me} loses {count} gained PC.",
    "place": lambda e: f"{e.me} places a PC in {_t(e['territory'])}.",
    "play": "",  # the pair or the negation that played the card says it
    "pair": lambda e: (
        f"{e.me} plays {card_name(e['event'])} with {card_name(e['magnitude'])} (X = {e['x']})."
    ),
    "opponent": lambda e: f"{e.me} names {e.who(e['opponent'])} as the opponent.",
    "bonus": "{me} uses the homeland bonus: X = {x}.",
    "negate": lambda e: f"{e.me} plays Zealots & Fanatics with {card_name(e['magnitude'])} to negate it.",
    "pass": "{me} lets it stand.",
    "negated": lambda e: f"{e.me}'s {card_name(e['event'])} is negated.",
    "resolve": lambda e: f"{card_name(e['event'])} takes effect (X = {e['x']}).",
    "add": lambda e: f"{e.me} adds a PC to {_t(e['territory'])}{_via(e)}.",
    "remove": lambda e: f"{e.me} removes a PC of {e.who(e['owner'])} from {_t(e['territory'])}{_via(e)}.",
    "replace": lambda e: f"{e.me} replaces a PC of {e.who(e['owner'])} in {_t(e['territory'])}{_via(e)}.",
    "move": lambda e: f"{e.me} moves a PC from {_t(e['from'])} to {_t(e['to'])}{_via(e)}.",
    "into": lambda e: f"{e.me} will move PC into {_t(e['territory'])}{_via(e)}.",
    "done": lambda e: f"{e.me} stops{_via(e)}.",
    "discard": _discard,
    "reformation": lambda e: (
        f"{e.who(e['opponent'])} may not play Event cards in the next {e['turns']} turn(s)."
    ),
    "mysticism": _mysticism,
    "barred": "Reformation: {me} may not play Event cards this turn.",
    "end_events": "{me} ends the Event phase.",
    "end": _end,
}


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


def _variant(variant: Json) -> str:
    """`territories_to_win=10, cards.theology=6`: the knobs as a designer gives them."""
    out: list[str] = []
    for name, value in variant.items():
        if isinstance(value, dict):
            out.extend(f"{name}.{k}={k_copies}" for k, k_copies in value.items())
        else:
            out.append(f"{name}={value}")
    return ", ".join(out)


def board_text(st: FaithsState, seat: int | None, names: Sequence[str]) -> str:
    v = view(st, seat)
    n = st.n
    lines = [f"Faiths — round {v['round']} of at most {v['max_rounds']}; {st.win} territories win"]
    if "variant" in v:
        lines.append(f"Variant: {_variant(v['variant'])}")
    for s in range(n):
        rel = v["religions"][s]
        who = f"{names[s]} ({rel.title() if rel else '?'})"
        bar = f", barred {v['bars'][s]} turn(s)" if v["bars"][s] else ""
        lines.append(
            f"  {who}: {plural(v['territories'][s], 'territory', 'territories')}, {v['pcs'][s]} PC, "
            f"{plural(v['hand_counts'][s], 'card', 'cards')}{bar}"
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
        f"Deck: {plural(v['deck'], 'card', 'cards')}. Discard: {plural(len(v['discard']), 'card', 'cards')}"
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
    if st.result is None:
        lines.append(f"To act: {', '.join(names[s] for s in to_act(st))} — {v['prompt']}")
    return "\n".join(lines)
