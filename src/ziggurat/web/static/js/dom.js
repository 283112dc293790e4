// Small DOM helpers: element builders for HTML and SVG, toasts, and a pop-up chooser.

const SVG_NS = "http://www.w3.org/2000/svg";

function apply(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.setAttribute("class", Array.isArray(v) ? v.filter(Boolean).join(" ") : v);
    else if (k === "text") el.textContent = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "style") el.style.cssText = v; // (through CSSOM: the site's CSP refuses style attributes)
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of [children].flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** h("button", {class: "x", onclick}, "Label") — an HTML element. */
export function h(tag, attrs = {}, ...children) {
  return apply(document.createElement(tag), attrs, children);
}

/** s("circle", {cx, cy, r}) — an SVG element. */
export function s(tag, attrs = {}, ...children) {
  return apply(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Make an element (HTML or SVG) act as a button for mouse, keyboard and screen readers. */
export function clickable(el, label, onActivate) {
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.setAttribute("aria-label", label);
  el.addEventListener("click", (e) => {
    e.stopPropagation();
    onActivate(e);
  });
  el.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      onActivate(e);
    }
  });
  return el;
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

/** A one-field form's refusal: said in `error` (role=alert), marked on `input`, which gets the focus. */
export function fieldError(input, error) {
  return {
    refuse(text) {
      error.textContent = text;
      input.setAttribute("aria-invalid", "true");
      input.focus();
    },
    clear() {
      error.textContent = "";
      input.removeAttribute("aria-invalid");
    },
  };
}

let toastBox = null;

/** A short message at the bottom of the screen; kind is "error", "info" or "good". */
export function toast(message, kind = "info", ms = 5000) {
  if (!toastBox) {
    toastBox = h("div", { class: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(toastBox);
  }
  const t = h("div", { class: ["toast", kind], role: kind === "error" ? "alert" : null }, message);
  const close = () => t.remove();
  t.append(h("button", { class: "toast-close", "aria-label": "Dismiss", onclick: close }, "×"));
  toastBox.append(t);
  setTimeout(close, ms);
  return t;
}

let openChooser = null;

export function closeChooser() {
  if (openChooser) openChooser.remove();
  openChooser = null;
}

/** A small menu next to the click: choices are [{label, onpick}]. */
export function chooser(event, title, choices) {
  closeChooser();
  const menu = h(
    "div",
    { class: "chooser", role: "menu", "aria-label": title },
    h("div", { class: "chooser-title" }, title),
    choices.map((c) =>
      h(
        "button",
        {
          role: "menuitem",
          class: "chooser-item",
          onclick: (e) => {
            e.stopPropagation();
            closeChooser();
            c.onpick();
          },
        },
        c.label,
      ),
    ),
    h("button", { class: "chooser-cancel", onclick: closeChooser }, "Cancel"),
  );
  document.body.append(menu);
  const x = event && event.clientX !== undefined ? event.clientX : window.innerWidth / 2;
  const y = event && event.clientY !== undefined ? event.clientY : window.innerHeight / 2;
  const w = menu.offsetWidth;
  const hgt = menu.offsetHeight;
  menu.style.left = `${Math.max(4, Math.min(x, window.innerWidth - w - 4))}px`;
  menu.style.top = `${Math.max(4, Math.min(y, window.innerHeight - hgt - 4))}px`;
  openChooser = menu;
  menu.querySelector("button")?.focus();
}

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape") closeChooser();
});
document.addEventListener("click", (e) => {
  if (openChooser && !openChooser.contains(e.target)) closeChooser();
});

/** Copy text; falls back to selecting it when the clipboard is not available (plain http). */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (input) {
      input.select();
      try {
        return document.execCommand("copy");
      } catch {
        return false;
      }
    }
    return false;
  }
}

export function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}
