import type { AppDeps } from '../../http/context.js';
import { BlobIndex } from '../../storage/blob-index.js';
import { STAGED } from './upload/parts.js';

/**
 * An account being deleted: the references its files and stored upload parts hold, and the
 * staged parts of its unfinished uploads. `deps.db` is the deleting transaction.
 * @package
 */
export async function releaseDriveUser(deps: AppDeps, userId: number, now: number): Promise<void> {
  const { db } = deps;
  const refs = new Map<string, number>();
  const count = (key: string | null) => {
    if (key && key !== STAGED) refs.set(key, (refs.get(key) ?? 0) + 1);
  };
  const items = await db.selectFrom('drive_items').select('blob_key').where('user_id', '=', userId).execute();
  for (const r of items) count(r.blob_key);
  const parts = await db
    .selectFrom('drive_upload_parts')
    .select('blob_key')
    .where('user_id', '=', userId)
    .execute();
  for (const r of parts) count(r.blob_key);
  const index = new BlobIndex(db);
  for (const [key, times] of refs) await index.unref(db, key, now, times);
  const uploads = await db.selectFrom('drive_uploads').select('id').where('user_id', '=', userId).execute();
  for (const u of uploads) await deps.blobs.staging?.discard(u.id);
}
