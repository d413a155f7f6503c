import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/index.js';
import {
  backupsIn,
  blobFiles,
  manifestOf,
  runAdmin,
  seedAccount,
  sessionClient,
  uploadFile,
} from './support/backup.js';
import {
  type BuiltServer,
  buildServer,
  freePort,
  schemaUrl,
  startBuiltServer,
} from './support/built-server.js';
import { TEST_DIALECTS } from './support/db.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';
/** Every 1.8 s: a test waits for a few periods. */
const EVERY_HOURS = '0.0005';

async function metric(s: BuiltServer, name: string): Promise<number> {
  const text = await (
    await fetch(`http://127.0.0.1:${s.port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
  ).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

async function until(check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(TEST_DIALECTS)('scheduled backups, two instances on one database [%s]', (dialect) => {
  const work = mkdtempSync(path.join(tmpdir(), 'pc-schedule-'));
  const dataDir = path.join(work, 'data');
  const backupDir = path.join(work, 'backups');
  const schema = `sched_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const base = process.env.TEST_DATABASE_URL ?? '';
  const dbEnv: Record<string, string> =
    dialect === 'postgres' ? { DATABASE_URL: schemaUrl(base, schema) } : {};
  const servers: BuiltServer[] = [];
  let cookie = '';
  const start = async (env: Record<string, string>) => {
    const s = await startBuiltServer(await freePort(), {
      DATA_DIR: dataDir,
      WEB_DIST: path.join(work, 'none'),
      METRICS_TOKEN: TOKEN,
      LOG_LEVEL: 'info',
      ...dbEnv,
      ...env,
    });
    servers.push(s);
    return s;
  };

  beforeAll(async () => {
    buildServer();
    mkdirSync(dataDir);
    const handle = await openDb(
      dialect === 'postgres' ? { dataDir, databaseUrl: base, pgSchema: schema } : { dataDir },
    );
    cookie = await seedAccount(handle, 'scheduled');
    await handle.close();
  }, 120_000);
  afterAll(async () => {
    for (const s of servers) {
      if (s.proc.exitCode === null && s.proc.signalCode === null) {
        s.proc.kill('SIGTERM');
        await new Promise((r) => s.proc.once('exit', r));
      }
    }
    if (dialect === 'postgres') {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    }
    rmSync(work, { recursive: true, force: true });
  });

  it('one instance backs up each period, the newest BACKUP_KEEP are kept, success and failure counted', {
    timeout: 180_000,
  }, async () => {
    const env = { BACKUP_DIR: backupDir, BACKUP_EVERY_HOURS: EVERY_HOURS, BACKUP_KEEP: '2' };
    // From before the first instance starts: it looks at the schedule as it starts.
    const began = Date.now();
    const a = await start(env);
    const b = await start(env);
    await uploadFile(await sessionClient(a.port, cookie), 'kept.bin', Buffer.from('一个会被备份的文件'));
    const runs = async () =>
      (await metric(a, 'phonecloud_backup_runs_total{result="ok"}')) +
      (await metric(b, 'phonecloud_backup_runs_total{result="ok"}'));
    await until(async () => (await runs()) >= 2);
    // A blob no backup names (left by a removed backup): the next run's pruning takes it away.
    const stray = path.join(backupDir, 'blobs', 'ff', 'ff', 'f'.repeat(64));
    mkdirSync(path.dirname(stray), { recursive: true });
    writeFileSync(stray, 'stray');
    const seen = await runs();
    await until(async () => (await runs()) >= seen + 2);
    const elapsed = Date.now() - began;
    const total = await runs();
    // One run per period between both instances, never one each.
    expect(total).toBeLessThanOrEqual(Math.ceil(elapsed / 1800) + 1);
    expect(await metric(a, 'phonecloud_backup_runs_total{result="failed"}')).toBe(0);

    const names = backupsIn(backupDir);
    expect(names.length).toBeLessThanOrEqual(3);
    const finished = names.filter((n) => {
      try {
        manifestOf(backupDir, n);
        return true;
      } catch {
        return false;
      }
    });
    expect(finished.length).toBe(2);
    const named = new Set(finished.flatMap((n) => manifestOf(backupDir, n).blobs.map((x) => x.key)));
    expect(named.size).toBeGreaterThan(0);
    expect(blobFiles(path.join(backupDir, 'blobs')).filter((f) => !named.has(path.basename(f)))).toEqual([]);

    // Both instances tell the same last success (read from the database), a recent one.
    await until(
      async () =>
        (await metric(a, 'phonecloud_backup_last_success_timestamp_seconds')) ===
        (await metric(b, 'phonecloud_backup_last_success_timestamp_seconds')),
    );
    expect(await metric(b, 'phonecloud_backup_last_success_timestamp_seconds')).toBeGreaterThan(began / 1000);
    a.proc.kill('SIGTERM');
    b.proc.kill('SIGTERM');
    await Promise.all([a, b].map((s) => new Promise((r) => s.proc.once('exit', r))));
    expect(a.log()).toContain('scheduled backup: backup');
    const verified = await runAdmin({ DATA_DIR: dataDir, ...dbEnv }, ['backup', 'verify', backupDir]);
    // A run SIGTERM cut short may have left an unfinished folder; the finished ones verify.
    for (const n of finished) expect(verified.err).not.toContain(`${n}/`);
  });

  it('a failing backup is logged and counted, and no success is told', { timeout: 120_000 }, async () => {
    const blocked = path.join(work, 'a-file');
    writeFileSync(blocked, 'not a folder');
    const s = await start({ BACKUP_DIR: path.join(blocked, 'backups'), BACKUP_EVERY_HOURS: EVERY_HOURS });
    await until(async () => (await metric(s, 'phonecloud_backup_runs_total{result="failed"}')) >= 1);
    expect(await metric(s, 'phonecloud_backup_runs_total{result="ok"}')).toBe(0);
    expect(s.log()).toContain('scheduled backup failed');
  });
});
