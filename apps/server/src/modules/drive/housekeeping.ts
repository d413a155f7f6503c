import { TRASH_RETENTION_DAYS } from '@phonecloud/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../http/context.js';
import { DriveService } from './service.js';
import { Uploads } from './uploads.js';

const DAY_MS = 24 * 60 * 60_000;

/** Purges the recycle bin after 30 days, drops abandoned uploads (24 h), removes unreferenced blobs. */
export async function driveHousekeeping(
  deps: AppDeps,
  log?: FastifyBaseLogger,
  heldElsewhere?: (key: string) => Promise<boolean>,
): Promise<void> {
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
  await drive.blobIndex.collect(deps.blobs, now, log, heldElsewhere);
  await deps.blobs.sweep?.(now);
}
