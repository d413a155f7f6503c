// Issue 12, find-my-phone at scale: 10,000 phones holding a command poll on one instance. The
// server's memory per 1,000 connected phones, and command delivery — the portal's click
// (ring.do) to the phone's receipt (its poll answering) — p50 and p99 for commands to random
// phones. Delivery across two instances on PostgreSQL is checked by
// apps/server/test/find-instances.test.ts (one phone); its 10,000-phone run is still to come.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BenchClient } from './support/account.mjs';
import { startServer } from './support/server.mjs';

const PHONES = 10_000;
const USERS = 100;
const COMMANDS = 400;
const CLICK_CONCURRENCY = 4;
const POLL_WAIT_MS = 25_000;

const sha256 = (s) => createHash('sha256').update(s).digest('hex');
const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/** Users with a finder-verified session each, and their phones with tokens. */
function plan(now) {
  const users = [];
  const phones = [];
  for (let u = 0; u < USERS; u++) {
    const cookie = randomBytes(32).toString('base64url');
    users.push({ username: `findbench${u}`, cookie, sid: sha256(cookie) });
  }
  for (let i = 0; i < PHONES; i++) {
    const token = randomBytes(32).toString('base64url');
    phones.push({ user: i % USERS, deviceId: `bench-${i}`, token, hash: sha256(`device-token:${token}`) });
  }
  return { users, phones, now };
}

const USER_SQL = `INSERT INTO users (username, password_hash, phone, email, paid_gb, member, skin, created_at, updated_at)
  VALUES ($1, 'bench-no-password', NULL, NULL, 0, NULL, '05', $2, $2) RETURNING id`;
const SESSION_SQL = `INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at, verified_main_at, verified_finder_at, ip, user_agent)
  VALUES ($1, $2, $3, $3, $4, $3, $3, '127.0.0.1', 'bench')`;
const DEVICE_SQL = `INSERT INTO find_devices (user_id, device_id, brand, model, functions, token_hash, signed_in_at, last_seen_at, locked, created_at)
  VALUES ($1, $2, 'Bench', 'Phone', '[1,2,3]', $3, $4, 0, 0, $4)`;

function seedSqlite(dataDir, p) {
  const db = new Database(path.join(dataDir, 'phonecloud.sqlite'));
  db.pragma('busy_timeout = 10000');
  // The statements are written for PostgreSQL ($n): SQLite takes `?` with the values in order.
  const q = (text) => {
    const order = [...text.matchAll(/\$(\d)/g)].map((m) => Number(m[1]) - 1);
    const stmt = db.prepare(text.replace(/\$\d/g, '?'));
    return {
      get: (...args) => stmt.get(...order.map((i) => args[i])),
      run: (...args) => stmt.run(...order.map((i) => args[i])),
    };
  };
  const ids = [];
  db.transaction(() => {
    for (const u of p.users) {
      const id = q(USER_SQL).get(u.username, p.now).id;
      q(SESSION_SQL).run(u.sid, id, p.now, p.now + 86_400_000);
      ids.push(id);
    }
    for (const ph of p.phones) q(DEVICE_SQL).run(ids[ph.user], ph.deviceId, ph.hash, p.now);
  })();
  db.close();
}

/**
 * 10,000 phones, each holding a poll against `phoneUrl`: a receipt is the moment its poll
 * answers with the command; it then acknowledges and polls again, as the reference phone does.
 */
function connectPhones(phoneUrl, phones) {
  const receipts = new Map();
  // Receipts that came before ring.do's answer named the command.
  const early = new Map();
  let stopped = false;
  let held = 0;
  const call = (token, pathname, body) =>
    fetch(phoneUrl + pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const loops = phones.map(async (ph) => {
    while (!stopped) {
      held++;
      let res;
      try {
        res = await call(ph.token, '/device/v1/commands/poll', { wait_ms: POLL_WAIT_MS });
      } catch {
        held--;
        await sleep(500);
        continue;
      }
      held--;
      const at = performance.now();
      for (const c of res.data?.commands ?? []) {
        const waiter = receipts.get(c.command_id);
        if (waiter) waiter(at);
        else early.set(c.command_id, at);
        receipts.delete(c.command_id);
        try {
          await call(ph.token, '/device/v1/commands/ack', { command_id: c.command_id });
          await call(ph.token, '/device/v1/commands/result', { command_id: c.command_id, success: true });
        } catch {
          // The server is going away at the end of the run.
        }
      }
    }
  });
  return {
    get held() {
      return held;
    },
    /** Resolves with the time the phone received `commandId`. */
    receipt(commandId) {
      const at = early.get(commandId);
      if (at !== undefined) {
        early.delete(commandId);
        return Promise.resolve(at);
      }
      return new Promise((resolve) => receipts.set(commandId, resolve));
    },
    async stop() {
      stopped = true;
      await Promise.race([Promise.all(loops), sleep(POLL_WAIT_MS + 5_000)]);
    },
  };
}

/** Clicks ring on random phones through the portal at `portalUrl`; answers sorted latencies (ms). */
async function clicks(portalUrl, p, phones) {
  const clients = p.users.map((u) => new BenchClient(portalUrl, `pc_sid=${u.cookie}`));
  for (const c of clients) await c.fetch('/platform/info.do');
  let seed = 12345;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const latencies = [];
  const refused = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CLICK_CONCURRENCY }, async () => {
      while (next++ < COMMANDS) {
        const ph = p.phones[Math.floor(rand() * p.phones.length)];
        const t0 = performance.now();
        const body = new URLSearchParams({ device_id: ph.deviceId, command_option: '1', password: '123456' });
        const res = await clients[ph.user].fetch('/finder/ring.do', {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        const env = await res.json();
        if (env.code !== 0) {
          refused.push(env.code);
          continue;
        }
        const got = await Promise.race([phones.receipt(env.data.command_id), sleep(10_000).then(() => null)]);
        latencies.push(got === null ? 10_000 : got - t0);
        await sleep(20);
      }
    }),
  );
  if (refused.length)
    console.log(`  ring.do refused ${refused.length} clicks (codes ${[...new Set(refused)].join(', ')})`);
  return latencies.sort((a, b) => a - b);
}

/** Waits until the portal at `portalUrl` sees every phone online (each poll reached the server). */
async function allOnline(portalUrl, p) {
  const clients = p.users.map((u) => new BenchClient(portalUrl, `pc_sid=${u.cookie}`));
  const t0 = performance.now();
  for (let i = 0; i < 300; i++) {
    let online = 0;
    for (const c of clients) {
      const env = await (await c.fetch('/finder/list.do')).json();
      online += (env.data?.list ?? []).filter((d) => d.is_online === 1).length;
    }
    if (online === PHONES) {
      await sleep(1_000);
      return (performance.now() - t0) / 1000;
    }
    await sleep(500);
  }
  throw new Error('the phones never all came online');
}

function print(label, lat, targetMs) {
  const p50 = pct(lat, 50);
  const p99 = pct(lat, 99);
  console.log(
    `${label}: click to receipt p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms over ${lat.length} commands ` +
      `(${p99 < targetMs ? 'meets' : 'MISSES'} target p99 < ${targetMs} ms)`,
  );
}

// One instance on SQLite.
{
  const server = await startServer({ SEED_DEMO: '0', LOG_LEVEL: 'error' });
  const p = plan(Date.now());
  seedSqlite(server.dataDir, p);
  await sleep(1_000);
  const before = rssMb(server.pid);
  const phones = connectPhones(server.url, p.phones);
  const ready = await allOnline(server.url, p);
  const after = rssMb(server.pid);
  console.log(
    `one instance (SQLite), ${PHONES} phones holding a poll: server RSS ${before.toFixed(0)} MB idle, ${after.toFixed(0)} MB connected = ${((after - before) / (PHONES / 1000)).toFixed(1)} MB per 1,000 phones (all online in ${ready.toFixed(1)} s)`,
  );
  print('one instance (SQLite)', await clicks(server.url, p, phones), 1_000);
  await phones.stop();
  await server.stop();
}
