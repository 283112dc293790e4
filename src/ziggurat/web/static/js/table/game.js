// The game panel: the board (drawn by the game's renderer), a button for every legal move the board
// doesn't place itself ("More moves"), the final ranking with "Play again", and the phones' tab to the
// hand. Arrow keys move between the board's targets.

import { h, clear } from "../dom.js";
import { actionLabel } from "../games/common.js";
import { renderResult } from "../result.js";
import { rematchBox } from "../rematch.js";
import { account } from "../account.js";

/** el: {board, other, result, handTab}; isMine() marks whether the board waits on you (and says so). */
export function gamePanel(el, ctl, isMine) {
  const st = ctl.state;

  // Arrow keys move between the board's targets (Tab works too); Enter or Space chooses (dom.js clickable).
  el.board.addEventListener("keydown", (e) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (!step || e.altKey || e.ctrlKey || e.metaKey) return;
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
    const targets = [...el.board.querySelectorAll('[role="button"][tabindex="0"]')];
    if (!targets.length) return;
    const i = targets.indexOf(document.activeElement);
    const next = i < 0 ? (step > 0 ? 0 : targets.length - 1) : (i + step + targets.length) % targets.length;
    e.preventDefault();
    targets[next].focus();
  });

  /** Draws the game; returns the renderer's context, or null while there is no game to draw. */
  function render() {
    // where each panned board (.pan, phones) was scrolled to, to keep it across redraws
    const pans = [...el.board.querySelectorAll(".pan")].map((p) => [p.scrollLeft, p.scrollTop]);
    clear(el.board);
    clear(el.other);
    clear(el.result);
    if (!st.msg || st.table.status === "open") return null;
    const renderer = st.renderer;
    const c = ctl.ctx();
    let out;
    try {
      out = renderer.render(c);
    } catch (err) {
      console.error(err);
      out = { board: h("p", { class: "error" }, "This board could not be drawn; the moves are below."), handled: new Set() };
    }
    el.board.append(out.board);
    el.board.querySelectorAll(".pan").forEach((p, i) => {
      if (pans[i]) [p.scrollLeft, p.scrollTop] = pans[i];
      else if (p.scrollWidth > p.clientWidth) p.scrollLeft = (p.scrollWidth - p.clientWidth) / 2;
    });
    const rest = c.legal.filter((a) => !out.handled.has(a));
    if (rest.length) {
      el.other.append(
        h("h3", {}, out.handled.size ? "More moves" : "Your moves"),
        h(
          "div",
          { class: "action-buttons" },
          rest.map((a) =>
            h("button", { class: "action", dataset: { action: a }, onclick: () => ctl.act(a) }, actionLabel(renderer, a, c)),
          ),
        ),
      );
    }
    if (c.result) {
      el.result.append(renderResult(c, renderer));
      const again = st.table.status === "finished"
        ? rematchBox({ tableId: ctl.tableId, table: st.table, you: st.you, token: ctl.token(), signedIn: account().signed_in, offer: st.offer, rerender: c.rerender })
        : null;
      if (again) el.result.append(again);
    }
    const hand = el.board.querySelector(".hand");
    el.handTab.hidden = !hand || !!c.result;
    const cards = hand ? hand.querySelectorAll(".card").length : 0;
    el.handTab.textContent = cards ? `Your hand (${cards})` : "Your hand";
    el.handTab.dataset.mine = isMine() ? "true" : "false";
    return c;
  }

  return { render };
}
