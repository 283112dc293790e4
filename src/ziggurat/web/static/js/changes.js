// What changed since you last looked. Renderers tag the things of a game with data-key (a stable
// identity: "prophet:2"), data-sig (what it shows: a count, an owner) and data-at (where it stands).
// After each redraw the table hands the board to update(): things that are new or show something else
// get a ring that fades, things that vanished from a drawn (SVG) board leave a fading ghost where they
// were (a list of cards closes up instead), and things that stand elsewhere slide there (FLIP: drawn at
// the old spot, then a ~300 ms transition to the new one).
// While the tab is hidden the baseline stays put, so coming back shows all that happened meanwhile.
// Your own moves slide but are not highlighted: you know what you did.

const FRESH_MS = 4000; // how long a ring or a ghost stays
const MOVE_MS = 300;
const SVG_NS = "http://www.w3.org/2000/svg";
// a ghost is a picture of what was there: nothing in it may be clicked, focused or found as a thing
// (these and every data-* attribute go)
const STRIP = ["role", "tabindex", "aria-label", "id", "style"];

const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
const isHidden = () => document.visibilityState === "hidden";

/** Tracks the keyed things drawn inside root (the board area) from one redraw to the next. */
export function changeTracker(root) {
  let seen = null; // key → entry: what the viewer last looked at
  let last = null; // key → entry: the previous redraw, looked at or not
  const marks = new Map(); // key → {kind: "new" | "changed" | "moved", at}
  let ghosts = []; // {entry, at}
  const flights = new Map(); // key → {from: centre, end: time}: slides still under way
  let timer = null;

  function keyed() {
    return [...root.querySelectorAll("[data-key]")].filter((e) => !e.closest(".follow-ghost"));
  }

  /** b: the root's rectangle (read once a pass: a board has hundreds of keyed things). */
  function box(e, b = root.getBoundingClientRect()) {
    const r = e.getBoundingClientRect();
    return { x: r.left - b.left, y: r.top - b.top, w: r.width, h: r.height, cx: r.left - b.left + r.width / 2, cy: r.top - b.top + r.height / 2 };
  }

  /** Where each keyed thing is drawn now (mid-slide too): taken just before a redraw replaces them. */
  function measure() {
    const out = new Map();
    const b = root.getBoundingClientRect();
    for (const e of keyed()) if (!out.has(e.dataset.key)) out.set(e.dataset.key, box(e, b));
    return out;
  }

  function collect() {
    const out = new Map();
    const b = root.getBoundingClientRect();
    // the parent's frame in the svg's own units: a ghost drawn there lands where the thing was
    // (the things of a board share a few parents: each frame is worked out once a pass)
    const frames = new Map();
    const frameOf = (svg, parent) => {
      if (!frames.has(parent)) {
        const [outer, inner] = [svg.getScreenCTM(), parent.getScreenCTM()];
        const m = outer && inner ? outer.inverse().multiply(inner) : null; // none when not drawn
        frames.set(parent, m ? [m.a, m.b, m.c, m.d, m.e, m.f] : null);
      }
      return frames.get(parent);
    };
    for (const e of keyed()) {
      const key = e.dataset.key;
      if (out.has(key)) continue;
      const svg = e.ownerSVGElement;
      const rel = svg ? frameOf(svg, e.parentNode) : null;
      out.set(key, { el: e, sig: e.dataset.sig ?? "", at: e.dataset.at ?? "", box: box(e, b), svg: svg ? svg.classList[0] : null, rel });
    }
    return out;
  }

  function compare(before, now, from, t, quiet) {
    for (const [key, e] of now) {
      const b = before.get(key);
      if (!b) {
        if (!quiet) marks.set(key, { kind: "new", at: t });
        continue;
      }
      const moved = b.at !== e.at;
      if (moved) flights.set(key, { from: from?.get(key) || b.box, end: t + MOVE_MS, fresh: true });
      if (!quiet && (moved || b.sig !== e.sig)) marks.set(key, { kind: moved ? "moved" : "changed", at: t });
    }
    for (const [key, b] of before) {
      if (now.has(key)) continue;
      marks.delete(key);
      // only on a drawn board: a list of cards closes up, and its old spot shows something else
      if (!quiet && b.svg) ghosts.push({ entry: b, at: t });
    }
  }

  /** Your own changes made while away are taken into the baseline: only the others' are news. */
  function absorb(prev, now) {
    for (const [key, e] of now) {
      const p = prev.get(key);
      if (!p || p.sig !== e.sig || p.at !== e.at) seen.set(key, e);
    }
    for (const key of prev.keys()) if (!now.has(key)) seen.delete(key);
  }

  function slide(e, from, ms) {
    const to = box(e);
    const [dx, dy] = [from.cx - to.cx, from.cy - to.cy];
    if (Math.hypot(dx, dy) < 1) return;
    let start;
    let end;
    if (e.ownerSVGElement) {
      // CSS transform replaces the transform attribute: carry it along, and move in the parent's units
      const ctm = e.parentNode.getScreenCTM();
      if (!ctm) return;
      const inv = ctm.inverse();
      const [ux, uy] = [inv.a * dx + inv.c * dy, inv.b * dx + inv.d * dy];
      const m = e.transform.baseVal.consolidate()?.matrix;
      const base = m ? `matrix(${m.a},${m.b},${m.c},${m.d},${m.e},${m.f})` : "matrix(1,0,0,1,0,0)";
      [start, end] = [`translate(${ux}px,${uy}px) ${base}`, `translate(0px,0px) ${base}`];
    } else {
      [start, end] = [`translate(${dx}px,${dy}px)`, "translate(0px,0px)"];
    }
    e.dataset.moving = "";
    e.style.transition = "none";
    e.style.transform = start;
    e.getBoundingClientRect(); // the start is drawn before the transition begins
    e.style.transition = `transform ${ms}ms ease-in-out`;
    e.style.transform = end;
    setTimeout(() => {
      e.style.removeProperty("transform");
      e.style.removeProperty("transition");
      delete e.dataset.moving;
    }, ms + 20);
  }

  function slideAll(now, from, t) {
    for (const [key, f] of flights) {
      const e = now.get(key)?.el;
      const left = f.end - t;
      if (!e || left <= 0 || reducedMotion()) {
        flights.delete(key);
        continue;
      }
      // a slide under way when the board is redrawn goes on from where it is drawn now
      const at = f.fresh ? f.from : from?.get(key) || f.from;
      f.fresh = false;
      slide(e, at, f.end - t);
    }
  }

  function ring(e, cls) {
    const bb = e.getBBox();
    const pad = Math.max(bb.width, bb.height) * 0.12 + 3;
    const [w, hgt] = [bb.width + 2 * pad, bb.height + 2 * pad];
    const g = document.createElementNS(SVG_NS, "g");
    g.setAttribute("class", cls);
    g.setAttribute("aria-hidden", "true");
    for (const part of ["ring-out", "ring-in"]) {
      const r = document.createElementNS(SVG_NS, "rect");
      const attrs = { class: part, x: bb.x - pad, y: bb.y - pad, width: w, height: hgt, rx: Math.min(w, hgt) / 2, "vector-effect": "non-scaling-stroke" };
      for (const [k, v] of Object.entries(attrs)) r.setAttribute(k, v);
      g.append(r);
    }
    return g;
  }

  function ghostOf({ entry }, age) {
    const copy = entry.el.cloneNode(true);
    for (const x of [copy, ...copy.querySelectorAll("*")]) {
      for (const a of [...x.attributes]) if (a.name.startsWith("data-") || STRIP.includes(a.name)) x.removeAttribute(a.name);
      x.classList?.remove("target");
    }
    copy.querySelectorAll("title, .fresh-ring").forEach((x) => x.remove());
    const svg = root.querySelector(`svg.${entry.svg}`);
    if (!svg || !entry.rel) return;
    const g = document.createElementNS(SVG_NS, "g");
    g.setAttribute("class", "follow-ghost");
    g.setAttribute("aria-hidden", "true");
    g.setAttribute("transform", `matrix(${entry.rel.join(",")})`);
    g.style.animationDelay = `${-age}ms`; // (CSSOM: the CSP refuses style attributes)
    g.append(copy);
    svg.append(g);
    copy.append(ring(copy, "ghost-ring"));
  }

  /** Draws the rings and ghosts still due on the board as it is now (a redraw makes new elements). */
  function paint() {
    const t = performance.now();
    root.querySelectorAll(".follow-ghost").forEach((g) => g.remove());
    root.querySelectorAll("[data-fresh]").forEach((e) => {
      delete e.dataset.fresh;
      e.style.removeProperty("--fresh-age");
      e.querySelectorAll(":scope > .fresh-ring").forEach((r) => r.remove());
    });
    let next = Infinity;
    for (const [key, m] of marks) {
      const age = t - m.at;
      if (age >= FRESH_MS) {
        marks.delete(key);
        continue;
      }
      next = Math.min(next, FRESH_MS - age);
      const e = root.querySelector(`[data-key="${CSS.escape(key)}"]`);
      if (!e) continue;
      e.dataset.fresh = m.kind;
      e.style.setProperty("--fresh-age", `${-age}ms`);
      if (e.ownerSVGElement) {
        const r = ring(e, "fresh-ring");
        r.style.animationDelay = `${-age}ms`;
        e.append(r);
      }
    }
    ghosts = ghosts.filter((g) => t - g.at < FRESH_MS);
    for (const g of ghosts) {
      next = Math.min(next, FRESH_MS - (t - g.at));
      ghostOf(g, t - g.at);
    }
    clearTimeout(timer);
    if (next < Infinity) timer = setTimeout(paint, next + 20);
  }

  /** After a redraw of the board: snap is what measure() gave just before it; quiet: your own move. */
  function update(snap, { quiet = false } = {}) {
    const t = performance.now();
    const now = collect();
    const prev = last;
    last = now;
    if (isHidden()) {
      if (seen && prev && quiet) absorb(prev, now);
    } else {
      if (seen) compare(seen, now, snap, t, quiet);
      seen = now;
      slideAll(now, snap, t);
    }
    paint();
  }

  // Back to the tab: what changed while it was hidden, all at once.
  function onVisibility() {
    if (isHidden() || !last) return;
    if (!seen) {
      seen = last;
      return;
    }
    const t = performance.now();
    const now = collect();
    compare(seen, now, null, t, false);
    seen = last = now;
    slideAll(now, null, t);
    paint();
  }
  document.addEventListener("visibilitychange", onVisibility);

  return {
    measure,
    update,
    stop: () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    },
  };
}
