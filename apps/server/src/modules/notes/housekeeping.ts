import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../http/context.js';
import { releaseUnusedFiles, UNUSED_UPLOAD_KEEP_MS } from './files.js';
import { purgeNotes, RECYCLE_KEEP_MS } from './recycle.js';
import { NotesRepo } from './repo.js';

/**
 * Per user with notes: notes 30 days in the bin go for good (with their images and recordings),
 * uploads no note names go a day after their upload, export links after theirs expire.
 */
export async function purgeNotesArea(deps: AppDeps, log?: FastifyBaseLogger): Promise<void> {
  const now = deps.clock.now();
  await deps.db.deleteFrom('note_exports').where('expires_at', '<=', now).execute();
  for (const userId of await new NotesRepo(deps.db).bookOwners()) {
    try {
      await deps.db.transaction().execute(async (trx) => {
        const repo = new NotesRepo(trx);
        // The book's row first: the user's other writers wait for this sweep.
        await repo.bump(userId, now);
        const due = await repo.recycledBefore(userId, now - RECYCLE_KEEP_MS);
        await purgeNotes(trx, userId, due, now);
        await releaseUnusedFiles(trx, userId, now, undefined, now - UNUSED_UPLOAD_KEEP_MS);
      });
    } catch (err) {
      log?.warn({ err, userId }, 'notes housekeeping failed for a user');
    }
  }
}
