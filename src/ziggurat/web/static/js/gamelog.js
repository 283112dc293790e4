// The game log in words: each accepted action's sentences (the server's `text`), newest last.

import { h, clear } from "./dom.js";

export function renderLog(box, entries, names, colours) {
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  clear(box);
  const list = h("ol", { class: "log-list" });
  for (const e of entries) {
    (e.text || []).forEach((line, i) => {
      if (!line) return;
      const isRound = /^Round \d+ begins/.test(line);
      // The dot is the seat of the line's own event (text[i] words events[i]): a tally, a proliferation
      // or a new round belongs to nobody, and a Zombology pass to its passer, not to whoever acted last.
      const ev = (e.events || [])[i];
      const seat = ev ? ev.seat : e.seat;
      const li = h("li", { class: ["log-line", isRound && "log-round"], dataset: { version: e.version, seat: Number.isInteger(seat) ? seat : "" } });
      if (Number.isInteger(seat) && colours[seat]) {
        li.append(h("span", { class: "log-dot", style: `background:${colours[seat]}`, "aria-hidden": "true" }));
      }
      li.append(line);
      list.append(li);
    });
  }
  if (!list.children.length) list.append(h("li", { class: "log-line muted" }, "Nothing has happened yet."));
  box.append(list);
  if (atBottom || box.dataset.first !== "no") {
    box.scrollTop = box.scrollHeight;
    box.dataset.first = "no";
  }
}
