// Helpers shared by the game renderers: labels for fallback buttons, and grouping legal actions.

import { h } from "../dom.js";

/** A button label for a legal action: the renderer's words, else the action spelled out. */
export function actionLabel(renderer, action, c) {
  const own = renderer.label ? renderer.label(action, c) : null;
  if (own) return own;
  const [verb, ...args] = action.split(":");
  const word = verb.replace(/_/g, " ");
  return args.length ? `${word[0].toUpperCase()}${word.slice(1)}: ${args.join(" · ")}` : word[0].toUpperCase() + word.slice(1);
}

/** Legal actions by verb: {move: ["move:e1", ...], ...}. */
export function byVerb(legal) {
  const out = {};
  for (const a of legal) {
    const v = a.split(":")[0];
    (out[v] ||= []).push(a);
  }
  return out;
}

/** Actions whose first argument is `target` ("move:e1" for e1), for the verbs given. */
export function actionsOn(legal, verbs, target) {
  return legal.filter((a) => {
    const [v, t] = a.split(":");
    return verbs.includes(v) && t === target;
  });
}

/** A row of buttons for plain verbs (stay, skip, done, end, pass…) that a renderer shows itself. */
export function verbButtons(c, handled, items) {
  const out = [];
  for (const [action, label, cls] of items) {
    if (!c.legal.includes(action)) continue;
    handled.add(action);
    out.push(h("button", { class: ["action", cls || ""], dataset: { action }, onclick: () => c.act(action) }, label));
  }
  return out.length ? h("div", { class: "verb-buttons" }, out) : null;
}

/** The legal actions of one verb by their argument ("guru:tea" under "tea"), which the board places
 * itself (added to `handled`). */
export function offered(c, handled, verb) {
  const out = new Map(c.legal.filter((a) => a.startsWith(`${verb}:`)).map((a) => [a.slice(verb.length + 1), a]));
  for (const a of out.values()) handled.add(a);
  return out;
}

export function title(text) {
  return text.replace(/_/g, " ").replace(/\b\w/g, (m) => m.toUpperCase());
}

/** The latest log entry (newest first search) holding an event of one of these types. */
export function lastEvent(log, types) {
  for (let i = log.length - 1; i >= 0; i--) {
    const evs = log[i].events || [];
    for (let j = evs.length - 1; j >= 0; j--) if (types.includes(evs[j].type)) return { entry: log[i], event: evs[j] };
  }
  return null;
}
