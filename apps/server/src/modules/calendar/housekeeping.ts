import { CALENDAR_BIN_KEEP_DAYS, CALENDAR_LOG_KEEP_DAYS } from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import { BlobIndex } from '../../storage/blob-index.js';
import { CalendarFilesRepo } from './files-repo.js';
import { CalendarRepo } from './repo.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * What the calendar lets expire, user by user: export files after their day (their blob
 * reference goes with them), the change log older than CALENDAR_LOG_KEEP_DAYS (a sync from
 * before it reloads everything, 1009), and recycle bin entries older than CALENDAR_BIN_KEEP_DAYS.
 */
export async function purgeCalendar(deps: AppDeps): Promise<void> {
  const repo = new CalendarRepo(deps.db);
  const now = deps.clock.now();
  await repo.purgeBin(now - CALENDAR_BIN_KEEP_DAYS * DAY_MS);
  for (const userId of await repo.bookOwners()) {
    await deps.db.transaction().execute(async (trx) => {
      const tx = new CalendarRepo(trx);
      const index = new BlobIndex(trx);
      for (const key of await new CalendarFilesRepo(trx).deleteExpiredFiles(userId, now))
        await index.unref(trx, key, now);
      const book = await tx.book(userId);
      const floor = await tx.log.lastVersionBefore(userId, now - CALENDAR_LOG_KEEP_DAYS * DAY_MS);
      if (book && floor !== null && floor > Number(book.log_floor)) {
        await tx.log.compact(userId, floor);
      }
    });
  }
}
