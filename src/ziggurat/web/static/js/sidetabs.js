// The log and the chat: one above the other in the right column of a wide window, two tabs where the
// columns stack (a phone), so that neither pushes the other a screen further down. The tab roles are
// set only while the tabs show: on a laptop the panels are plain sections.

import { h } from "./dom.js";

const NARROW = "(max-width: 980px)"; // css/app.css stacks the columns at this width

/** tabs: [{name, label, panel}]; onShow(name) when a panel comes into view by its tab. */
export function sideTabs(tabs, { onShow } = {}) {
  const media = window.matchMedia(NARROW);
  let current = tabs[0].name;
  const buttons = new Map();

  const list = h("div", { class: "side-tabs", role: "tablist", "aria-label": "Log and chat" });
  for (const t of tabs) {
    t.panel.id ||= `panel-${t.name}`;
    const b = h(
      "button",
      {
        type: "button",
        id: `tab-${t.name}`,
        class: "side-tab",
        role: "tab",
        "aria-controls": t.panel.id,
        onclick: () => select(t.name, true),
        onkeydown: (e) => {
          const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
          if (!step) return;
          e.preventDefault();
          const i = tabs.findIndex((x) => x.name === t.name);
          const next = tabs[(i + step + tabs.length) % tabs.length].name;
          select(next, true);
          buttons.get(next).focus();
        },
      },
      t.label,
      h("span", { class: "tab-count", hidden: true }),
    );
    buttons.set(t.name, b);
    list.append(b);
  }
  const el = h("div", { class: "side-talk" }, list, ...tabs.map((t) => t.panel));

  function apply() {
    const narrow = media.matches;
    list.hidden = !narrow;
    for (const t of tabs) {
      const on = t.name === current;
      const b = buttons.get(t.name);
      b.setAttribute("aria-selected", String(on));
      b.tabIndex = on ? 0 : -1;
      t.panel.hidden = narrow && !on;
      if (narrow) {
        t.panel.setAttribute("role", "tabpanel");
        t.panel.setAttribute("aria-labelledby", b.id);
      } else {
        t.panel.removeAttribute("role");
        t.panel.removeAttribute("aria-labelledby");
      }
    }
  }

  function select(name, byHand = false) {
    current = name;
    apply();
    if (byHand) onShow?.(name);
  }

  /** A number on a tab (unread messages); 0 takes it away. */
  function count(name, n) {
    const badge = buttons.get(name).querySelector(".tab-count");
    badge.hidden = !n;
    if (n) badge.replaceChildren(h("span", { class: "sr-only" }, ", unread: "), String(n));
    else badge.replaceChildren();
  }

  /** Whether this panel can be seen now (both can on a wide window). */
  function shown(name) {
    return !media.matches || current === name;
  }

  const onChange = () => {
    apply();
    for (const t of tabs) if (shown(t.name)) onShow?.(t.name);
  };
  media.addEventListener("change", onChange);
  apply();

  return { el, select, count, shown, stop: () => media.removeEventListener("change", onChange) };
}
