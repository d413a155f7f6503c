import { createReadStream, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AppDeps } from '../../../http/context.js';
import { type PreparedMessage, prepareBatch } from '../incoming.js';
import { writePrepared } from '../store.js';
import type { ReadJob, ReadMessage } from './read-worker.js';
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
// Each batch is one transaction: large enough that its fixed costs (the conversations' counts,
// the change log) spread thin, small enough to keep memory flat.
const BATCH = 10_000;
// Batches the reading thread may prepare ahead of the writer.
const AHEAD = 2;
/**
 * Only the bundled server has the reading thread's own file (build.mjs makes it next to
 * main.js and admin.js); run from the sources (the tests), the file is read on this thread.
 */
const WORKER_FILE = fileURLToPath(new URL('./sms-read-worker.js', import.meta.url));

type Sink = (batch: PreparedMessage[], read: number) => Promise<void>;

/** Reads on this thread, writing each batch before reading on. */
async function readHere(file: string, sink: Sink, onBroken: (e: BrokenEntry) => void): Promise<number> {
  return readBackup(createReadStream(file, { highWaterMark: 256 * 1024 }), {
    batchSize: BATCH,
    onBatch: (batch) => sink(prepareBatch(batch), batch.length),
    onBroken,
  });
}

/** Reads on a worker thread while this one writes: parsing and writing overlap. */
function readInWorker(file: string, sink: Sink, onBroken: (e: BrokenEntry) => void): Promise<number> {
  const job: ReadJob = { file, batchSize: BATCH, ahead: AHEAD };
  const worker = new Worker(WORKER_FILE, { workerData: job });
  return new Promise<number>((resolve, reject) => {
    // Batches are written one after another, in the order read.
    let writing = Promise.resolve();
    let failed = false;
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      void worker.terminate();
      reject(err);
    };
    worker.on('message', (m: ReadMessage) => {
      if (m.type === 'batch') {
        writing = writing
          .then(() => sink(m.batch, m.read))
          .then(() => worker.postMessage('written'))
          .catch(fail);
      } else if (m.type === 'broken') {
        onBroken(m.entry);
      } else if (m.type === 'done') {
        writing.then(() => {
          void worker.terminate();
          if (!failed) resolve(m.entries);
        }, fail);
      } else {
        fail(new Error(m.message));
      }
    });
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (code !== 0 && code !== 1) fail(new Error(`the reading thread stopped (${code})`));
    });
  });
}

/**
 * Imports an "SMS Backup & Restore" file into a user's box: streamed, written in batches (one
 * sync_version each), idempotent (a message the box has is skipped), broken entries reported
 * and skipped. The phone sync reuses readBackup and addMessages.
 */
export async function importBackupFile(deps: AppDeps, userId: number, file: string): Promise<ImportReport> {
  const report: ImportReport = { entries: 0, added: 0, known: 0, broken: [] };
  let brokenCount = 0;
  const sink: Sink = async (batch, read) => {
    const added = await writePrepared(deps, userId, batch);
    report.added += added;
    // Entries read well but not added: in the box already, or repeated inside the file.
    report.known += read - added;
  };
  const onBroken = (entry: BrokenEntry) => {
    brokenCount++;
    if (report.broken.length < BROKEN_KEPT) report.broken.push(entry);
  };
  report.entries = existsSync(WORKER_FILE)
    ? await readInWorker(file, sink, onBroken)
    : await readHere(file, sink, onBroken);
  if (brokenCount > report.broken.length) {
    report.broken.push({
      index: 0,
      line: 0,
      reason: `${brokenCount - report.broken.length} more broken entries`,
    });
  }
  return report;
}
