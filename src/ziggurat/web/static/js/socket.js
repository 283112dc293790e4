// One websocket per table page (docs/server.md, "Websocket"): hello with the seat token, then state,
// table, chat, ack and error messages. Reconnects by itself and resumes from the last version it saw
// (and the chat from the last message: the page adds that to the hello).

import { friendly } from "./errors.js";

export class TableSocket {
  /** handlers: {welcome, table, state, chat, error, status(text|null), gone, hello() -> extra fields} */
  constructor(tableId, token, handlers) {
    this.tableId = tableId;
    this.token = token;
    this.handlers = handlers;
    this.version = null; // the last state version applied
    this.ws = null;
    this.closed = false;
    this.retry = 0;
    this.refs = new Map(); // ref -> {resolve}
    this.nextRef = 1;
    this.pingTimer = null;
  }

  connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    ws.onopen = () => {
      // (retry resets on the welcome, not here: a server that accepts only to refuse, with too many
      // sockets from this address, must not be hammered twice a second)
      const hello = { type: "hello" };
      if (this.token) hello.token = this.token;
      if (this.version !== null) hello.version = this.version;
      Object.assign(hello, this.handlers.hello?.(this.token));
      ws.send(JSON.stringify(hello));
      this.handlers.status?.(null);
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), 25000);
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      this.dispatch(msg);
    };
    ws.onclose = (ev) => {
      clearInterval(this.pingTimer);
      for (const p of this.refs.values()) p.resolve({ type: "error", code: "offline", message: "Disconnected." });
      this.refs.clear();
      if (this.closed) return;
      if (ev.code === 4404) {
        this.closed = true;
        this.handlers.gone?.();
        return;
      }
      const wait = Math.min(10000, 500 * 2 ** this.retry++);
      this.handlers.status?.("Connection lost. Reconnecting…");
      setTimeout(() => !this.closed && this.connect(), wait);
    };
  }

  dispatch(msg) {
    const pending = msg.ref !== undefined ? this.refs.get(msg.ref) : undefined;
    switch (msg.type) {
      case "welcome":
        this.retry = 0;
        this.handlers.welcome?.(msg);
        break;
      case "table":
        this.handlers.table?.(msg);
        break;
      case "chat":
        this.handlers.chat?.(msg);
        break;
      case "state":
        if (this.version !== null && !msg.resync && msg.version < this.version) break;
        this.version = msg.version;
        this.handlers.state?.(msg);
        break;
      case "error":
        if (msg.code === "bad-token" && this.token) {
          // The seat is gone (freed before the start): watch instead.
          this.token = null;
          this.handlers.lostSeat?.();
          this.send({
            type: "hello",
            ...(this.version !== null ? { version: this.version } : {}),
            ...this.handlers.hello?.(null),
          });
        } else if (!pending) {
          this.handlers.error?.(msg, friendly(msg));
        }
        if (msg.code === "stale" || msg.code === "conflict") this.send({ type: "sync", version: this.version ?? undefined });
        break;
      default:
        break;
    }
    if (pending && (msg.type === "ack" || msg.type === "error" || msg.type === "chat")) {
      this.refs.delete(msg.ref);
      pending.resolve(msg);
    }
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  /** Play an action; resolves with the ack or the error message that answers it. */
  act(action) {
    const ref = this.nextRef++;
    return new Promise((resolve) => {
      const ok = this.send({ type: "act", action, version: this.version ?? 0, ref });
      if (!ok) {
        resolve({ type: "error", code: "offline", message: "Not connected; reconnecting…" });
        return;
      }
      this.refs.set(ref, { resolve });
    });
  }

  /** Take back one's own last action; resolves with the ack or the error that answers it. */
  undo() {
    const ref = this.nextRef++;
    return new Promise((resolve) => {
      if (!this.send({ type: "undo", version: this.version ?? 0, ref })) {
        resolve({ type: "error", code: "offline", message: "Not connected; reconnecting…" });
        return;
      }
      this.refs.set(ref, { resolve });
    });
  }

  /** Send a message that has no answer when it works (chat, spectator-chat: everyone gets the news);
   * resolves with the error that refuses it, or with {type: "sent"} after a while without one. */
  request(msg, wait = 10000) {
    const ref = this.nextRef++;
    return new Promise((resolve) => {
      if (!this.send({ ...msg, ref })) {
        resolve({ type: "error", code: "offline", message: "Not connected; reconnecting…" });
        return;
      }
      this.refs.set(ref, { resolve });
      setTimeout(() => {
        if (this.refs.get(ref)?.resolve === resolve) {
          this.refs.delete(ref);
          resolve({ type: "sent" });
        }
      }, wait);
    });
  }

  /** Start over as someone else (a new token after joining, or none). */
  reconnectAs(token) {
    this.token = token;
    this.version = null;
    if (this.ws) {
      this.ws.onclose = null;
      this.ws.close();
    }
    this.connect();
  }

  close() {
    this.closed = true;
    clearInterval(this.pingTimer);
    this.ws?.close();
  }
}
