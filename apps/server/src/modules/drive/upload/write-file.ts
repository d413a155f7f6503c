import type { Readable } from 'node:stream';
import { V2_PART_SIZE } from '@phonecloud/shared';
import { type BlobInfo, BlobTooLargeError } from '../../../storage/blob-store.js';
import { quotaExceeded } from '../quota.js';
import type { DriveService } from '../service.js';
import type { Finished, NewUpload, Uploads } from './uploads.js';

/**
 * Stores one request's body as the file `name` in a live folder, a file already there going to
 * the recycle bin (the portal's overwrite). With a known length the space is reserved first and
 * the bytes stream through an upload session; without one (chunked transfer) they are stored
 * first, within the free space, then made an item.
 */
export async function writeFile(
  drive: DriveService,
  uploads: Uploads,
  userId: number,
  target: { parentId: number; name: string },
  body: Readable,
  size: number | null,
): Promise<Finished> {
  const upload = { ...target, face: 'v1' as const, nameMode: 'overwrite' as const };
  if (size !== null && size > V2_PART_SIZE && drive.deps.blobs.staging) {
    return writeStaged(uploads, userId, { ...upload, size }, body);
  }
  if (size !== null) return uploads.uploadStream(userId, { ...upload, size }, body);
  const info = await storeWithinQuota(drive, userId, body);
  const session = await uploads.create(userId, { ...upload, size: info.size });
  try {
    return await uploads.finish(userId, session, info);
  } catch (err) {
    await uploads.abort(userId, session.id);
    throw err;
  }
}

/** A body of unknown length, stored while it fits in the free space (-2010 past it). */
async function storeWithinQuota(drive: DriveService, userId: number, body: Readable): Promise<BlobInfo> {
  const q = await drive.quota.usage(userId);
  let info: BlobInfo;
  try {
    info = await drive.deps.blobs.put(body, { maxBytes: Math.max(0, q.total - q.used - q.reserved) });
  } catch (err) {
    if (err instanceof BlobTooLargeError) throw quotaExceeded();
    throw err;
  }
  await drive.blobIndex.touch(info, drive.now());
  return info;
}

/**
 * A large file of known length through the multi-part upload, as one part: the body is written
 * in place into the staging file while the hash workers digest what is already written (the
 * one-request path hashes on the thread that receives, which halves the rate of a large upload).
 * One part, not one per 10 MiB: one request brings it all, so there is nothing to resume, and a
 * row per slice was a database write per 10 MiB.
 */
async function writeStaged(uploads: Uploads, userId: number, upload: NewUpload, body: Readable) {
  const session = await uploads.create(userId, { ...upload, face: 'v2', onePart: true });
  try {
    await uploads.leased(session, () => uploads.putWhole(session, body));
    return await uploads.complete(userId, session.id);
  } catch (err) {
    await uploads.abort(userId, session.id).catch(() => undefined);
    throw err;
  }
}
