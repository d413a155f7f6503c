import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/index.js';
import type { Database } from '../../../db/schema.js';

/**
 * The batch's transaction as the areas' services see it: they open their own transaction with
 * `db.transaction().execute(fn)`, which Kysely refuses inside one. Here that call becomes a
 * savepoint of the batch's transaction (released on success, rolled back to on an error, as a
 * transaction of its own would be), so an area's rules run unchanged and still commit or roll
 * back with the whole batch. Everything else is the transaction itself.
 */
export function nestedDb(trx: Transaction<Database>): Db {
  let next = 0;
  const savepoint = async <T>(fn: (db: Db) => Promise<T>): Promise<T> => {
    const name = `sync_sp_${++next}`;
    await sql.raw(`SAVEPOINT ${name}`).execute(trx);
    try {
      const result = await fn(wrapped);
      await sql.raw(`RELEASE SAVEPOINT ${name}`).execute(trx);
      return result;
    } catch (err) {
      await sql.raw(`ROLLBACK TO SAVEPOINT ${name}`).execute(trx);
      await sql.raw(`RELEASE SAVEPOINT ${name}`).execute(trx);
      throw err;
    }
  };
  const wrapped = new Proxy(trx, {
    get(target, prop) {
      if (prop === 'transaction') return () => ({ execute: savepoint });
      const value: unknown = Reflect.get(target, prop, target);
      // Kysely's classes keep their state in private fields: their methods run on the real object.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as unknown as Db;
  return wrapped;
}
