import type { AppDeps } from '../../http/context.js';
import { stale } from './errors.js';
import { SmsRepo } from './repo.js';

export interface BoxChange {
  repo: SmsRepo;
  userId: number;
  version: number;
  now: number;
}

/**
 * Runs `fn` as one change of the user's box, in one transaction, at the box's next
 * sync_version. With `expected` (the sync_version the browser holds) a box that has moved on
 * refuses the change before anything is written.
 */
export async function changeBox<T>(
  deps: AppDeps,
  userId: number,
  expected: number | undefined,
  fn: (change: BoxChange) => Promise<T>,
): Promise<{ result: T; syncVersion: number; now: number }> {
  const now = deps.clock.now();
  await new SmsRepo(deps.db).ensureBook(userId, now);
  return deps.db.transaction().execute(async (trx) => {
    const repo = new SmsRepo(trx);
    const version =
      expected === undefined ? await repo.bump(userId, now) : await repo.bumpFrom(userId, now, expected);
    if (version === null) throw stale();
    const result = await fn({ repo, userId, version, now });
    return { result, syncVersion: version, now };
  });
}
