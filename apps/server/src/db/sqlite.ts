import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import SqliteDatabase, { type Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqlite, SqliteStatement } from 'kysely';

/**
 * Statements kept prepared, by SQL text. Kysely prepares every query it runs; parsing and
 * planning the same text again each time cost an import of 10,000 cards more than a tenth of
 * its writing time (its multi-row inserts repeat a few texts), and every request pays it too.
 */
const STATEMENTS_KEPT = 256;

/**
 * The background checkpointer takes the write-ahead log back into the database file; SQLite's
 * own checkpoint only steps in when the log has grown this many pages (about 64 MB) without it,
 * e.g. when its thread is gone.
 */
const FALLBACK_CHECKPOINT_PAGES = 16_384;
/** How often the checkpointer looks whether the log changed. */
const CHECKPOINT_EVERY_MS = 250;

const CHECKPOINT_WORKER = fileURLToPath(new URL('./checkpoint-worker.mjs', import.meta.url));

/** A statement that does nothing (a rollback of a transaction SQLite already ended). */
const NO_OP: SqliteStatement = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
};

/** better-sqlite3 for Kysely with its statements kept (LRU), so a repeated query is not prepared again. */
export class PreparedStatements implements KyselySqlite {
  private readonly kept = new Map<string, Statement>();

  constructor(
    readonly file: SqliteDatabase.Database,
    private readonly max = STATEMENTS_KEPT,
  ) {}

  prepare(sql: string): SqliteStatement {
    // Kysely begins a deferred transaction: its first read takes a snapshot, and a write after
    // another process committed (a second instance on the same file, the admin CLI) then fails
    // at once with SQLITE_BUSY_SNAPSHOT, or two such transactions deadlock, the busy timeout
    // never consulted. Taking the write lock at the start waits for it (busy_timeout) instead;
    // within the process, transactions are one after another on this one connection anyway.
    if (/^\s*begin\s*$/i.test(sql)) return this.prepare('begin immediate');
    // SQLite rolls a transaction back itself when a write fails hard (SQLITE_FULL): Kysely's own
    // rollback then failed with "no transaction is active" and hid the error that mattered.
    if (!this.file.inTransaction && /^\s*rollback\b/i.test(sql)) return NO_OP;
    const hit = this.kept.get(sql);
    // A statement still being iterated (a streamed query) cannot run twice at once.
    if (hit && !hit.busy) {
      this.kept.delete(sql);
      this.kept.set(sql, hit);
      return hit;
    }
    const fresh = this.file.prepare(sql);
    if (hit) return fresh;
    this.kept.set(sql, fresh);
    if (this.kept.size > this.max) {
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.kept.delete(oldest);
    }
    return fresh;
  }

  close(): void {
    this.kept.clear();
    this.file.close();
  }
}

export interface SqliteHandle {
  database: PreparedStatements;
  /** Stops the checkpointer; the database itself is closed through Kysely. */
  stopCheckpointer(): Promise<void>;
}

/**
 * Opens the SQLite file: WAL, foreign keys, statements kept, and the log checkpointed by a
 * thread of its own. SQLite otherwise checkpoints inside the commit that passes 1,000 pages, on
 * the thread that serves every request: a 10,000-card import waited about 65 ms in its commit
 * for it. The checkpoint copies pages and syncs the file, which another thread does as well
 * (PASSIVE: it never blocks a reader or the writer).
 */
export function openSqlite(filename: string): SqliteHandle {
  const file = new SqliteDatabase(filename);
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  file.pragma('synchronous = NORMAL');
  const worker = existsSync(CHECKPOINT_WORKER)
    ? new Worker(CHECKPOINT_WORKER, { workerData: { filename, everyMs: CHECKPOINT_EVERY_MS } })
    : null;
  let stopping = false;
  const gone = worker ? new Promise((resolve) => worker.once('exit', resolve)) : Promise.resolve();
  if (worker) {
    file.pragma(`wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`);
    worker.unref();
    // A checkpointer that fails leaves SQLite's own checkpoint in charge, at its default size.
    const fallBack = () => {
      if (!stopping && file.open) file.pragma('wal_autocheckpoint = 1000');
    };
    worker.on('error', fallBack);
    worker.on('exit', fallBack);
  }
  return {
    database: new PreparedStatements(file),
    async stopCheckpointer() {
      if (!worker || stopping) return;
      stopping = true;
      // It closes its connection first, so the server's own is the last and removes the log.
      worker.postMessage('stop');
      const late = setTimeout(() => void worker.terminate(), 2000);
      await gone;
      clearTimeout(late);
    },
  };
}
