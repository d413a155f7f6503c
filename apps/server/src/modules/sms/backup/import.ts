import { createReadStream } from 'node:fs';
import type { AppDeps } from '../../../http/context.js';
import { addMessages } from '../store.js';
import { type BrokenEntry, readBackup } from './xml-read.js';

export interface ImportReport {
  /** <sms> and <mms> entries in the file. */
  entries: number;
  added: number;
  /** Good entries the box had already (an earlier import of the same file). */
  known: number;
  broken: BrokenEntry[];
}

// Reported entries kept in full; past this only counted (a file of garbage must not fill memory).
const BROKEN_KEPT = 1000;

/**
 * Imports an "SMS Backup & Restore" file into a user's box: streamed, written in batches (one
 * sync_version each), idempotent (a message the box has is skipped), broken entries reported
 * and skipped. The phone sync reuses readBackup and addMessages.
 */
export async function importBackupFile(deps: AppDeps, userId: number, file: string): Promise<ImportReport> {
  const report: ImportReport = { entries: 0, added: 0, known: 0, broken: [] };
  let brokenCount = 0;
  report.entries = await readBackup(createReadStream(file, { highWaterMark: 256 * 1024 }), {
    // Each batch is one transaction: large enough that its fixed costs (the conversations'
    // counts, the change log) spread thin, small enough to keep memory flat.
    batchSize: 10_000,
    async onBatch(batch) {
      const added = await addMessages(deps, userId, batch);
      report.added += added;
      report.known += batch.length - added;
    },
    onBroken(entry) {
      brokenCount++;
      if (report.broken.length < BROKEN_KEPT) report.broken.push(entry);
    },
  });
  if (brokenCount > report.broken.length) {
    report.broken.push({
      index: 0,
      line: 0,
      reason: `${brokenCount - report.broken.length} more broken entries`,
    });
  }
  return report;
}
