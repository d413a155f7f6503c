import { TIME_MACHINE_KEEP_DAYS } from '@phonecloud/shared';
import type { Db } from '../../db/index.js';
import type { AppDeps } from '../../http/context.js';
import { BlobIndex } from '../../storage/blob-index.js';
import { avatarPath } from './files/avatar.js';
import { ContactFilesRepo } from './files/files-repo.js';
import { RecycleService } from './history/recycle.js';
import { ContactsRepo } from './repo.js';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
// An avatar is uploaded before the contact naming it is saved; an editor left open a while
// must still find it.
const UNUSED_AVATAR_KEEP_MS = DAY_MS;
// Looking for unused avatars reads every stored text of a book: once a day per book is plenty.
const SWEEP_EVERY_MS = DAY_MS;
// The avatar paths (cloud_path) named in a stored contact's JSON; the path has no regex specials.
const NAMED_AVATAR_RE = new RegExp(`${avatarPath('')}([0-9a-f]{64})`, 'g');

/**
 * What the contacts area lets expire, user by user (every query stays keyed by user_id):
 * recycle-bin entries after 30 days, the change log beyond the time machine's 30 days (each
 * contact keeps its base revision), export files after a day, and avatars no contact names
 * any more (not in the book, the bin or the time machine). A file's blob reference goes with it.
 */
export async function purgeContacts(deps: AppDeps): Promise<void> {
  const repo = new ContactsRepo(deps.db);
  const recycle = new RecycleService(deps);
  const now = deps.clock.now();
  for (const userId of await repo.bookOwners()) {
    await recycle.purgeExpired(userId);
    const book = await repo.book(userId);
    const floor = await repo.lastVersionBefore(userId, now - TIME_MACHINE_KEEP_DAYS * DAY_MS);
    if (book && floor !== null && floor > Number(book.log_floor)) {
      await deps.db.transaction().execute(async (trx) => {
        const tx = new ContactsRepo(trx);
        await tx.compact(userId, floor);
        await tx.setLogFloor(userId, floor);
      });
    }
    await deps.db
      .transaction()
      .execute(async (trx) =>
        unrefAll(trx, await new ContactFilesRepo(trx).deleteExpiredFiles(userId, now), now),
      );
    if (book && Number(book.files_swept_at) <= now - SWEEP_EVERY_MS) await sweepAvatars(deps, userId, now);
  }
}

/** Drops the references of the files just removed in `trx`. */
async function unrefAll(trx: Db, keys: readonly string[], now: number): Promise<void> {
  const index = new BlobIndex(trx);
  for (const key of keys) await index.unref(trx, key, now);
}

/**
 * Removes the user's avatars that no contact names, in one transaction that first writes the
 * book's row: a save of the same book waits for it, or it reads what the save wrote.
 */
async function sweepAvatars(deps: AppDeps, userId: number, now: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const files = new ContactFilesRepo(trx);
    await files.markFilesSwept(userId, now);
    const old = await files.avatarFilesBefore(userId, now - UNUSED_AVATAR_KEEP_MS);
    if (old.length === 0) return;
    const named = new Set<string>();
    for (const text of await files.textsMentioning(userId, avatarPath(''))) {
      for (const m of text.matchAll(NAMED_AVATAR_RE)) named.add(m[1] as string);
    }
    const unused = old.filter((id) => !named.has(id));
    if (unused.length > 0) await unrefAll(trx, await files.deleteFiles(userId, unused), now);
  });
}
