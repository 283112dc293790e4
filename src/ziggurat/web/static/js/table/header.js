// The table's header: back to the lobby, the table's name, status, rated or friendly, options and
// clock, who you are here; the share link, Leave, and the account corner.

import { h, clear, toast, copyText } from "../dom.js";
import { accountBar } from "../accountbar.js";
import { clockText } from "../clock.js";

const STATUS = { open: "Waiting for players", running: "Playing", finished: "Finished" };

export function tableHeader(box, ctl) {
  const st = ctl.state;

  async function leave() {
    if (!ctl.canLeave()) return;
    const running = st.table?.status === "running";
    if (running && !confirm("Leave the game? The host may then hand your seat to a bot.")) return;
    if (await ctl.leave()) location.hash = "#/";
  }

  function render() {
    const t = st.table;
    const link = `${location.origin}/#/table/${ctl.tableId}`;
    const linkInput = h("input", { class: "share-input", value: link, readonly: true, "aria-label": "Share link" });
    const role =
      st.you.role === "player"
        ? `You are seat ${st.you.seat + 1}${st.you.host ? " · host" : ""}`
        : st.you.role === "watcher"
          ? "Watching (a bot plays your seat)"
          : "Watching";
    clear(box).append(
      h("a", { href: "#/", class: "back", "aria-label": "Back to the lobby" }, "← Lobby"),
      h(
        "div",
        { class: "title-block" },
        h("h1", {}, t.name, " ", h("span", { class: "table-id" }, `table ${t.id}`)),
        h(
          "div",
          { class: "subtitle" },
          h("span", { class: ["pill", `pill-${t.status}`] }, STATUS[t.status]),
          " ",
          t.rated
            ? h("span", { class: "pill pill-rated", id: "table-rated", title: "The result moves the players' ratings" }, "Rated")
            : h("span", { class: "pill pill-friendly", id: "table-rated", title: "The result moves no rating" }, "Friendly"),
          " ",
          optionsText(t, st.gameInfo, st.renderer),
          " · ",
          h("span", { class: "role" }, role),
        ),
      ),
      h(
        "div",
        { class: "head-tools" },
        linkInput,
        h(
          "button",
          {
            class: "small",
            onclick: async () => toast((await copyText(link, linkInput)) ? "Link copied." : "Copy the link from the box.", "good", 2000),
          },
          "Copy link",
        ),
        st.you.role === "player" && t.status !== "finished"
          ? h("button", { class: "small ghost", onclick: leave }, "Leave")
          : null,
        accountBar(),
      ),
    );
  }

  return { render };
}

// Players, clock, the options in the renderer's words, and a variant's rule changes.
function optionsText(t, gameInfo, renderer) {
  const parts = [`${t.players} players`];
  if (t.clock) parts.push(clockText(t.clock));
  const spec = gameInfo?.options || {};
  const changed = []; // a variant's rule changes, named; the printed ones are not mentioned
  for (const [k, v] of Object.entries(t.options || {})) {
    const s = spec[k];
    if (s?.variant) {
      if (s.type === "counts") for (const [id, n] of Object.entries(v || {})) changed.push(`${id.replace(/_/g, " ")} ×${n}`);
      else if (v !== s.default) changed.push(`${k.replace(/_/g, " ")} ${v}`);
      continue;
    }
    const label = renderer?.optionText ? renderer.optionText(k, v) : `${k}: ${v}`;
    if (label) parts.push(label);
  }
  if (changed.length) parts.push(`Variant: ${changed.join(", ")}`);
  return parts.join(" · ");
}
