import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../http/context.js';
import { ImportService } from './import.js';
import { warmUpBook } from './pool.js';

/**
 * Cards of the write path's warm-up: a first chunk (100) and full ones (500), so the statements
 * of both sizes are prepared and kept (db/sqlite.ts); run WARM_ROUNDS times, as the JIT compiles
 * the row making and the import's loop only after several thousand cards: with 2 rounds of 1,100
 * the first import of 10,000 cards still compiled them (≈ 300 ms against ≈ 255 ms with these).
 */
const WARM_CARDS = 2_100;
const WARM_ROUNDS = 3;
/** The throwaway accounts' names start with this; no sign-up name can (the user-name rule). */
const WARM_PREFIX = 'warm-up-';
/**
 * A throwaway account older than this is one a stopped start left behind: a start's warm-up takes
 * seconds, and another instance starting now may be using its own.
 */
const LEFT_BEHIND_MS = 10 * 60_000;

/**
 * Runs a small import at start-up the whole way a real one goes (book, its own transaction, ids,
 * duplicates, groups, rows, revisions, UIDs), rolled back at its end: the write path a first
 * import would otherwise pay for — query building and compiling, the database's statements and
 * pages, the JIT of the row-making code and of the transaction's objects — is warm before the
 * first request. It imports for a throwaway account (a negative id no real account has, a random
 * name) removed afterwards; the rolled-back import leaves it only its empty book, which goes with
 * it. Nothing else stays: no contact, no blob reference (the cards have no photos), no
 * sync_version of anyone's book moves. Instances starting together on one PostgreSQL each use
 * their own account. A failure leaves the path cold and is logged, never fatal.
 */
export async function warmImportWrites(deps: AppDeps, log?: FastifyBaseLogger): Promise<void> {
  const bytes = Buffer.from(warmUpBook(WARM_CARDS));
  // Within V8's small integers, as real ids are: a larger one gave the rows' objects other
  // shapes, and the first import's code was compiled again for the real ones.
  const userId = -1 - randomInt(2 ** 30 - 1);
  const now = deps.clock.now();
  try {
    await removeLeftBehind(deps, log);
    await deps.db
      .insertInto('users')
      .values({
        id: userId,
        username: `${WARM_PREFIX}${randomUUID()}`,
        // No password hash matches this: the account cannot be signed in to while it exists.
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
    const service = new ImportService(deps);
    for (let round = 0; round < WARM_ROUNDS; round++) {
      const result = await service.import(userId, [{ name: 'warm-up.vcf', bytes }], { rollBack: true });
      if (result.added !== WARM_CARDS)
        log?.warn({ added: result.added }, 'contacts warm-up imported fewer cards');
    }
  } catch (err) {
    log?.warn({ err }, 'contacts: warming the import writes failed');
  } finally {
    // Its book goes with it (every user table cascades from users).
    await deps.db
      .deleteFrom('users')
      .where('id', '=', userId)
      .execute()
      .catch((err: unknown) => log?.warn({ err }, 'contacts: removing the warm-up account failed'));
  }
}

/** Throwaway accounts of starts that stopped before removing theirs. */
async function removeLeftBehind(deps: AppDeps, log?: FastifyBaseLogger): Promise<void> {
  const removed = await deps.db
    .deleteFrom('users')
    .where('id', '<', 0)
    .where('username', 'like', `${WARM_PREFIX}%`)
    .where('created_at', '<', deps.clock.now() - LEFT_BEHIND_MS)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0)
    log?.info({ accounts: Number(removed.numDeletedRows) }, 'contacts: removed warm-up accounts left behind');
}
