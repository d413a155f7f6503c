// Issue 12, find-my-phone at scale: 10,000 phones holding a command poll, on one instance
// (SQLite) and across two instances on one PostgreSQL (the portal on A, the phones on B, the
// command crossing by LISTEN/NOTIFY). The servers' memory per 1,000 connected phones, and
// command delivery — the portal's click (ring.do) to the phone's receipt (its poll answering) —
// p50 and p99 for commands to random phones; targets p99 < 1 s on one instance, < 2 s across two
// and < 2 s on one instance beside other busy processes (BENCH_LOAD).
// The phones run in child processes of at most 2,500 each (support/phone-swarm.mjs), and every
// process's file-descriptor limit is raised where the system lets it (prlimit): 10,000 sockets
// in one process ran into the 20,000 limit before.
// Sizes: BENCH_FIND_PHONES (10,000), BENCH_FIND_COMMANDS (400); the PostgreSQL run needs
// BENCH_DATABASE_URL (or TEST_DATABASE_URL): a database of its own is made there and dropped.
import { execFileSync, fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { BenchClient } from './support/account.mjs';
import { figure } from './support/figures.mjs';
import { startServer } from './support/server.mjs';

const PHONES = Number(process.env.BENCH_FIND_PHONES ?? 10_000);
const USERS = Math.min(100, PHONES);
const COMMANDS = Number(process.env.BENCH_FIND_COMMANDS ?? 400);
const CLICK_CONCURRENCY = 4;
const PHONES_PER_PROCESS = 2_500;
const NOFILE = 65_536;
/** How long the phones may take to all come online before the run goes on without the rest. */
const ONLINE_WAIT_S = Number(process.env.BENCH_FIND_ONLINE_WAIT_S ?? 600);
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const SWARM = fileURLToPath(new URL('./support/phone-swarm.mjs', import.meta.url));

/** Raises a process's open-file limit (soft and hard) where the system allows; false when not. */
function raiseFdLimit(pid) {
  try {
    execFileSync('prlimit', ['--pid', String(pid), `--nofile=${NOFILE}:${NOFILE}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const fdLimit = (pid) =>
  /Max open files\s+(\d+)/.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'))?.[1] ?? '?';

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

/** The same rows in a PostgreSQL database, devices in multi-row inserts. */
async function seedPostgres(url, p) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    const ids = [];
    for (const u of p.users) {
      const id = (await client.query(USER_SQL, [u.username, p.now])).rows[0].id;
      await client.query(SESSION_SQL, [u.sid, id, p.now, p.now + 86_400_000]);
      ids.push(id);
    }
    for (let i = 0; i < p.phones.length; i += 1_000) {
      const batch = p.phones.slice(i, i + 1_000);
      const values = batch.map(
        (_, n) =>
          `($${n * 3 + 1}, $${n * 3 + 2}, 'Bench', 'Phone', '[1,2,3]', $${n * 3 + 3}, $${batch.length * 3 + 1}, 0, 0, $${batch.length * 3 + 1})`,
      );
      const params = batch.flatMap((ph) => [ids[ph.user], ph.deviceId, ph.hash]);
      await client.query(
        `INSERT INTO find_devices (user_id, device_id, brand, model, functions, token_hash, signed_in_at, last_seen_at, locked, created_at) VALUES ${values.join(', ')}`,
        [...params, p.now],
      );
    }
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

/** A database of its own on the PostgreSQL server of `url`, dropped by `drop()`. */
async function benchDatabase(url) {
  const name = `pc_find_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Wall-clock milliseconds, comparable with the phone processes' receipts. */
const wallNow = () => performance.timeOrigin + performance.now();

/**
 * The phones, each holding a poll against `phoneUrl`, spread over child processes of at most
 * PHONES_PER_PROCESS (support/phone-swarm.mjs): a receipt is the moment a phone's poll answers
 * with the command.
 */
async function connectPhones(phoneUrl, phones) {
  const receipts = new Map();
  // Receipts that came before ring.do's answer named the command.
  const early = new Map();
  const children = [];
  for (let i = 0; i < phones.length; i += PHONES_PER_PROCESS) {
    const child = fork(SWARM, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    raiseFdLimit(child.pid);
    child.on('message', (msg) => {
      if (msg.type !== 'receipt') return;
      const waiter = receipts.get(msg.id);
      if (waiter) waiter(msg.at);
      else early.set(msg.id, msg.at);
      receipts.delete(msg.id);
    });
    const started = new Promise((resolve) => child.once('message', resolve));
    child.send({
      type: 'start',
      url: phoneUrl,
      tokens: phones.slice(i, i + PHONES_PER_PROCESS).map((p) => p.token),
    });
    await started;
    children.push(child);
  }
  return {
    processes: children.length,
    /** Resolves with the wall-clock time the phone received `commandId`. */
    receipt(commandId) {
      const at = early.get(commandId);
      if (at !== undefined) {
        early.delete(commandId);
        return Promise.resolve(at);
      }
      return new Promise((resolve) => receipts.set(commandId, resolve));
    },
    async stop() {
      await Promise.all(
        children.map(
          (c) =>
            new Promise((resolve) => {
              if (c.exitCode !== null) return resolve();
              c.once('exit', resolve);
              c.send({ type: 'stop' });
            }),
        ),
      );
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
        const t0 = wallNow();
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

/**
 * Waits until the portal at `portalUrl` sees every phone online (each poll reached the server),
 * or ONLINE_WAIT_S passed; answers the seconds taken and how many were online.
 */
async function allOnline(portalUrl, p) {
  const clients = p.users.map((u) => new BenchClient(portalUrl, `pc_sid=${u.cookie}`));
  const t0 = performance.now();
  let online = 0;
  while ((performance.now() - t0) / 1000 < ONLINE_WAIT_S) {
    online = 0;
    for (const c of clients) {
      const env = await (await c.fetch('/finder/list.do')).json();
      online += (env.data?.list ?? []).filter((d) => d.is_online === 1).length;
    }
    if (online === PHONES) break;
    await sleep(500);
  }
  const seconds = (performance.now() - t0) / 1000;
  if (online < PHONES)
    console.log(`  only ${online} of ${PHONES} phones came online within ${ONLINE_WAIT_S} s`);
  await sleep(1_000);
  return { seconds, online };
}

/** Beside other busy processes (BENCH_LOAD) the issue allows a p99 of 2 s on one instance too. */
const UNDER_LOAD = Number(process.env.BENCH_LOAD ?? 0) > 0;

function print(label, lat, quietTargetMs) {
  const targetMs = UNDER_LOAD ? Math.max(quietTargetMs, 2_000) : quietTargetMs;
  const why = UNDER_LOAD && targetMs !== quietTargetMs ? ' (under BENCH_LOAD)' : '';
  if (lat.length === 0) {
    console.log(`${label}: no command was answered (MISSES target p99 < ${targetMs} ms${why})`);
    return;
  }
  const p50 = pct(lat, 50);
  const p99 = pct(lat, 99);
  console.log(
    `${label}: click to receipt p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms over ${lat.length} commands ` +
      `(${p99 < targetMs ? 'meets' : 'MISSES'} target p99 < ${targetMs} ms${why})`,
  );
  figure(`${label}: click to receipt p50`, p50, { unit: 'ms' });
  figure(`${label}: click to receipt p99`, p99, { unit: 'ms' });
  // A command that took 10 s was never received: the wait gives up there.
  const late = lat.filter((ms) => ms >= 5_000).length;
  console.log(`  commands received after 5 s or never: ${late} (target 0)`);
  figure(`${label}: commands late past 5 s or lost`, late, { unit: 'commands' });
}

const perThousand = (before, after) => ((after - before) / (PHONES / 1000)).toFixed(1);

/** One instance on SQLite: phones and portal on the same server. */
async function oneInstance() {
  const server = await startServer({ SEED_DEMO: '0', LOG_LEVEL: 'error' });
  try {
    raiseFdLimit(server.pid);
    const p = plan(Date.now());
    seedSqlite(server.dataDir, p);
    await sleep(1_000);
    const before = rssMb(server.pid);
    const phones = await connectPhones(server.url, p.phones);
    const ready = await allOnline(server.url, p);
    const after = rssMb(server.pid);
    console.log(
      `one instance (SQLite), ${PHONES} phones holding a poll (${phones.processes} phone processes, open-file limit ${fdLimit(server.pid)}): server RSS ${before.toFixed(0)} MB idle, ${after.toFixed(0)} MB connected = ${perThousand(before, after)} MB per 1,000 phones (${ready.online} online in ${ready.seconds.toFixed(1)} s)`,
    );
    print('one instance (SQLite)', await clicks(server.url, p, phones), 1_000);
    await phones.stop();
  } finally {
    await server.stop();
  }
}

/** Two instances on one PostgreSQL: the portal's clicks on A, every phone polling B. */
async function twoInstances() {
  if (!PG_URL) {
    console.log('two instances (PostgreSQL): skipped, set BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
    return;
  }
  const db = await benchDatabase(PG_URL);
  try {
    const env = { SEED_DEMO: '0', LOG_LEVEL: 'error', DATABASE_URL: db.url };
    const a = await startServer(env);
    const b = await startServer(env);
    try {
      for (const s of [a, b]) raiseFdLimit(s.pid);
      const p = plan(Date.now());
      await seedPostgres(db.url, p);
      await sleep(1_000);
      const beforeA = rssMb(a.pid);
      const beforeB = rssMb(b.pid);
      const phones = await connectPhones(b.url, p.phones);
      const ready = await allOnline(a.url, p);
      const afterA = rssMb(a.pid);
      const afterB = rssMb(b.pid);
      console.log(
        `two instances (PostgreSQL), ${PHONES} phones holding a poll on B (${phones.processes} phone processes, open-file limit ${fdLimit(b.pid)}): ` +
          `B's RSS ${beforeB.toFixed(0)} MB idle, ${afterB.toFixed(0)} MB connected = ${perThousand(beforeB, afterB)} MB per 1,000 phones; ` +
          `A (portal) ${beforeA.toFixed(0)} → ${afterA.toFixed(0)} MB (${ready.online} online in ${ready.seconds.toFixed(1)} s)`,
      );
      print('two instances (PostgreSQL), click on A to receipt on B', await clicks(a.url, p, phones), 2_000);
      await phones.stop();
    } finally {
      await a.stop();
      await b.stop();
    }
  } finally {
    await db.drop();
  }
}

export default async function findScaleBench() {
  // This process only clicks and counts; its phones are child processes.
  raiseFdLimit(process.pid);
  await oneInstance();
  await twoInstances();
}
