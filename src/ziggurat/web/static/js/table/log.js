// The game's words: the log (#log, grouped by round), "Since your last turn" under the prompt, and the
// live region (#announce) where screen readers hear the other players' moves as they come.

import { h, clear } from "../dom.js";
import { renderLog } from "../gamelog.js";
import { sinceSummary } from "../summary.js";

const ANNOUNCED = 12; // the live region keeps the last few lines (a screen reader reads additions only)

/** el: {log, announce, board}: the board takes the focus after "Since your last turn" is dismissed. */
export function gameLog(el, ctl) {
  const st = ctl.state;
  const since = sinceSummary({ log: el.log, announce: el.announce, focusAfter: el.board });

  /** One line for screen readers. */
  function say(text) {
    el.announce.append(h("p", {}, text));
  }

  // The new log lines of the other players (and of nobody: a new round, a tally) into the live region.
  function announce(entries) {
    const me = ctl.mySeat();
    for (const e of entries) {
      (e.text || []).forEach((line, i) => {
        const ev = (e.events || [])[i];
        const seat = ev && Number.isInteger(ev.seat) ? ev.seat : e.seat;
        if (!line || (me !== null && seat === me)) return;
        say(line);
      });
    }
    while (el.announce.children.length > ANNOUNCED) el.announce.firstChild.remove();
  }

  /** c: the renderer's context (null: no game drawn); colours: the seats' colours; mine: your turn. */
  function render(c, colours, mine) {
    if (c) {
      if (el.log.dataset.count !== String(st.log.length)) {
        renderLog(el.log, st.log, c.names, colours);
        el.log.dataset.count = String(st.log.length);
      }
      since.update({ entries: st.log, seat: ctl.mySeat(), mine, colours });
    } else if (st.table.status === "open") {
      clear(el.log).append(h("p", { class: "muted" }, "The log starts when the game does."));
      el.log.dataset.count = "";
    }
  }

  return { since: since.el, say, announce, render };
}
