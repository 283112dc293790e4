// The game log in words: each accepted action's sentences (the server's `text`), newest last.

import { h, clear } from "./dom.js";

export function renderLog(box, entries, names, colours) {
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  clear(box);
  const list = h("ol", { class: "log-list" });
  for (const e of entries) {
    for (const line of e.text || []) {
      if (!line) continue;
      const isRound = /^Round \d+ begins/.test(line);
      const li = h("li", { class: ["log-line", isRound && "log-round"], dataset: { version: e.version } });
      if (e.seat !== null && e.seat !== undefined && colours[e.seat]) {
        li.append(h("span", { class: "log-dot", style: `background:${colours[e.seat]}`, "aria-hidden": "true" }));
      }
      li.append(line);
      list.append(li);
    }
  }
  if (!list.children.length) list.append(h("li", { class: "log-line muted" }, "Nothing has happened yet."));
  box.append(list);
  if (atBottom || box.dataset.first !== "no") {
    box.scrollTop = box.scrollHeight;
    box.dataset.first = "no";
  }
}
