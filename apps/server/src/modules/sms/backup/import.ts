import { createReadStream } from 'node:fs';
import { MessageChannel } from 'node:worker_threads';
import type { AppDeps } from '../../../http/context.js';
import { countImport } from '../../../lib/metrics.js';
import { workerEntry, workerPool } from '../../../lib/worker-pool.js';
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
 * The reading task's entry: only the bundled server has it (build.mjs makes it next to main.js
 * and admin.js); run from the sources (the tests), the file is read on this thread.
 */
const WORKER_FILE = workerEntry('sms-read-worker');

type Sink = (batch: PreparedMessage[], read: number) => Promise<void>;

/** Reads on this thread, writing each batch before reading on. */
async function readHere(file: string, sink: Sink, onBroken: (e: BrokenEntry) => void): Promise<number> {
  return readBackup(createReadStream(file, { highWaterMark: 256 * 1024 }), {
    batchSize: BATCH,
    onBatch: (batch) => sink(prepareBatch(batch), batch.length),
    onBroken,
  });
}

/** Reads on a pool thread while this one writes: parsing and writing overlap. */
async function readInWorker(
  entry: string,
  file: string,
  sink: Sink,
  onBroken: (e: BrokenEntry) => void,
): Promise<number> {
  const { port1: ours, port2: theirs } = new MessageChannel();
  const job: ReadJob = { file, batchSize: BATCH, ahead: AHEAD, port: theirs };
  // A failed write stops the reading: the task is aborted (the pool replaces its thread).
  const stop = new AbortController();
  let failure: unknown = null;
  // Batches are written one after another, in the order read.
  let writing = Promise.resolve();
  const read = new Promise<number>((resolve) => {
    ours.on('message', (m: ReadMessage) => {
      if (m.type === 'batch') {
        writing = writing
          .then(() => sink(m.batch, m.read))
          .then(() => ours.postMessage('written'))
          .catch((err: unknown) => {
            failure ??= err;
            stop.abort();
          });
      } else if (m.type === 'broken') {
        onBroken(m.entry);
      } else {
        resolve(m.entries);
      }
    });
  });
  const task = workerPool().run(job, { filename: entry, transferList: [theirs], signal: stop.signal });
  try {
    const [entries] = await Promise.all([read, task]);
    await writing;
    if (failure) throw failure;
    return entries;
  } catch (err) {
    throw failure ?? err;
  } finally {
    ours.close();
  }
}

/**
 * Imports an "SMS Backup & Restore" file into a user's box: streamed, written in batches (one
 * sync_version each), idempotent (a message the box has is skipped), broken entries reported
 * and skipped. The phone sync reuses readBackup and addMessages.
 */
export function importBackupFile(deps: AppDeps, userId: number, file: string): Promise<ImportReport> {
  return countImport('sms', () => importFile(deps, userId, file));
}

async function importFile(deps: AppDeps, userId: number, file: string): Promise<ImportReport> {
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
  report.entries = WORKER_FILE
    ? await readInWorker(WORKER_FILE, file, sink, onBroken)
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
