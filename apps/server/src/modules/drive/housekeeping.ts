import { TRASH_RETENTION_DAYS } from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import { DriveService } from './service.js';
import { Uploads } from './upload/uploads.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Purges the recycle bin after 30 days and drops abandoned uploads (24 h), with their references.
 * @package
 */
export async function driveHousekeeping(deps: AppDeps): Promise<void> {
  const drive = new DriveService(deps);
  const now = deps.clock.now();
  const due = await deps.db
    .selectFrom('drive_items')
    .select(['user_id', 'id'])
    .where('trashed_at', '<=', now - TRASH_RETENTION_DAYS * DAY_MS)
    .limit(1000)
    .execute();
  for (const item of due) {
    // A restore or an earlier purge may have won meanwhile: then there is nothing to do.
    await drive.purge(item.user_id, item.id).catch(() => undefined);
  }
  await new Uploads(drive).expire(now);
}
