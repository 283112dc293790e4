'use strict';
// The load generator of bench/load.py in Node (no packages: Node's http module and, with
// --experimental-websocket, its WebSocket). Python's websocket client costs more CPU than the server it
// measures; this one costs about what boardgame.io's own load client does, so on a 2-core machine the
// server, not the client, sets the pace. Same protocol and counting as load.py's Python client.
//
//   node --experimental-websocket bench/load_client.js BASE KS GAME PLAYERS START OPENS CLOSES [THINK]
//
// KS: the table slots this process keeps busy ("0,2,4"); START: when to begin (epoch seconds);
// OPENS/CLOSES: the measuring window; THINK: milliseconds a seat waits before answering a state. Prints one JSON line: {latencies (seconds), errors, games, cpu_s}.

const http = require('http');

const [base, ks, game, players, start, opens, closes, think] = process.argv.slice(2);
const thinkMs = Number(think || 0);
const slots = ks.split(',').filter(Boolean).map(Number);
const nPlayers = Number(players);
const windowOpens = Number(opens) * 1000;
const windowCloses = Number(closes) * 1000;
const wsBase = base.replace('http', 'ws');

const latencies = [];
const setups = []; // seconds from asking for a table to its start being answered
const errors = {};
let games = 0;
const error = (code) => { errors[code] = (errors[code] || 0) + 1; };
const counts = (t) => t >= windowOpens && t < windowCloses;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
setTimeout(() => process.exit(3), windowCloses - Date.now() + 60000).unref(); // bounded, whatever happens

let seed = 12345 + slots[0];
function random() { // xorshift32: the moves don't need better
  seed ^= seed << 13; seed >>>= 0; seed ^= seed >>> 17; seed ^= seed << 5; seed >>>= 0;
  return seed / 4294967296;
}

// The lobby through a keep-alive http.Agent, as boardgame.io's anchor does: Node's fetch (undici) costs
// several times the CPU per request, which on two cores is taken from the server being measured.
const lobby = new URL(base);
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
function post(path, body, token) {
  const data = Buffer.from(JSON.stringify(body || {}));
  const headers = { 'content-type': 'application/json', 'content-length': data.length };
  if (token) headers.authorization = `Bearer ${token}`;
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: lobby.hostname, port: lobby.port, path, method: 'POST', agent, headers, timeout: 20000 },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode < 200 || res.statusCode >= 300) return reject(new Error(`lobby:${res.statusCode}:${path.split('/').pop()}`));
          try { resolve(JSON.parse(Buffer.concat(chunks).toString())); } catch (e) { reject(e); }
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('lobby:timeout')));
    req.on('error', reject);
    req.end(data);
  });
}

function playSeat(ws) {
  // Answer every state that asks this seat, one action in flight; resolve at the game's end.
  return new Promise((resolve) => {
    let sentAt = null;
    let acted = -1;
    let latest = null;
    const stop = setTimeout(() => { ws.close(); resolve(); }, Math.max(10, windowCloses - Date.now()));
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === 'state') {
        latest = m;
      } else if (m.type === 'ack' && sentAt !== null) {
        if (counts(Date.now())) latencies.push((performance.now() - sentAt) / 1000);
        sentAt = null;
      } else if (m.type === 'error') {
        error(m.code);
        sentAt = null;
      }
      if (latest && latest.result !== null) { clearTimeout(stop); resolve(); return; }
      if (sentAt === null && latest && latest.legal.length && latest.version !== acted) {
        acted = latest.version;
        const action = latest.legal[Math.floor(random() * latest.legal.length)];
        const send = () => {
          if (ws.readyState !== WebSocket.OPEN) return;
          sentAt = performance.now();
          ws.send(JSON.stringify({ type: 'act', action, version: acted }));
        };
        if (thinkMs > 0) setTimeout(send, thinkMs); else send();
      }
    };
    ws.onclose = () => { clearTimeout(stop); resolve(); };
  });
}

function open(tid, token) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${wsBase}ws/tables/${tid}`);
    ws.onopen = () => { ws.send(JSON.stringify({ type: 'hello', token })); resolve(ws); };
    ws.onerror = () => reject(new Error('connect'));
    setTimeout(() => reject(new Error('connect-timeout')), 20000);
  });
}

async function slot() {
  while (Date.now() < windowCloses) {
    let sockets = [];
    try {
      const asked = performance.now();
      const made = await post('/api/tables', { game, seats: nPlayers, name: 'P0' });
      const tid = made.table.id;
      const tokens = [made.token];
      for (let i = 1; i < nPlayers; i++) tokens.push((await post(`/api/tables/${tid}/join`, { name: `P${i}` })).token);
      sockets = await Promise.all(tokens.map((t) => open(tid, t)));
      const seats = sockets.map(playSeat);
      await post(`/api/tables/${tid}/start`, {}, tokens[0]);
      if (counts(Date.now())) setups.push((performance.now() - asked) / 1000);
      await Promise.all(seats);
      if (counts(Date.now())) games++;
    } catch (e) {
      error(`game:${e.message}`);
      await sleep(100);
    } finally {
      for (const ws of sockets) try { ws.close(); } catch { /* gone already */ }
    }
  }
}

(async () => {
  await sleep(Math.max(0, Number(start) * 1000 - Date.now())); // every client starts together
  await Promise.all(slots.map(slot));
  const cpu = process.cpuUsage();
  const out = JSON.stringify({ latencies, setups, errors, games, cpu_s: (cpu.user + cpu.system) / 1e6 });
  process.stdout.write(out + '\n', () => process.exit(0)); // (exit only once a pipe has it all)
})();
