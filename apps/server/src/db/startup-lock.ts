import { sql } from 'kysely';
import type { DbHandle } from './handle.js';

/** Any fixed number: every instance of this product asks PostgreSQL for the same one. */
const STARTUP_LOCK_KEY = 7_330_118_402;

/**
 * Runs the one-off start-up writes (the demo seed) while holding a PostgreSQL advisory lock, so
 * that N instances started together (a rolling deploy, a compose file) take turns: the first
 * seeds, the others find the work done. The lock is a session lock on one pooled connection and
 * ends with it, also if the process dies. SQLite serves one instance; it needs no lock.
 */
export async function withStartupLock<T>(handle: DbHandle, work: () => Promise<T>): Promise<T> {
  if (handle.dialect !== 'postgres') return work();
  return handle.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(conn);
    }
  });
}
