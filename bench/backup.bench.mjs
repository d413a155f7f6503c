// Operations issue: an online backup of a data directory, in one run against the tools an
// operator would otherwise use on the same files:
// - `backup create` (the built admin CLI) against `cp -r` of the same blobs plus
//   `sqlite3 .backup` of the same database, one after the other as the backup does both;
// - list.do's p99 on an ordinary account (200 contacts) idle and while the backup runs.
// BENCH_BACKUP_GB and BENCH_BACKUP_ROWS set the size (defaults: a couple of minutes);
// BENCH_BACKUP_GB=10 BENCH_BACKUP_ROWS=1000000 is the 10 GiB / 1,000,000 rows.
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../scripts/lib.mjs';
import { benchAccount, openServerDb } from './support/account.mjs';
import { report } from './support/browser.mjs';
import { startServer } from './support/server.mjs';
import { bookVcf } from './support/vcards.mjs';

const GIB = Number(process.env.BENCH_BACKUP_GB ?? 0.25);
const ROWS = Number(process.env.BENCH_BACKUP_ROWS ?? 50_000);
const BLOB_BYTES = 1024 * 1024;

/**
 * Blobs written straight into the store's layout and indexed, as uploads would leave them. The
 * loop yields now and then: a fill of minutes that held the event loop kept the bench's pooled
 * connection from seeing the server close it (72 s idle), and the next request died on it.
 */
async function fillBlobs(server) {
  const count = Math.max(1, Math.round((GIB * 1024 ** 3) / BLOB_BYTES));
  const db = openServerDb(server);
  const insert = db.prepare(
    'INSERT INTO drive_blobs (key, size, md5, sha1, ref_count, touched_at) VALUES (?, ?, ?, ?, 1, ?)',
  );
  try {
    for (let i = 0; i < count; i++) {
      const bytes = randomBytes(BLOB_BYTES);
      const key = createHash('sha256').update(bytes).digest('hex');
      const dir = path.join(server.dataDir, 'blobs', key.slice(0, 2), key.slice(2, 4));
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, key), bytes);
      const md5 = createHash('md5').update(bytes).digest('hex');
      const sha1 = createHash('sha1').update(bytes).digest('hex');
      insert.run(key, BLOB_BYTES, md5, sha1, Date.now());
      if (i % 16 === 15) await new Promise((r) => setImmediate(r));
    }
  } finally {
    db.close();
  }
  return count;
}

/** Rows: contacts of a bulk account, written in one transaction (their content is not read). */
function fillRows(server, userId) {
  const db = openServerDb(server);
  try {
    const insert = db.prepare(
      `INSERT INTO contacts (user_id, id, version_code, doc, name_spell, letter, groups, content_hash, size, created_at, updated_at, deleted_at)
       VALUES (?, ?, 1, ?, ?, 'Z', '[]', ?, 200, ?, ?, NULL)`,
    );
    db.transaction(() => {
      for (let i = 1; i <= ROWS; i++) {
        const doc = JSON.stringify({ name: [{ display_name: `批量${i}` }], phone: [{ number: `138${i}` }] });
        insert.run(userId, i, doc, `piliang${i}`, createHash('md5').update(doc).digest('hex'), i, i);
      }
    })();
  } finally {
    db.close();
  }
}

/** list.do of a small book, one after another until `stop()`; answers the p99 in ms. */
function latencies(client) {
  const times = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      const res = await client.fetch('/contact/list.do');
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const s = [...times].sort((a, b) => a - b);
      return { p99: s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] ?? 0, count: s.length };
    },
  };
}

function timedProcess(cmd, args, env = {}) {
  return new Promise((ok, fail) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0 ? ok({ ms: performance.now() - t0, out }) : fail(new Error(`${cmd} exited ${code}`)),
    );
  });
}

/**
 * The reference: what an operator could do by hand (with the server stopped, or an inconsistent
 * copy) on the same files, page cache as warm as for the backup after it, and the server as busy
 * (list.do called one after another meanwhile, as during the backup). Each timed step starts
 * with nothing of another's left to write back: the backup ends with a flush of its folder's
 * file system, which would otherwise write the filled store's and the reference copy's pages too.
 */
async function reference(server, work, db, client, name) {
  const refDir = path.join(work, name);
  mkdirSync(refDir);
  execFileSync('sync');
  const duringReference = latencies(client);
  const cp = await timedProcess('cp', ['-r', path.join(server.dataDir, 'blobs'), path.join(refDir, 'blobs')]);
  const dot = await timedProcess('sqlite3', [db, `.backup ${path.join(refDir, 'db.sqlite')}`]);
  // The same copy made durable, as the backup's is before it says it is done.
  const flushed = await timedProcess('sync', ['-f', refDir]);
  await duringReference.stop();
  rmSync(refDir, { recursive: true, force: true });
  return { cp, dot, flushed, ms: cp.ms + dot.ms, durableMs: cp.ms + dot.ms + flushed.ms };
}

/** The faster of two references, one taken before the backup and one after: the disk's write-back state moves between runs, and the reference gets the better of it. */
const best = (a, b) => (a.ms <= b.ms ? a : b);

/** The bulk account's rows and blobs, and a reader account with a small book for list.do. */
async function fillData(server) {
  const bulk = await benchAccount(server, 'bench_bulk');
  fillRows(server, bulk.userId);
  const blobs = await fillBlobs(server);
  const { client } = await benchAccount(server, 'bench_reader');
  const form = new FormData();
  form.append('file', new Blob([bookVcf(200)], { type: 'text/vcard' }), 'small.vcf');
  await client.fetch('/contact/inport.do', { method: 'POST', body: form });
  const db = path.join(server.dataDir, 'phonecloud.sqlite');
  const dbBytes = Number(execFileSync('stat', ['-c', '%s', db], { encoding: 'utf8' }).trim());
  console.log(
    `data: ${blobs} blobs of ${BLOB_BYTES} B (${GIB.toFixed(2)} GiB), ${ROWS} rows, database ${(dbBytes / 1024 ** 2).toFixed(1)} MiB`,
  );
  return { blobs, client, db, dbBytes };
}

export default async function backupBench() {
  const server = await startServer({ SEED_DEMO: '0' });
  const work = mkdtempSync(path.join(tmpdir(), 'pc-bench-backup-'));
  try {
    const { blobs, client, db, dbBytes } = await fillData(server);

    const idle = latencies(client);
    await new Promise((r) => setTimeout(r, 3000));
    const idleP99 = await idle.stop();

    const before = await reference(server, work, db, client, 'reference-before');

    execFileSync('sync');
    const during = latencies(client);
    const made = await timedProcess(
      process.execPath,
      [path.join(ROOT, 'apps/server/dist/admin.js'), 'backup', 'create', path.join(work, 'backup')],
      { DATA_DIR: server.dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    );
    const busyP99 = await during.stop();
    const ref = best(before, await reference(server, work, db, client, 'reference-after'));
    const { cp, dot, flushed } = ref;
    const again = await timedProcess(
      process.execPath,
      [path.join(ROOT, 'apps/server/dist/admin.js'), 'backup', 'create', path.join(work, 'backup')],
      { DATA_DIR: server.dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    );
    console.log(`backup: ${made.out.trim()}`);
    console.log(
      `cp -r blobs ${cp.ms.toFixed(0)} ms + sqlite3 .backup ${dot.ms.toFixed(0)} ms (+ sync -f ${flushed.ms.toFixed(0)} ms; the faster of ${before.ms.toFixed(0)} ms before and the run after); backup ${made.ms.toFixed(0)} ms, again ${again.ms.toFixed(0)} ms`,
    );
    // The target is a speed at 10 GiB; at the default size the command's fixed start
    // (process, database copy, manifest: about 0.3-0.7 s) is most of the time and no target is judged.
    const bytes = blobs * BLOB_BYTES + dbBytes;
    const speed = (ms) => bytes / 1024 ** 2 / (ms / 1000);
    const target = GIB >= 10 ? { test: (r) => r >= 0.8, text: '>= 0.8x (at 10 GiB)' } : undefined;
    report(
      'backup create (online, fsynced; blobs not read back) vs cp -r + sqlite3 .backup (MB/s)',
      speed(made.ms),
      speed(ref.ms),
      'MB/s',
      target,
    );
    report(
      'backup create vs cp -r + sqlite3 .backup + sync -f (the copy made durable too) (MB/s)',
      speed(made.ms),
      speed(ref.durableMs),
      'MB/s',
    );
    report('second backup into the same folder (no new blob) vs the first', again.ms, made.ms, 'ms');
    report(
      `list.do p99 during the backup (${busyP99.count} calls) vs idle (${idleP99.count})`,
      busyP99.p99,
      idleP99.p99,
      'ms',
    );
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
