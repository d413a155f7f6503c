import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../http/context.js';
import { ImportService } from './import.js';
import { warmUpBook } from './pool.js';

/**
 * Cards of the write path's warm-up: a first chunk (100) and two full ones (500), so the
 * statements of both sizes are prepared and kept (db/sqlite.ts); run WARM_ROUNDS times, as the
 * JIT compiles the reading (on the worker threads) and the row making fully only after a few
 * thousand cards: one round of 600 left the first import of 3,000 cards at 4-5x a later one.
 */
const WARM_CARDS = 1_100;
const WARM_ROUNDS = 2;

class RolledBack extends Error {}

/**
 * Runs one small import at start-up, the whole way (book, ids, duplicates, groups, rows,
 * revisions, UIDs), inside a transaction that is rolled back: the write path a first import
 * would otherwise pay for — query building and compiling, the database's statements and pages,
 * the JIT of the row-making code — is warm before the first request. It imports for a throwaway
 * account made in the same transaction (a negative id no real account has, a random name), so
 * nothing stays: no rows, no blob references (the warm-up cards have no photos), no
 * sync_version of anyone's book moves, no sequence is drawn. Instances starting together on one
 * PostgreSQL each use their own throwaway id and touch no shared row. A failure leaves the path
 * cold and is logged, never fatal.
 */
export async function warmImportWrites(deps: AppDeps, log?: FastifyBaseLogger): Promise<void> {
  const bytes = Buffer.from(warmUpBook(WARM_CARDS));
  for (let round = 0; round < WARM_ROUNDS; round++) await warmRound(deps, bytes, log);
}

async function warmRound(deps: AppDeps, bytes: Buffer, log?: FastifyBaseLogger): Promise<void> {
  // Within V8's small integers, as real ids are: a larger one gave the rows' objects other
  // shapes, and the first import's code was compiled again for the real ones.
  const userId = -1 - randomInt(2 ** 30 - 1);
  const now = deps.clock.now();
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          id: userId,
          username: `warm-up-${randomUUID()}`,
          // No password hash matches this: the account could not be signed in to even if it stayed.
          password_hash: '!warm-up',
          phone: null,
          email: null,
          paid_gb: 0,
          member: null,
          skin: '05',
          created_at: now,
          updated_at: now,
        })
        .execute();
      const result = await new ImportService({ ...deps, db: trx }).import(userId, [
        { name: 'warm-up.vcf', bytes },
      ]);
      if (result.added !== WARM_CARDS)
        log?.warn({ result: result.added }, 'contacts warm-up imported fewer cards');
      throw new RolledBack();
    });
  } catch (err) {
    if (!(err instanceof RolledBack)) log?.warn({ err }, 'contacts: warming the import writes failed');
  }
}
