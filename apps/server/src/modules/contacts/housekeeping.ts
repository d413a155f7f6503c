import { TIME_MACHINE_KEEP_DAYS } from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import { RecycleService } from './recycle.js';
import { ContactsRepo } from './repo.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * What the contacts area lets expire, user by user (every query stays keyed by user_id):
 * recycle-bin entries after 30 days, the change log beyond the time machine's 30 days (each
 * contact keeps its base revision), and export files after a day.
 */
export async function purgeContacts(deps: AppDeps): Promise<void> {
  const repo = new ContactsRepo(deps.db);
  const recycle = new RecycleService(deps);
  const now = deps.clock.now();
  for (const userId of await repo.bookOwners()) {
    await recycle.purgeExpired(userId);
    await repo.deleteExpiredFiles(userId, now);
    const book = await repo.book(userId);
    const floor = await repo.lastVersionBefore(userId, now - TIME_MACHINE_KEEP_DAYS * DAY_MS);
    if (book && floor !== null && floor > Number(book.log_floor)) {
      await deps.db.transaction().execute(async (trx) => {
        const tx = new ContactsRepo(trx);
        await tx.compact(userId, floor);
        await tx.setLogFloor(userId, floor);
      });
    }
  }
}
