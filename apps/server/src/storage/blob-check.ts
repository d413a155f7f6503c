import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import { blobCheckBytes, blobsDamaged } from '../lib/metrics.js';
import type { BlobStore } from './blob-store.js';
import { FsBlobStore } from './fs-store.js';
import { sha256OfFile } from './hash-worker.js';

/** Rows read per query of the walk; a run stops at its byte budget. */
const SLICE = 200;

export interface CheckResult {
  checked: number;
  bytes: number;
  damaged: Array<{ key: string; size: number; problem: string }>;
}

/**
 * The store check: re-reads the referenced blobs marked damaged (with up to half the budget),
 * then the least recently checked ones, up to `budgetBytes`, against their names (a blob's key
 * is its SHA-256), on a hashing thread. A blob that is missing, of another size than indexed, or
 * whose bytes hash to something else is marked damaged (`damaged_at`, logged, counted in
 * `phonecloud_blobs_damaged`); one that matches again (an upload of the same bytes replaced the
 * file) is cleared. Only a store on this machine's disks is
 * checked: an ordinary file system keeps no checksums of its own, a bucket does, and reading it
 * back would be paid for.
 *
 * This is where bit rot of the live store is found. A backup copies the blobs by the kernel and
 * does not re-read them (cli/backup/copy-blob.ts); `backup verify` re-reads a backup's copies.
 */
export async function checkBlobs(
  db: Db,
  store: BlobStore,
  now: number,
  budgetBytes: number,
  log?: FastifyBaseLogger,
): Promise<CheckResult> {
  const result: CheckResult = { checked: 0, bytes: 0, damaged: [] };
  if (budgetBytes <= 0 || !(store instanceof FsBlobStore)) return result;
  const run = { db, store, now, result, log };
  // Up to half the budget re-reads what is marked damaged (usually a blob or two: all of them,
  // every run), so that one put right is cleared within a run, not once the walk has gone round
  // a store that can take days to read; a disk incident's thousands take turns with the walk.
  await checkWhile(run, budgetBytes / 2, damagedRows(db, now));
  await checkWhile(run, budgetBytes, walkRows(db, now));
  blobsDamaged.set(await damagedCount(db));
  return result;
}

interface Run {
  db: Db;
  store: FsBlobStore;
  now: number;
  result: CheckResult;
  log?: FastifyBaseLogger | undefined;
}

interface Row {
  key: string;
  size: number | string;
  damaged_at: number | string | null;
}

/** Checks the rows in turn while the run's bytes are under `limit`. */
async function checkWhile(run: Run, limit: number, rows: AsyncIterable<Row>): Promise<void> {
  const { db, store, now, result, log } = run;
  for await (const row of rows) {
    if (result.bytes >= limit) return;
    const problem = await problemOf(store, row.key, Number(row.size));
    result.checked++;
    result.bytes += Number(row.size);
    blobCheckBytes.inc(Number(row.size));
    const damagedAt = problem ? (row.damaged_at === null ? now : Number(row.damaged_at)) : null;
    await markChecked(db, row.key, now, damagedAt);
    if (problem) {
      result.damaged.push({ key: row.key, size: Number(row.size), problem });
      log?.error({ blob: row.key, problem }, 'a stored blob is damaged: restore it from a backup');
    }
  }
}

/** A blob's check recorded: when, and since when it is damaged (null: it matches its name). */
export async function markChecked(db: Db, key: string, now: number, damagedAt: number | null) {
  await db
    .updateTable('drive_blobs')
    .set({ checked_at: now, damaged_at: damagedAt })
    .where('key', '=', key)
    .execute();
}

/** The referenced blobs marked damaged: through their partial index (migration 040), not a scan. */
export function damagedRowsQuery(db: Db) {
  return db
    .selectFrom('drive_blobs')
    .select(['key', 'size', 'damaged_at', 'checked_at'])
    .where('damaged_at', 'is not', null)
    .where('ref_count', '>', 0);
}

/**
 * Those not yet checked in this run, the least recently checked first. One query: ordered by
 * `checked_at` in the database, the planner walked every blob's row by that index instead.
 */
async function* damagedRows(db: Db, now: number): AsyncGenerator<Row> {
  const rows = await damagedRowsQuery(db).execute();
  const due = rows.filter((r) => Number(r.checked_at) < now);
  yield* due.sort((a, b) => Number(a.checked_at) - Number(b.checked_at));
}

/** Referenced blobs not yet checked in this run (checked before `now`), the oldest check first. */
async function* walkRows(db: Db, now: number): AsyncGenerator<Row> {
  for (;;) {
    const slice = await db
      .selectFrom('drive_blobs')
      .select(['key', 'size', 'damaged_at'])
      .where('ref_count', '>', 0)
      .where('checked_at', '<', now)
      .orderBy('checked_at')
      .limit(SLICE)
      .execute();
    if (slice.length === 0) return;
    // Each row is checked (its checked_at set to now) before the next slice is asked for.
    yield* slice;
  }
}

async function problemOf(store: FsBlobStore, key: string, size: number): Promise<string | null> {
  const found = await store.stat(key);
  if (!found) return 'missing';
  if (found.size !== size) return `${found.size} bytes where the index says ${size}`;
  const got = await sha256OfFile(store.fileOf(key), size);
  return got === key ? null : `its bytes hash to ${got}`;
}

/** The count of live damaged blobs: read through its partial index (migration 040), not a scan. */
export function damagedCountQuery(db: Db) {
  return db
    .selectFrom('drive_blobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('damaged_at', 'is not', null)
    .where('ref_count', '>', 0);
}

async function damagedCount(db: Db): Promise<number> {
  const row = await damagedCountQuery(db).executeTakeFirst();
  return Number(row?.n ?? 0);
}
