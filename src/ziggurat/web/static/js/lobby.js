// The lobby: your name, your own tables to return to, the four games (create a table with options,
// rated or friendly; each game's leaderboard), open tables to join, running tables to watch and finished
// games to replay. Signed in, your name is the username and "Your tables" are the account's (on any
// device), with this browser's other seats; your invitations and friends (js/friends.js, imported once
// signed in) and a filter for the tables where friends sit.

import { api } from "./api.js";
import { h, clear, toast } from "./dom.js";
import { seats as savedSeats, playerName, setPlayerName } from "./storage.js";
import { loadRenderer, inOrder } from "./games/registry.js";
import { clockField, clockText } from "./clock.js";
import { account, onAccount, accountTables, claim } from "./account.js";
import { accountBar } from "./accountbar.js";
import { seatName, ratingBadge } from "./playerlink.js";

const REFRESH_MS = 4000;
const EMPTY = {
  open: "No open tables right now: start one above.",
  running: "No games are being played right now.",
  finished: "No finished games yet.",
};
const EMPTY_FRIENDS = {
  open: "None of your friends waits at an open table.",
  running: "None of your friends is playing right now.",
  finished: "None of your friends has finished a game yet.",
};

export function lobbyPage(root, games, renderers) {
  const el = {
    mine: h("div", { id: "my-tables" }),
    open: h("div", { id: "open-tables" }),
    running: h("div", { id: "running-tables" }),
    finished: h("div", { id: "finished-tables" }),
    create: h("div", { id: "create", class: "create-slot" }),
    social: h("div", { id: "social-slot" }),
  };
  // Signed in: "Only tables where friends sit" narrows the three lists (GET /api/tables?friends=true).
  let friendsOnly = false;
  const friendsFilter = h(
    "label",
    { class: "friends-filter", hidden: true },
    h("input", {
      type: "checkbox",
      id: "friends-only",
      onchange: (e) => {
        friendsOnly = e.target.checked;
        refreshLists();
      },
    }),
    " Only tables where friends sit",
  );
  let social = null; // js/friends.js's panels, once someone is signed in
  let socialLoading = null;
  let ratedControl = null; // the open create form's "Rated game" box
  const nameInput = h("input", {
    id: "player-name",
    maxlength: 24,
    value: playerName(),
    placeholder: "Your name",
    autocomplete: "nickname",
    oninput: (e) => setPlayerName(e.target.value.trim()),
  });
  // Signed in, the others see the username: the field shows it and can't be changed.
  function showName() {
    const a = account();
    nameInput.readOnly = a.signed_in;
    nameInput.value = a.signed_in ? a.username : playerName();
    nameInput.title = a.signed_in ? "Signed in: you play under your username" : "";
  }
  showName();
  let accountIds = new Set(); // the tables the account sits at (as last listed under "Your tables")
  const gameCards = inOrder(games).map((g) => gameCard(g, renderers[g.id] || {}));
  clear(root).append(
    h(
      "div",
      { class: "lobby" },
      h(
        "header",
        { class: "lobby-head" },
        h("h1", {}, h("img", { src: "/static/img/logo.svg", alt: "", class: "logo" }), "Ziggurat"),
        h("p", { class: "tagline" }, "Four board games to play with friends or bots, in the browser."),
        h("label", { class: "name-field" }, "Your name ", nameInput),
        h("a", { class: "button small ghost", href: "#/ratings", id: "leaderboards-link" }, "Leaderboards"),
        accountBar(),
      ),
      h("section", { class: "panel", "aria-labelledby": "h-mine" }, h("h2", { id: "h-mine" }, "Your tables"), el.mine),
      el.social,
      h(
        "section",
        { class: "games", "aria-labelledby": "h-games" },
        h("h2", { id: "h-games" }, "Start a new table"),
        h("div", { class: "game-cards" }, gameCards),
        el.create,
      ),
      friendsFilter,
      h(
        "div",
        { class: "lobby-lists" },
        h("section", { class: "panel", "aria-labelledby": "h-open" }, h("h2", { id: "h-open" }, "Open tables to join"), el.open),
        h("section", { class: "panel", "aria-labelledby": "h-running" }, h("h2", { id: "h-running" }, "Games to watch"), el.running),
        h("section", { class: "panel", "aria-labelledby": "h-finished" }, h("h2", { id: "h-finished" }, "Finished games to replay"), el.finished),
      ),
    ),
  );

  function needName() {
    if (account().signed_in) return account().username;
    const name = nameInput.value.trim();
    if (!name) {
      toast("Type your name first: the other players see it.", "error");
      nameInput.focus();
      return null;
    }
    setPlayerName(name);
    return name;
  }

  function gameCard(g, r) {
    return h(
      "article",
      { class: "game-card", dataset: { game: g.id }, "aria-label": g.name },
      h("img", { src: r.picture || "/static/img/logo.svg", alt: `${g.name} board`, class: "game-pic" }),
      h("h3", {}, g.name),
      h("p", { class: "players" }, `${g.min_players}–${g.max_players} players`, g.simultaneous ? " · simultaneous" : ""),
      h("p", { class: "summary" }, g.summary),
      // The form's labels are the renderer's, fetched now: the table it creates opens next anyway.
      h(
        "button",
        {
          class: "primary",
          onclick: async (e) => {
            const card = e.currentTarget.closest(".game-card");
            showCreate(g, { ...r, ...(await loadRenderer(g.id)) }, card);
          },
        },
        `New ${g.name} table`,
      ),
      h("a", { class: "leaderboard-link", href: `#/ratings/${encodeURIComponent(g.id)}`, "aria-label": `${g.name} leaderboard` }, "Leaderboard"),
    );
  }

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

  function showCreate(g, r, card) {
    // The form opens right under the game you tapped (in the cards' grid: the row after its card), so
    // on a phone it is not three screens further down.
    if (card) card.after(el.create);
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
        h("button", { type: "button", class: "ghost", onclick: () => clear(el.create) }, "Cancel"),
      ),
    );
    clear(el.create).append(form);
    form.scrollIntoView({ behavior: "smooth", block: "nearest" });
    seatSel.focus();
  }

  function gameName(id) {
    return games.find((g) => g.id === id)?.name || id;
  }

  function tableRow(t, buttons) {
    // the players: an account's name links to its profile, with its rating in this game
    const people = t.seats
      .filter((s) => s.kind === "human")
      .flatMap((s, i) => [i ? ", " : null, seatName(s), Number.isInteger(s.rating) && s.signed_in ? ratingBadge(s.rating) : null]);
    const bots = t.seats.filter((s) => s.kind === "bot").length;
    const empty = t.seats.filter((s) => s.kind === "empty").length;
    const bits = [`${t.players} seats`];
    if (people.length) bits.push(h("span", { class: "row-people" }, people));
    if (bots) bits.push(`${bots} bot${bots > 1 ? "s" : ""}`);
    if (empty && t.status === "open") bits.push(`${empty} free`);
    if (t.clock) bits.push(clockText(t.clock));
    return h(
      "li",
      { class: "table-row", dataset: { table: t.id, rated: t.rated ? "true" : "false" } },
      h("img", { src: renderers[t.game]?.picture || "/static/img/logo.svg", alt: "", class: "row-pic" }),
      h(
        "div",
        { class: "row-text" },
        h("strong", {}, gameName(t.game)),
        t.rated ? [" ", h("span", { class: "pill pill-rated", title: "The result moves the players' ratings" }, "Rated")] : null,
        h("span", { class: "muted" }, bits.flatMap((b) => [" · ", b])),
      ),
      h("div", { class: "row-buttons" }, buttons),
    );
  }

  async function joinTable(t) {
    const name = needName();
    if (!name) return false;
    try {
      const r = await api.join(t.id, name);
      savedSeats.put(t.id, { token: r.token, game: t.game, status: "open", name, ...accountMark() });
      location.hash = `#/table/${t.id}`;
      return true;
    } catch (err) {
      toast(err.message, "error");
      refresh();
      return false;
    }
  }

  // A seat taken while signed in is the account's (signing out forgets it in this browser).
  function accountMark() {
    return account().signed_in ? { account: account().username } : {};
  }

  let mineShown = 0; // a slow answer for the account signed in before must not overwrite the latest
  async function refreshMine() {
    const mine = ++mineShown;
    const signedIn = account().signed_in;
    let held = [];
    if (signedIn) {
      try {
        held = await accountTables();
      } catch (e) {
        held = [];
        toast(e.message, "error");
      }
    }
    const saved = savedSeats.all();
    accountIds = new Set(held.map((m) => m.table.id));
    // this browser's seats the account doesn't hold: a guest's, or taken before signing in
    const ids = Object.keys(saved)
      .filter((id) => !accountIds.has(id))
      .sort((a, b) => (saved[b].saved || 0) - (saved[a].saved || 0));
    const local = await Promise.all(
      ids.map(async (id) => {
        try {
          return await api.table(id);
        } catch (e) {
          if (e.status === 404) savedSeats.forget(id);
          return null;
        }
      }),
    );
    if (mine !== mineShown) return;
    const list = h("ul", { class: "table-list" });
    for (const { table: t } of held) list.append(myRow(t, { account: true }));
    for (const t of local) if (t) list.append(myRow(t, { account: false, signedIn }));
    const empty = signedIn
      ? "Tables you create or join appear here, on every device where you sign in."
      : "Tables you create or join appear here, so you can come back to them.";
    clear(el.mine).append(list.children.length ? list : h("p", { class: "muted" }, empty));
  }

  function myRow(t, { account: held, signedIn }) {
    const label = { open: "Waiting room", running: "Return to the game", finished: "See the result" }[t.status];
    const seat = savedSeats.get(t.id);
    const row = tableRow(t, [
      h("span", { class: ["pill", `pill-${t.status}`] }, t.status),
      h("a", { class: "button primary", href: `#/table/${t.id}`, "aria-label": `${label}: ${gameName(t.game)} table ${t.id}` }, label),
      t.status === "finished" ? h("a", { class: "button", href: `#/replay/${t.id}`, "aria-label": `Replay ${gameName(t.game)} table ${t.id}` }, "Replay") : null,
      // signed in, a seat only this browser holds can join the account (then it follows you everywhere)
      !held && signedIn && seat?.token
        ? h(
            "button",
            {
              class: "small",
              "aria-label": `Add table ${t.id} to your account`,
              onclick: async () => {
                try {
                  const r = await claim([seat.token]);
                  toast(r.claimed ? "The table is in your account now." : "That seat can't join your account.", r.claimed ? "good" : "error", 3000);
                } catch (e) {
                  toast(e.message, "error");
                }
                refreshMine();
              },
            },
            "Add to account",
          )
        : null,
      held
        ? null
        : h(
            "button",
            {
              class: "ghost small",
              "aria-label": `Forget table ${t.id}`,
              onclick: () => {
                savedSeats.forget(t.id);
                refreshMine();
              },
            },
            "Forget",
          ),
    ]);
    row.dataset.mine = held ? "account" : "device";
    return row;
  }

  const listed = { open: 0, running: 0, finished: 0 }; // (the filter switched meanwhile: the older answer is dropped)
  async function refreshList(box, status) {
    const asked = ++listed[status];
    const friends = friendsOnly && account().signed_in;
    let tables;
    try {
      tables = await api.tables(status, 30, friends);
    } catch (e) {
      if (asked === listed[status]) clear(box).append(h("p", { class: "error" }, e.message));
      return;
    }
    if (asked !== listed[status]) return;
    const mine = savedSeats.all();
    const list = h("ul", { class: "table-list" });
    for (const t of tables) {
      if (status === "open" && !t.seats.some((s) => s.kind === "empty")) continue;
      const buttons =
        status === "open"
          ? mine[t.id] || accountIds.has(t.id)
            ? [h("a", { class: "button", href: `#/table/${t.id}` }, "Your table")]
            : [
                h("button", { class: "primary", "aria-label": `Join ${gameName(t.game)} table ${t.id}`, onclick: () => joinTable(t) }, "Join"),
                h("a", { class: "button ghost", href: `#/table/${t.id}` }, "Look"),
              ]
          : status === "finished"
            ? [h("a", { class: "button", href: `#/replay/${t.id}`, "aria-label": `Replay ${gameName(t.game)} table ${t.id}` }, "Replay")]
            : [h("a", { class: "button", href: `#/table/${t.id}`, "aria-label": `Watch ${gameName(t.game)} table ${t.id}` }, "Watch")];
      list.append(tableRow(t, buttons));
    }
    clear(box).append(
      list.children.length
        ? list
        : h("p", { class: "muted" }, (friends ? EMPTY_FRIENDS : EMPTY)[status]),
    );
  }

  function refreshLists() {
    refreshList(el.open, "open");
    refreshList(el.running, "running");
    refreshList(el.finished, "finished");
  }

  // Signed in: the invitations and friends (js/friends.js, imported the first time), and the filter.
  async function showSocial() {
    const signedIn = account().signed_in;
    friendsFilter.hidden = !signedIn;
    if (!signedIn) {
      friendsOnly = false;
      friendsFilter.querySelector("input").checked = false;
      clear(el.social);
      return;
    }
    if (!social) {
      socialLoading ||= import("./friends.js").then(({ lobbySocial }) =>
        lobbySocial({ gameName, join: joinTable, changed: () => friendsOnly && refreshLists() }),
      );
      social = await socialLoading;
    }
    if (!account().signed_in) return;
    if (!el.social.contains(social.el)) clear(el.social).append(social.el);
    social.refresh();
  }

  function refresh() {
    // (signed in, the open tables the account sits at say "Your table" once the account's are known)
    refreshMine().then(() => account().signed_in && refreshList(el.open, "open"));
    refreshLists();
    showSocial();
  }
  refresh();
  const unsubscribe = onAccount(() => {
    showName();
    ratedControl?.show();
    refresh();
  });
  const timer = setInterval(() => {
    if (!document.hidden) {
      refreshList(el.open, "open");
      refreshList(el.running, "running");
      if (social && account().signed_in) social.invitations();
    }
  }, REFRESH_MS);
  return () => {
    clearInterval(timer);
    unsubscribe();
  };
}
