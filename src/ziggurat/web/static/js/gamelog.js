// The game log in words: each accepted action's sentences (the server's `text`), newest last, grouped
// by round ("Round N begins." opens a group a reader can fold away; what comes before is the set-up).

import { h, clear } from "./dom.js";

const ROUND = /^Round (\d+) begins/;

export function renderLog(box, entries, names, colours) {
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  const folded = new Set([...box.querySelectorAll("details.log-group:not([open])")].map((d) => d.dataset.round));
  clear(box);
  const list = h("ol", { class: "log-list" });
  let group = list; // lines go here: the list itself until the first round begins
  for (const e of entries) {
    (e.text || []).forEach((line, i) => {
      if (!line) return;
      const round = ROUND.exec(line);
      if (round) {
        group = h("ol", { class: "log-list" });
        const summary = h("summary", { class: "log-line log-round", dataset: { version: e.version, seat: "" } }, line);
        const details = h("details", { class: "log-group", dataset: { round: round[1] } }, summary, group);
        details.open = !folded.has(round[1]);
        list.append(h("li", {}, details));
        return;
      }
      // The dot is the seat of the line's own event (text[i] words events[i]): a tally, a proliferation
      // or a new round belongs to nobody, and a Zombology pass to its passer, not to whoever acted last.
      const ev = (e.events || [])[i];
      const seat = ev ? ev.seat : e.seat;
      const li = h("li", { class: "log-line", dataset: { version: e.version, seat: Number.isInteger(seat) ? seat : "" } });
      if (Number.isInteger(seat) && colours[seat]) {
        li.append(h("span", { class: "log-dot", style: `background:${colours[seat]}`, "aria-hidden": "true" }));
      }
      li.append(line);
      group.append(li);
    });
  }
  if (!list.querySelector(".log-line")) list.append(h("li", { class: "log-line muted" }, "Nothing has happened yet."));
  box.append(list);
  if (atBottom || box.dataset.first !== "no") {
    box.scrollTop = box.scrollHeight;
    box.dataset.first = "no";
  }
}
