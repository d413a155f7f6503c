import { SMS_LOG_KEEP } from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import { BlobIndex } from '../../storage/blob-index.js';
import { SmsFilesRepo } from './files-repo.js';
import { SmsRepo } from './repo.js';

/**
 * What the SMS area lets expire, user by user: export files after SMS_EXPORT_KEEP_HOURS (their
 * blob reference goes with them), and the change log beyond its last SMS_LOG_KEEP versions
 * (a browser holding an older sync_version reloads the list on 1009).
 */
export async function purgeSms(deps: AppDeps): Promise<void> {
  const repo = new SmsRepo(deps.db);
  const now = deps.clock.now();
  for (const userId of await repo.bookOwners()) {
    await deps.db.transaction().execute(async (trx) => {
      const index = new BlobIndex(trx);
      for (const key of await new SmsFilesRepo(trx).deleteExpiredFiles(userId, now))
        await index.unref(trx, key, now);
    });
    const box = await repo.book(userId);
    const floor = Number(box?.sync_version ?? 0) - SMS_LOG_KEEP;
    if (box && floor > Number(box.log_floor)) {
      await deps.db.transaction().execute(async (trx) => {
        const inTrx = new SmsRepo(trx);
        await inTrx.log.compact(userId, floor);
        await inTrx.compactMessageDeletes(userId, floor);
      });
    }
  }
}
