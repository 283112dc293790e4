// "Since your last turn": when the game comes back to you, what the others did since your last action,
// next to the prompt, in the log's own lines (this viewer's text, so nothing hidden and no second
// wording), with a short form for screen readers. It goes away once you act (nothing is left since your
// last action) or dismiss it; there is none before your first action, nor when nothing happened.

import { h, clear } from "./dom.js";
import { swatch } from "./colors.js";

const SHOWN = 6; // at most so many lines in the strip, and about so many characters (two or three
const LETTERS = 260; // rows on a laptop); the rest are "and N more", in the log
const SPOKEN = 2; // lines in the screen readers' short form
const ROUND = /^Round \d+ begins/;

/** What happened since this seat's last action still standing (a move taken back doesn't count):
 * {anchor: that action's version, lines: [{line, seat, version}]}, or null before its first action. */
export function sinceLastAction(entries, seat) {
  const standing = [];
  entries.forEach((e, i) => {
    if (!e.version) return;
    if ((e.events || [])[0]?.type === "undo") standing.pop();
    else standing.push(i);
  });
  const mine = standing.filter((i) => entries[i].seat === seat);
  if (!mine.length) return null;
  const from = mine[mine.length - 1];
  const lines = [];
  for (const i of standing.filter((j) => j > from)) {
    const e = entries[i];
    (e.text || []).forEach((line, k) => {
      // the seat of the line's own event, as the log's dot (a new round or a tally is nobody's)
      const ev = (e.events || [])[k];
      const who = ev ? ev.seat : e.seat;
      if (line) lines.push({ line, seat: Number.isInteger(who) ? who : null, version: e.version });
    });
  }
  return { anchor: entries[from].version, lines };
}

/** The panel (el, placed by the table page under the prompt) and update(), called on every redraw. */
export function sinceSummary({ log, announce, focusAfter }) {
  const el = h("section", { id: "since", class: "since", hidden: true, "aria-label": "Since your last turn" });
  let drawn = null; // what the panel shows now (its anchor and line count), not to redraw it for nothing
  let dismissed = null; // the anchor the player dismissed: hidden until they act again
  let asked = false; // this seat was asked at the last redraw
  let open = null; // the anchor the strip opened for as the game came back to this seat
  let spoken = null; // the anchor already announced

  function hide() {
    el.hidden = true;
    drawn = null;
  }

  // The log's line for this one (its version and words), in its round opened, brought into view.
  function showInLog(item) {
    const line = [...log.querySelectorAll(`.log-line[data-version="${item.version}"]`)]
      .find((li) => li.textContent === item.line);
    const group = line?.closest("details");
    if (group && !group.open && line.tagName !== "SUMMARY") group.open = true;
    (line || log).scrollIntoView({ block: "nearest" });
    log.focus({ preventScroll: true });
  }

  function draw(since, colours, key) {
    let letters = 0;
    const shown = since.lines
      .slice(0, SHOWN)
      .filter((x, i) => (letters += x.line.length) <= LETTERS || i === 0); // the first one always
    const more = since.lines.length - shown.length;
    clear(el).append(
      h(
        "div",
        { class: "since-body" },
        h("strong", { class: "since-title" }, "Since your last turn: "),
        h(
          "ol",
          { class: "since-lines" },
          shown.map((x) =>
            h(
              "li",
              { class: ROUND.test(x.line) ? "since-round" : null, dataset: { seat: x.seat ?? "" } },
              x.seat !== null && colours[x.seat] ? swatch(x.seat, colours[x.seat]) : null,
              x.line,
            ),
          ),
        ),
        more
          ? h(
              "button",
              { type: "button", class: "since-more", onclick: () => showInLog(since.lines[shown.length]) },
              `and ${more} more in the log`,
            )
          : null,
      ),
      h(
        "button",
        {
          type: "button",
          class: "since-close",
          "aria-label": "Dismiss the summary since your last turn",
          title: "Dismiss",
          onclick: () => {
            dismissed = since.anchor;
            hide();
            focusAfter?.focus({ preventScroll: true });
          },
        },
        "×",
      ),
    );
    drawn = key;
  }

  // Screen readers: the first lines and how many more; after the table page has announced the message's
  // own new lines (the same task), so that this comes last.
  function speak(lines) {
    const more = lines.length - SPOKEN;
    const words = lines.slice(0, SPOKEN).map((x) => x.line).join(" ");
    queueMicrotask(() => {
      const rest = more > 0 ? ` And ${more} more in the game log.` : "";
      announce.append(h("p", {}, `Since your last turn: ${words}${rest}`));
      while (announce.children.length > 12) announce.firstChild.remove();
    });
  }

  /** mine: this seat is asked now; entries: the log as this viewer has it. */
  function update({ entries, seat, mine, colours }) {
    const since = mine && seat !== null ? sinceLastAction(entries, seat) : null;
    // It opens only as the game comes back to you, never in the middle of a decision (the page would
    // jump under the pointer, e.g. as the others make a secret choice alongside you); once open, it
    // keeps up with what else happens until you act.
    if (mine && !asked) open = since?.lines.length ? since.anchor : null;
    asked = mine;
    if (!since || since.anchor !== open || since.anchor === dismissed) {
      hide();
      return;
    }
    const key = `${since.anchor}:${since.lines.length}`;
    if (key !== drawn) draw(since, colours || [], key);
    el.hidden = false;
    if (spoken !== since.anchor) {
      spoken = since.anchor;
      speak(since.lines);
    }
  }

  return { el, update };
}
