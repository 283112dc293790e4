// The turn banner (#turn): whose turn it is and what to do (in the renderer's words), "Sending your
// move…", "Reconnecting…", "Game over", a notice about your seat; Take back and Kick the idle host.

import { h, clear } from "../dom.js";

/** "Kick <host> (idle for N s)" when the host keeps a player waiting too long, else null. */
export function hostIdleButton(ctl) {
  const idle = ctl.idleHost();
  if (!idle) return null;
  return h("button", { class: "small danger", onclick: () => ctl.kickHost() }, `Kick ${idle.name} (idle for ${Math.round(idle.ms / 1000)} s)`);
}

function undoButton(ctl) {
  if (!ctl.canTakeBack()) return null;
  return h("button", {
    class: "btn small undo",
    type: "button",
    title: "Take back your last move (Ctrl+Z), while nobody has moved since and it showed nothing hidden",
    onclick: () => ctl.takeBack(),
  }, "↶ Take back");
}

/** markTurn() marks whether the board waits on you (and returns it). */
export function turnBanner(box, ctl, markTurn) {
  const st = ctl.state;

  /** c: the renderer's context, or null before the first state. */
  function render(c) {
    const t = st.table;
    clear(box);
    box.className = "turn-banner";
    if (st.gone) {
      box.append("This table doesn't exist (any more).");
      return;
    }
    if (t.status === "open") {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    if (!c) {
      box.append("Loading the game…");
      return;
    }
    const mine = markTurn();
    const renderer = st.renderer;
    const info = renderer.prompt ? renderer.prompt(c, mine) : null;
    if (st.offline && !(c.result || t.status === "finished")) {
      box.append(h("strong", {}, "Reconnecting… "), "Moves resume when the connection is back.");
    } else if (c.result || t.status === "finished") {
      box.classList.add("over");
      box.append(h("strong", {}, "Game over. "), info?.over || "See the final ranking below.");
    } else if (mine) {
      box.classList.add("mine");
      box.append(h("strong", {}, "Your turn. "), info?.text || "Choose one of the highlighted moves.");
    } else {
      const who = c.toAct.map((s) => c.names[s]).join(", ");
      const myWait = st.busy ? "Sending your move… " : "";
      box.append(myWait, info?.waiting || (who ? `Waiting for ${who}…` : "Waiting…"));
      if (st.you.role === "watcher" && !st.notice) box.append(h("span", { class: "muted" }, " A bot plays your seat now; you are watching."));
    }
    if (st.notice && t.status !== "finished") {
      box.append(" ", h("span", { class: "notice" }, st.notice));
    }
    const undo = undoButton(ctl);
    if (undo) box.append(" ", undo);
    const idle = hostIdleButton(ctl);
    if (idle) box.append(" ", idle);
  }

  return { render };
}
