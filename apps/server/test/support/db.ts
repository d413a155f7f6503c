import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DbHandle, openDb } from '../../src/db/index.js';

export type TestDialect = 'sqlite' | 'postgres';

/** The databases API tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DIALECTS: TestDialect[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface TestDb {
  handle: DbHandle;
  dataDir: string;
  dispose(): Promise<void>;
}

/** A fresh database: a temp dir for SQLite, a schema of its own on PostgreSQL. */
export async function openTestDb(dialect: TestDialect): Promise<TestDb> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pc-test-'));
  if (dialect === 'sqlite') {
    const handle = await openDb({ dataDir });
    return {
      handle,
      dataDir,
      async dispose() {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const handle = await openDb({ dataDir, databaseUrl: url, pgSchema: schema });
  return {
    handle,
    dataDir,
    async dispose() {
      await handle.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
