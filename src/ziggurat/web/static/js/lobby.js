// The lobby: your name, your own tables to return to, the four games (create a table with options,
// rated or friendly; each game's leaderboard), open tables to join, running tables to watch and finished
// games to replay. Signed in, your name is the username and "Your tables" are the account's (on any
// device), with this browser's other seats; your invitations and friends (js/friends.js, imported once
// signed in) and a filter for the tables where friends sit. The new-table form is lobby/create.js's,
// "Your tables" lobby/mine.js's.

import { api } from "./api.js";
import { h, clear, toast } from "./dom.js";
import { seats as savedSeats, playerName, setPlayerName } from "./storage.js";
import { loadRenderer, inOrder } from "./games/registry.js";
import { clockText } from "./clock.js";
import { account, onAccount } from "./account.js";
import { accountBar } from "./accountbar.js";
import { seatName, ratingBadge } from "./playerlink.js";
import { createForm } from "./lobby/create.js";
import { yourTables } from "./lobby/mine.js";

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
  const create = createForm(el.create, { needName, accountMark });
  const yours = yourTables(el.mine, { tableRow, gameName });
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
            create.show(g, { ...r, ...(await loadRenderer(g.id)) }, card);
          },
        },
        `New ${g.name} table`,
      ),
      h("a", { class: "leaderboard-link", href: `#/ratings/${encodeURIComponent(g.id)}`, "aria-label": `${g.name} leaderboard` }, "Leaderboard"),
    );
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
          ? mine[t.id] || yours.held(t.id)
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
    yours.refresh().then(() => account().signed_in && refreshList(el.open, "open"));
    refreshLists();
    showSocial();
  }
  refresh();
  const unsubscribe = onAccount(() => {
    showName();
    create.accountChanged();
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
