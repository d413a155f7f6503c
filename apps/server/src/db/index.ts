import path from 'node:path';
import { Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import { watchPool } from '../lib/metrics.js';
import type { Db, DbHandle } from './handle.js';
import { migrateToLatest } from './migrate.js';
import { OwnSchemaPostgresDialect } from './pg-dialect.js';
import type { Database } from './schema.js';
import { openSqlite } from './sqlite.js';
import { withStartupLock } from './startup-lock.js';

export type { Db, DbHandle } from './handle.js';

// int8 columns hold epoch milliseconds and ids, all far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.FLOAT8, (v) => Number(v));

export interface OpenDbOptions {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL schema to use (tests isolate themselves in one). */
  pgSchema?: string;
}

const pgPools = new WeakMap<Db, pg.Pool>();
/**
 * The connection settings of a PostgreSQL database (null on SQLite): for a connection of its
 * own outside the pool, such as a LISTEN that must stay open.
 */
export function pgConnectionConfig(db: Db): pg.PoolConfig | null {
  return pgPools.get(db)?.options ?? null;
}

export async function openDb(opts: OpenDbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    if (opts.pgSchema) {
      const client = await pool.connect();
      try {
        await client.query(`CREATE SCHEMA IF NOT EXISTS "${opts.pgSchema}"`);
      } finally {
        client.release();
      }
    }
    const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
    pgPools.set(db, pool);
    const unwatch = watchPool(pool);
    const handle: DbHandle = {
      db,
      dialect: 'postgres',
      close: () => {
        unwatch();
        return db.destroy();
      },
    };
    // Instances started together migrate one after the other (the first does the work).
    await withStartupLock(handle, () => migrateToLatest(db as Kysely<unknown>, 'postgres'));
    return handle;
  }
  const sqlite = openSqlite(path.join(opts.dataDir, 'phonecloud.sqlite'));
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite.database }) });
  await migrateToLatest(db as Kysely<unknown>, 'sqlite');
  return {
    db,
    dialect: 'sqlite',
    async close() {
      await sqlite.stopCheckpointer();
      await db.destroy();
    },
  };
}
