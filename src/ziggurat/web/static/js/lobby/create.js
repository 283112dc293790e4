// The lobby's form for a new table: seats, the game's options in its renderer's words, a designer's
// variant rules (folded away), the clock, rated or friendly. It opens under the game's card.

import { api } from "../api.js";
import { h, clear, toast } from "../dom.js";
import { seats as savedSeats } from "../storage.js";
import { clockField } from "../clock.js";
import { account } from "../account.js";

/** slot: where the form goes; needName() -> your name or null; accountMark() -> the seat's mark. */
export function createForm(slot, { needName, accountMark }) {
  let ratedControl = null; // the open form's "Rated game" box

  // Rated or friendly: only signed-in players sit at a rated table, so signed out the box is disabled
  // and says why (it follows signing in and out while the form is open).
  function ratedField() {
    const box = h("input", { type: "checkbox", id: "opt-rated", "aria-describedby": "rated-hint" });
    const hint = h("small", { id: "rated-hint" });
    const show = () => {
      const signedIn = account().signed_in;
      box.disabled = !signedIn;
      if (!signedIn) box.checked = false;
      hint.textContent = signedIn
        ? "The result moves the players' ratings in this game; only signed-in players may sit. Unticked: a friendly game, guests welcome."
        : "Sign in to create a rated table: only signed-in players sit at one. Friendly tables welcome guests.";
    };
    show();
    return {
      el: h("div", { class: "field field-check rated-field" }, h("label", { for: "opt-rated" }, "Rated game"), box, hint),
      value: () => box.checked && !box.disabled,
      show,
    };
  }

  function optionInput(name, spec, meta) {
    const id = `opt-${name}`;
    const m = meta || {};
    let input;
    // The game's renderer may name the choices; otherwise they show as the server lists them.
    const choices = m.choices || spec.choices?.map((v) => [v, String(v).replace(/_/g, " ")]);
    if (choices) {
      input = h(
        "select",
        { id, name },
        choices.map(([v, label]) => h("option", { value: v, selected: v === spec.default }, label)),
      );
    } else if (spec.type === "bool") {
      input = h("input", { id, name, type: "checkbox", checked: !!spec.default });
    } else if (spec.type === "int") {
      input = h("input", { id, name, type: "number", value: spec.default, min: spec.min ?? m.min ?? 1, max: spec.max ?? m.max ?? 999 });
    } else {
      input = h("input", { id, name, value: spec.default ?? "" });
    }
    return h(
      "div",
      { class: ["field", spec.type === "bool" && "field-check"] },
      h("label", { for: id }, m.label || name.replace(/_/g, " ")),
      input,
      m.help ? h("small", {}, m.help) : null,
    );
  }

  function countsInput(name, spec) {
    // Copies of each card: one small number field per card, the printed count in it.
    return h(
      "fieldset",
      { class: "counts" },
      h("legend", {}, `${name.replace(/_/g, " ")}: copies of each`),
      Object.entries(spec.counts).map(([id, printed]) =>
        h(
          "label",
          { class: "count" },
          h("span", {}, id.replace(/_/g, " ")),
          h("input", { name: `${name}.${id}`, type: "number", value: printed, min: 0, max: spec.max }),
        ),
      ),
    );
  }

  /** Opens the form for a new table of game `g` (r: its renderer) under its card. */
  function show(g, r, card) {
    // The form opens right under the game you tapped (in the cards' grid: the row after its card), so
    // on a phone it is not three screens further down.
    if (card) card.after(slot);
    const seatSel = h(
      "select",
      { id: "opt-seats", name: "seats" },
      Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) => g.min_players + i).map((n) =>
        h("option", { value: n, selected: n === (r.defaultPlayers || g.min_players) }, `${n} players`),
      ),
    );
    const everyday = Object.entries(g.options).filter(([, spec]) => !spec.variant);
    const variants = Object.entries(g.options).filter(([, spec]) => spec.variant);
    const fields = everyday.map(([name, spec]) => optionInput(name, spec, r.options?.[name]));
    // A designer's rule changes (the printed rules by default): folded away, sent only when changed.
    const variantBox = variants.length
      ? h(
          "details",
          { class: "variants" },
          h("summary", {}, "Variant rules (for designers)"),
          h("p", { class: "muted" }, "Change the printed rules for this table. Everyone sees the changes at the table."),
          variants.map(([name, spec]) => (spec.type === "counts" ? countsInput(name, spec) : optionInput(name, spec, r.options?.[name]))),
        )
      : null;
    const clock = clockField();
    const rated = ratedField();
    ratedControl = rated;
    const form = h(
      "form",
      {
        class: "panel create-form",
        "aria-label": `New ${g.name} table`,
        onsubmit: async (e) => {
          e.preventDefault();
          const name = needName();
          if (!name) return;
          const options = {};
          for (const [k, spec] of Object.entries(g.options)) {
            if (spec.type === "counts") {
              const changed = {};
              for (const [id, printed] of Object.entries(spec.counts)) {
                const n = parseInt(form.querySelector(`[name="${k}.${id}"]`).value, 10);
                if (n !== printed) changed[id] = n;
              }
              if (Object.keys(changed).length) options[k] = changed;
              continue;
            }
            const input = form.querySelector(`[name="${k}"]`);
            let v;
            if (spec.type === "bool") v = input.checked;
            else if (spec.type === "int") v = parseInt(input.value, 10);
            else v = input.value;
            if (!spec.variant || v !== spec.default) options[k] = v;
          }
          const button = form.querySelector("button[type=submit]");
          button.disabled = true;
          try {
            const res = await api.create(g.id, parseInt(seatSel.value, 10), name, options, clock.value(), rated.value());
            savedSeats.put(res.table.id, { token: res.token, game: g.id, status: "open", name, ...accountMark() });
            location.hash = `#/table/${res.table.id}`;
          } catch (err) {
            toast(err.message, "error");
            button.disabled = false;
          }
        },
      },
      h("h3", {}, `New ${g.name} table`),
      h("div", { class: "field" }, h("label", { for: "opt-seats" }, "Seats (you included)"), seatSel),
      fields,
      variantBox,
      clock.el,
      rated.el,
      h("p", { class: "muted" }, "You will be the host: fill the other seats with friends (share the link) or bots."),
      h(
        "div",
        { class: "form-buttons" },
        h("button", { class: "primary", type: "submit" }, "Create table"),
        h("button", { type: "button", class: "ghost", onclick: () => clear(slot) }, "Cancel"),
      ),
    );
    clear(slot).append(form);
    form.scrollIntoView({ behavior: "smooth", block: "nearest" });
    seatSel.focus();
  }

  return { show, accountChanged: () => ratedControl?.show() };
}
