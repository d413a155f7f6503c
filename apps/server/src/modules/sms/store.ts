import type { AppDeps } from '../../http/context.js';
import { BlobIndex } from '../../storage/blob-index.js';
import { changeBox } from './box.js';
import { SmsFileKind, SmsFilesRepo } from './files-repo.js';
import { type IncomingMessage, type PreparedMessage, prepareBatch } from './incoming.js';
import { conversationChanges, type NewMessageRow, type SmsRepo, twinOf } from './repo.js';

export type { IncomingMessage, IncomingPicture, PreparedMessage } from './incoming.js';

class NothingNew extends Error {}

/**
 * Adds messages to a box as one change (one sync_version): messages the box has already (same
 * import key) are skipped, so adding the same batch twice adds nothing. Pictures go to the blob
 * store first, each held by one row of the user's files. Answers how many were added.
 */
export async function addMessages(
  deps: AppDeps,
  userId: number,
  batch: readonly IncomingMessage[],
): Promise<number> {
  return writePrepared(deps, userId, prepareBatch(batch));
}

/** `addMessages` of a batch prepared already (by the import's reading thread). */
export async function writePrepared(
  deps: AppDeps,
  userId: number,
  prepared: readonly PreparedMessage[],
): Promise<number> {
  return (await writePreparedKeys(deps, userId, prepared)).length;
}

/** `writePrepared`, answering the import keys of the messages it added. */
export async function writePreparedKeys(
  deps: AppDeps,
  userId: number,
  prepared: readonly PreparedMessage[],
): Promise<string[]> {
  const now = deps.clock.now();
  if (prepared.length === 0) return [];

  try {
    const { result } = await changeBox(deps, userId, undefined, async ({ repo, version }) => {
      const known = await repo.knownImportKeys(
        userId,
        prepared.map((p) => p.key),
      );
      const fresh = await withoutPictureTwins(
        repo,
        userId,
        prepared.filter((p) => !known.has(p.key)),
      );
      // Nothing new: the transaction is rolled back, so the box keeps its sync_version.
      if (fresh.length === 0) throw new NothingNew();
      await storePictures(deps, repo, userId, fresh, now);
      const filled = await fillPlainTwins(repo, userId, fresh, now);
      const added = fresh.filter((p) => !filled.has(p));
      if (added.length === 0) {
        await repo.log.record(userId, version, conversationChanges([...filled].map((p) => p.address)));
        return fresh.map((p) => p.key);
      }
      const first = await repo.allocate(userId, added.length);
      const rows: NewMessageRow[] = added.map((p, i) => ({
        user_id: userId,
        id: first + i,
        address: p.address,
        body: p.m.body,
        date: p.m.date,
        type: p.m.type,
        locked: p.m.locked ? 1 : 0,
        read: p.m.read ? 1 : 0,
        optime: now,
        import_key: p.key,
        attachments: p.pictures.length ? JSON.stringify(p.pictures) : null,
        size: Buffer.byteLength(p.m.body) + 64,
      }));
      await repo.insertMessages(rows);
      await repo.addToConversations(userId, rows);
      const changed = [...rows.map((r) => r.address), ...[...filled].map((p) => p.address)];
      await repo.log.record(userId, version, conversationChanges(changed));
      return fresh.map((p) => p.key);
    });
    return result;
  } catch (err) {
    if (err instanceof NothingNew) return [];
    throw err;
  }
}

/** The pictures of the messages to add, each held by one row of the user's files. */
async function storePictures(
  deps: AppDeps,
  repo: SmsRepo,
  userId: number,
  fresh: readonly PreparedMessage[],
  now: number,
): Promise<void> {
  const index = new BlobIndex(repo.db);
  for (const p of fresh) {
    for (const picture of p.m.pictures ?? []) {
      await index.storeHeld(
        deps.blobs,
        Buffer.isBuffer(picture.bytes)
          ? picture.bytes
          : Buffer.from(picture.bytes.buffer, picture.bytes.byteOffset, picture.bytes.byteLength),
        now,
        (db, blob) =>
          new SmsFilesRepo(db).insertFile({
            user_id: userId,
            id: blob.key,
            kind: SmsFileKind.PICTURE,
            blob_key: blob.key,
            name: picture.name,
            mime: picture.mime,
            size: blob.size,
            created_at: now,
            expires_at: null,
          }),
        repo.db,
      );
    }
  }
}

/**
 * MMS whose text-only copy the box has already (a phone's backup without pictures imported
 * first): each fills its copy in, pictures and import key, instead of being added beside it.
 */
async function fillPlainTwins(
  repo: SmsRepo,
  userId: number,
  fresh: readonly PreparedMessage[],
  now: number,
): Promise<Set<PreparedMessage>> {
  const filled = new Set<PreparedMessage>();
  for (const p of fresh) {
    if (p.pictures.length === 0) continue;
    const twin = await repo.plainTwin(userId, {
      address: p.address,
      date: p.m.date,
      type: p.m.type,
      body: p.m.body,
    });
    if (twin === undefined) continue;
    await repo.fillTwin(userId, twin, {
      attachments: JSON.stringify(p.pictures),
      import_key: p.key,
      optime: now,
    });
    filled.add(p);
  }
  return filled;
}

/**
 * Drops the text-only copies of messages the box has with pictures: a phone that wrote an MMS
 * back as a plain `<sms>` (its text parts only) would otherwise add it a second time.
 */
async function withoutPictureTwins(
  repo: SmsRepo,
  userId: number,
  fresh: readonly PreparedMessage[],
): Promise<PreparedMessage[]> {
  const plain = fresh.filter((p) => p.pictures.length === 0);
  if (plain.length === 0) return [...fresh];
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const p of plain) {
    from = Math.min(from, p.m.date);
    to = Math.max(to, p.m.date);
  }
  const twins = await repo.pictureMessagesBetween(userId, from, to);
  // The MMS may come in the same batch as its copy.
  for (const p of fresh)
    if (p.pictures.length > 0) twins.add(twinOf(p.address, p.m.date, p.m.type, p.m.body));
  if (twins.size === 0) return [...fresh];
  return fresh.filter(
    (p) => p.pictures.length > 0 || !twins.has(twinOf(p.address, p.m.date, p.m.type, p.m.body)),
  );
}
