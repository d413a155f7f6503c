import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, freePort, schemaUrl, startBuiltServer } from './support/built-server.js';

const INSTANCES = 3;

/**
 * A rolling deploy starts several instances at the same moment on an empty PostgreSQL: every one
 * must come up, the migrations must run once, and the demo account must be seeded once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('instances started together [postgres]', () => {
  const tag = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const schemas = [`startup_${tag}`, `startup_one_${tag}`];
  const base = process.env.TEST_DATABASE_URL ?? '';
  const urlOf = (schema: string) => schemaUrl(base, schema);
  const dirs: string[] = [];
  const procs: ChildProcess[] = [];

  beforeAll(async () => {
    buildServer();
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
    return Promise.all(
      Array.from({ length: n }, async () => {
        const port = await freePort();
        const dataDir = mkdtempSync(path.join(tmpdir(), 'pc-startup-'));
        dirs.push(dataDir);
        const server = await startBuiltServer(port, {
          DATA_DIR: dataDir,
          SESSION_SECRET: 'startup-test-secret-'.padEnd(40, 'x'),
          SEED_DEMO: '1',
          WEB_DIST: path.join(dataDir, 'no-web'),
          DATABASE_URL: databaseUrl,
        });
        procs.push(server.proc);
        return server;
      }),
    );
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
