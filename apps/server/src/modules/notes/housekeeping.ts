import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../http/context.js';
import { releaseUnusedFiles, UNUSED_UPLOAD_KEEP_MS } from './files.js';
import { purgeNotes, RECYCLE_KEEP_MS } from './recycle.js';
import { NotesRepo } from './repo.js';

/** The change log keeps this many versions; a sync from before them reloads in full. */
export const NOTE_LOG_KEEP = 5000;

/**
 * Per user with notes: notes 30 days in the bin go for good (with their images and recordings),
 * uploads no note names go a day after their upload, export links after theirs expire, and the
 * change log beyond its last NOTE_LOG_KEEP versions.
 */
export async function purgeNotesArea(deps: AppDeps, log?: FastifyBaseLogger): Promise<void> {
  const now = deps.clock.now();
  await deps.db.deleteFrom('note_exports').where('expires_at', '<=', now).execute();
  for (const userId of await new NotesRepo(deps.db).bookOwners()) {
    try {
      await deps.db.transaction().execute(async (trx) => {
        const repo = new NotesRepo(trx);
        // The book's row first: the user's other writers wait for this sweep.
        await repo.lockBook(userId);
        const due = await repo.recycledBefore(userId, now - RECYCLE_KEEP_MS);
        await purgeNotes(trx, userId, due, now);
        await releaseUnusedFiles(trx, userId, now, undefined, now - UNUSED_UPLOAD_KEEP_MS);
        const book = await repo.book(userId);
        const floor = Number(book?.sync_version ?? 0) - NOTE_LOG_KEEP;
        if (book && floor > Number(book.log_floor)) await repo.log.compact(userId, floor);
      });
    } catch (err) {
      log?.warn({ err, userId }, 'notes housekeeping failed for a user');
    }
  }
}
