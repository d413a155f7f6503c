import { availableParallelism } from 'node:os';
import type { Readable } from 'node:stream';
import { hasThumbnail, THUMB_SMALL_PX, type ThumbSize } from '@phonecloud/shared';
import type { AppDeps } from '../../../http/context.js';
import { BlobIndex } from '../../../storage/blob-index.js';
import { FILE, type ItemRow } from '../items-repo.js';
import { type MadeThumb, makeThumb } from './thumbnailer.js';

/** Originals larger than this get no thumbnail (the grid shows the file's icon). */
export const THUMB_SOURCE_MAX_BYTES = 200 * 1024 * 1024;
/**
 * How many images are decoded at once per process, the requests queuing behind: two per core,
 * as a decode waits on memory and the pool's threads now and then (measured: 74 photos/s against
 * 49 with one per core, 1600x1200 JPEGs on the 2-core development machine).
 */
const MAKERS = Math.max(2, availableParallelism() * 2);
/** Contents that failed to decode, remembered so a grid does not decode them on every visit. */
const FAILED_MAX = 10_000;

/** A thumbnail to send: a stored blob, or the bytes just made. */
export type ThumbResult =
  | { ok: true; key: string; bytes?: Buffer }
  | { ok: false; reason: 'not-found' | 'unreadable' };

/** A plain counting semaphore: at most `n` thumbnails are being made at any time. */
class Gate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly n: number) {}
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.n) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

// Per process, shared by every request: the same picture asked twice at once is made once.
const gate = new Gate(MAKERS);
/**
 * Made thumbnails are stored one at a time. A store is some ten calls into Node's I/O pool (the
 * blob's write, its fsync, the rename...), the pool whose four threads the decodes run on too,
 * and an fsync on a busy disk holds its thread for tens of milliseconds: a burst of stores took
 * threads from the decodes. Until it is stored, a thumbnail is answered from memory.
 */
const storing = new Gate(1);
const inflight = new Map<string, Promise<MadeThumb>>();
const failed = new Set<string>();

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Thumbnails of drive images, each size made on its first request and kept as a blob:
 * `drive_thumbs` maps (user, source content, size) to the JPEG's blob and holds its reference.
 */
export class Thumbs {
  private readonly index: BlobIndex;
  constructor(private readonly deps: AppDeps) {
    this.index = new BlobIndex(deps.db);
  }

  /** The user's item and its stored thumbnail of this size, in one query. */
  private lookup(userId: number, itemId: number, size: ThumbSize) {
    return this.deps.db
      .selectFrom('drive_items as i')
      .leftJoin('drive_thumbs as t', (join) =>
        join
          .onRef('t.user_id', '=', 'i.user_id')
          .onRef('t.source_key', '=', 'i.blob_key')
          .on('t.size', '=', size),
      )
      .select(['i.name', 'i.kind', 'i.size', 'i.blob_key', 't.thumb_key'])
      .where('i.user_id', '=', userId)
      .where('i.id', '=', itemId)
      .where('i.trashed_at', 'is', null)
      .executeTakeFirst();
  }

  async get(userId: number, itemId: number, size: ThumbSize): Promise<ThumbResult> {
    const row = await this.lookup(userId, itemId, size);
    if (!row || row.kind !== FILE || !row.blob_key || !hasThumbnail(row.name)) {
      return { ok: false, reason: 'not-found' };
    }
    if (row.thumb_key) return { ok: true, key: row.thumb_key };
    const source = row.blob_key;
    if (failed.has(source) || row.size > THUMB_SOURCE_MAX_BYTES || row.size === 0) {
      return { ok: false, reason: 'unreadable' };
    }
    const made = await this.make(userId, source, size);
    if (!made) return { ok: false, reason: 'unreadable' };
    return { ok: true, key: '', bytes: made.bytes };
  }

  /** Makes and stores one size of one content for one user; null when it cannot be read. */
  private async make(userId: number, source: string, size: ThumbSize): Promise<MadeThumb | null> {
    const key = `${userId}:${source}:${size}`;
    let job = inflight.get(key);
    if (!job) {
      // Only the decode holds a maker slot. The answer goes out as soon as the JPEG
      // is made; storing it (a blob write with its fsync, a row) follows without holding the
      // slot or the reply, and until it is stored the same request is answered from memory.
      // On a local disk the decoder opens the source file itself, inside its slot: read through
      // a stream first, its reads queued in the process's I/O pool behind the running decodes
      // (which hold the pool's threads), so slots stood empty while requests waited on reads.
      // A remote store's source is still read into memory before taking a slot.
      const made = this.source(source).then((input) => gate.run(() => makeThumb(input, size)));
      job = made;
      inflight.set(key, made);
      made.then(
        (thumb) =>
          storing
            .run(() => this.store(userId, source, size, thumb))
            .catch(() => undefined)
            .finally(() => inflight.delete(key)),
        () => inflight.delete(key),
      );
    }
    try {
      return await job;
    } catch {
      if (failed.size >= FAILED_MAX) failed.clear();
      failed.add(source);
      return null;
    }
  }

  /** The source's file where the store keeps one on this disk, else its bytes. */
  private async source(key: string): Promise<Buffer | string> {
    const local = this.deps.blobs.localPath?.(key);
    return local ?? readAll(await this.deps.blobs.get(key));
  }

  private async store(userId: number, source: string, size: ThumbSize, thumb: MadeThumb) {
    const now = this.deps.clock.now();
    await this.index.storeHeld(this.deps.blobs, thumb.bytes, now, async (db, blob) => {
      const row = await db
        .insertInto('drive_thumbs')
        .values({
          user_id: userId,
          source_key: source,
          size,
          thumb_key: blob.key,
          width: thumb.width,
          height: thumb.height,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'source_key', 'size']).doNothing())
        .returning('thumb_key')
        .executeTakeFirst();
      return row !== undefined;
    });
  }

  /** Opens a stored thumbnail's bytes. */
  open(key: string): Promise<Readable> {
    return this.deps.blobs.get(key);
  }
}

/** Pictures waiting for their grid thumbnail; past this many, the rest are made on request. */
const AHEAD_MAX = 10_000;
/** One background thumbnail gets this long before the queue moves on. */
const AHEAD_JOB_MS = 20_000;
const ahead: Array<{ deps: AppDeps; userId: number; itemId: number }> = [];
let aheadRunning = false;

/**
 * Queues the grid thumbnail (256 px) of a picture just uploaded, made one at a time in the
 * background (so at most one of the per-core slots is busy with it and requests keep the rest):
 * a folder of new photos opens with its thumbnails ready. `THUMBS_AHEAD=0` turns it off.
 */
export function thumbAhead(deps: AppDeps, userId: number, item: ItemRow): void {
  if (!deps.config.thumbsAhead || item.kind !== FILE || !hasThumbnail(item.name)) return;
  if (item.size === 0 || item.size > THUMB_SOURCE_MAX_BYTES || ahead.length >= AHEAD_MAX) return;
  ahead.push({ deps, userId, itemId: item.id });
  if (!aheadRunning) void drainAhead();
}

async function drainAhead(): Promise<void> {
  aheadRunning = true;
  try {
    for (let job = ahead.shift(); job; job = ahead.shift()) {
      // A picture deleted meanwhile, or one that cannot be read, is simply skipped; one that
      // takes too long is left to its first request, so the queue never stalls behind it.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, AHEAD_JOB_MS);
      });
      await Promise.race([
        new Thumbs(job.deps).get(job.userId, job.itemId, THUMB_SMALL_PX).catch(() => undefined),
        late,
      ]);
      clearTimeout(timer);
    }
  } finally {
    aheadRunning = false;
  }
}

/**
 * Drops the thumbnails whose source no item of the user holds any more (live or in the bin),
 * with their blob references; runs after the drive's housekeeping, a bounded batch at a time.
 */
export async function thumbsHousekeeping(deps: AppDeps, limit = 1000): Promise<number> {
  const now = deps.clock.now();
  const stale = await deps.db
    .selectFrom('drive_thumbs as t')
    .select(['t.user_id', 't.source_key', 't.size'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('drive_items as i')
            .select('i.id')
            .whereRef('i.user_id', '=', 't.user_id')
            .whereRef('i.blob_key', '=', 't.source_key'),
        ),
      ),
    )
    .limit(limit)
    .execute();
  let dropped = 0;
  for (const s of stale) {
    await deps.db.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom('drive_thumbs')
        .where('user_id', '=', s.user_id)
        .where('source_key', '=', s.source_key)
        .where('size', '=', s.size)
        .returning('thumb_key')
        .executeTakeFirst();
      if (gone) {
        await new BlobIndex(trx).unref(trx, gone.thumb_key, now);
        dropped++;
      }
    });
  }
  return dropped;
}

/** An account being deleted: its thumbnails' references; `deps.db` is the deleting transaction. */
export async function releaseThumbs(deps: AppDeps, userId: number, now: number): Promise<void> {
  const rows = await deps.db
    .deleteFrom('drive_thumbs')
    .where('user_id', '=', userId)
    .returning('thumb_key')
    .execute();
  const index = new BlobIndex(deps.db);
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.thumb_key, (counts.get(r.thumb_key) ?? 0) + 1);
  for (const [key, times] of counts) await index.unref(deps.db, key, now, times);
}
