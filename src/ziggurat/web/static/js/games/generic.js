// A renderer for any game without its own: the view's main fields and every legal action as a button.

import { h } from "../dom.js";

export default {
  id: "generic",
  rules: ["Choose one of the buttons below when it is your turn."],
  render(c) {
    const rows = Object.entries(c.view)
      .filter(([k, v]) => typeof v !== "object" || v === null)
      .map(([k, v]) => h("tr", {}, h("th", {}, k), h("td", {}, String(v))));
    return { board: h("table", { class: "generic-view" }, rows), handled: new Set() };
  },
};
