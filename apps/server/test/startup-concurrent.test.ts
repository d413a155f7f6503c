import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const INSTANCES = 3;

async function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

/** Resolves when the process answers on its port, rejects when it exits first. */
async function serving(proc: ChildProcess, port: number, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`instance exited with ${proc.exitCode}:\n${log()}`);
    const up = await fetch(`http://127.0.0.1:${port}/platform/info.do`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`instance did not start:\n${log()}`);
}

/**
 * A rolling deploy starts several instances at the same moment on an empty PostgreSQL: every one
 * must come up, the migrations must run once, and the demo account must be seeded once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('instances started together [postgres]', () => {
  const tag = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const schemas = [`startup_${tag}`, `startup_one_${tag}`];
  const base = process.env.TEST_DATABASE_URL ?? '';
  const urlOf = (schema: string) =>
    `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const dirs: string[] = [];
  const procs: ChildProcess[] = [];

  beforeAll(async () => {
    execFileSync(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, stdio: 'inherit' });
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    for (const schema of schemas) await c.query(`CREATE SCHEMA "${schema}"`);
    await c.end();
  }, 120_000);

  afterAll(async () => {
    for (const p of procs) p.kill('SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    for (const schema of schemas) await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await c.end();
  });

  /** Starts `n` instances at the same moment on one schema and waits until all serve. */
  async function startTogether(n: number, databaseUrl: string) {
    const started = await Promise.all(
      Array.from({ length: n }, async () => {
        const port = await freePort();
        const dataDir = mkdtempSync(path.join(tmpdir(), 'pc-startup-'));
        dirs.push(dataDir);
        let output = '';
        const proc = spawn(process.execPath, [path.join(SERVER_DIR, 'dist/main.js')], {
          env: {
            PATH: process.env.PATH,
            NODE_ENV: 'production',
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            SESSION_SECRET: 'startup-test-secret-'.padEnd(40, 'x'),
            SEED_DEMO: '1',
            LOG_LEVEL: 'warn',
            WEB_DIST: path.join(dataDir, 'no-web'),
            DATABASE_URL: databaseUrl,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        proc.stdout?.on('data', (d) => {
          output += d;
        });
        proc.stderr?.on('data', (d) => {
          output += d;
        });
        procs.push(proc);
        return { proc, port, log: () => output };
      }),
    );
    await Promise.all(started.map((s) => serving(s.proc, s.port, s.log)));
    return started;
  }

  async function counts(databaseUrl: string) {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      const one = async (q: string) => (await c.query(q)).rows;
      return {
        users: (await one('SELECT username FROM users')).map((r) => r.username),
        migrations: (await one('SELECT name FROM kysely_migration')).map((r) => r.name),
        contacts: (await one('SELECT COUNT(*)::int AS n FROM contacts'))[0].n,
        driveItems: (await one('SELECT COUNT(*)::int AS n FROM drive_items'))[0].n,
      };
    } finally {
      await c.end();
    }
  }

  it(`brings all ${INSTANCES} up, migrated and seeded once`, async () => {
    const [together, alone] = [urlOf(schemas[0] ?? ''), urlOf(schemas[1] ?? '')];
    const started = await startTogether(INSTANCES, together);
    for (const s of started) expect(s.proc.exitCode).toBeNull();
    await startTogether(1, alone);

    const got = await counts(together);
    const reference = await counts(alone);
    expect(got.users).toEqual(['demo']);
    expect(new Set(got.migrations).size).toBe(got.migrations.length);
    // What one instance seeds alone, no more: no area ran its seed twice.
    expect(got.contacts).toBe(reference.contacts);
    expect(got.driveItems).toBe(reference.driveItems);
    expect(got.contacts).toBeGreaterThan(0);
  }, 180_000);
});
