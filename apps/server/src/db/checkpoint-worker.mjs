// The SQLite checkpointer's thread (see sqlite.ts). Plain JavaScript so that the same file runs
// from the sources (the tests) and beside the bundled server (build.mjs copies it).
import { statSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

// Background work: below the thread that serves requests (on Linux this applies to this thread
// only). Should it fall far behind, SQLite's own checkpoint takes over (see sqlite.ts).
try {
  setPriority(0, 10);
} catch {
  // Not allowed here: the same work at the same priority.
}

const { filename, everyMs } = workerData;
const db = new Database(filename, { fileMustExist: true });
// Never wait for a lock: a checkpoint that cannot run now runs at the next look.
db.pragma('busy_timeout = 0');

/** The log as last fully checkpointed: its size and time of change. */
let done = '';
const timer = setInterval(() => {
  let now;
  try {
    const wal = statSync(`${filename}-wal`);
    now = `${wal.size}:${wal.mtimeMs}`;
  } catch {
    return; // no log yet
  }
  if (now === done) return;
  try {
    // PASSIVE copies what no reader still needs and never blocks the writer or the readers.
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    // Frames a reader still needed are copied at a later look.
    if (result && result.checkpointed === result.log) done = now;
  } catch {
    // Busy (another checkpoint, or the database closing): looked at again next time.
  }
}, everyMs);

parentPort?.on('message', (msg) => {
  if (msg !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
