// Every state redraws the page, which would drop the focus on <body>: the focused element is found
// again by a stable key (its board target, action, label…) and focused; when it is gone (the target
// just played), the board takes the focus, so that Tab reaches its next target. A part that scrolls
// (the fitted columns, a panned board) can be scrolled with the keyboard: when nothing inside it takes
// the focus, it does itself (and stops when it no longer scrolls).

const FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]";
const SVG_NS = "http://www.w3.org/2000/svg";
const TABBABLE = "a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex=\"-1\"])";

function focusKey(e) {
  const d = e.dataset || {};
  const what = d.space || d.tile || d.territory || d.action || d.card || d.suit || e.id
    || e.getAttribute("aria-label") || e.getAttribute("name") || e.textContent.trim().slice(0, 60);
  return `${e.tagName}|${e.getAttribute("role") || ""}|${e.getAttribute("class") || ""}|${what}`;
}

/** page: the table page; board: what takes the focus instead; inBoard: the parts whose focus goes there. */
export function keepFocus(page, board, inBoard) {
  function capture() {
    const a = document.activeElement;
    if (!a || a === document.body || !page.contains(a)) return null;
    return { key: focusKey(a), inBoard: inBoard.some((p) => p.contains(a)), el: a };
  }

  function restore(saved) {
    if (!saved) return;
    const a = document.activeElement;
    if (a && a !== document.body && page.contains(a)) return; // still focused (not redrawn)
    if (page.contains(saved.el)) {
      saved.el.focus({ preventScroll: true });
      return;
    }
    const again = [...page.querySelectorAll(FOCUSABLE)].find((x) => focusKey(x) === saved.key);
    if (again) again.focus({ preventScroll: true });
    if (document.activeElement === again && again) return;
    if (saved.inBoard) board.focus({ preventScroll: true });
  }

  // the page's boxes, leaving out what is drawn inside an <svg> (a board's hundreds of shapes, which
  // never scroll): this runs after every redraw
  function boxes() {
    const out = [];
    const walk = document.createTreeWalker(page, NodeFilter.SHOW_ELEMENT, {
      acceptNode: (n) => (n.namespaceURI === SVG_NS ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    for (let e = walk.nextNode(); e; e = walk.nextNode()) out.push(e);
    return out;
  }

  function scrollersFocusable() {
    for (const e of boxes()) {
      const scrolls = (e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1)
        && /(auto|scroll)/.test(getComputedStyle(e).overflow);
      const added = e.dataset.scrollFocus === "1";
      if (scrolls && !added && !e.hasAttribute("tabindex") && !e.querySelector(TABBABLE)) {
        e.setAttribute("tabindex", "0");
        e.dataset.scrollFocus = "1";
      } else if (!scrolls && added) {
        e.removeAttribute("tabindex");
        delete e.dataset.scrollFocus;
      }
    }
  }

  window.addEventListener("resize", scrollersFocusable);

  /** Runs draw() keeping the focus where it was. */
  function around(draw) {
    const saved = capture();
    draw();
    scrollersFocusable();
    restore(saved);
  }

  return { capture, restore, around, stop: () => window.removeEventListener("resize", scrollersFocusable) };
}
