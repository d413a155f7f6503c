import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import { damagedRowsQuery } from './blob-check.js';
import type { BlobInfo, BlobStore } from './index.js';

/** The database or a transaction on it: a reference changes in the same transaction as its row. */
type Exec = Db;

/** An unreferenced blob younger than this is kept: an upload may be about to link it. */
export const BLOB_GRACE_MS = 60 * 60_000;

/**
 * The index of stored blobs (MD5 and SHA-1 beside the SHA-256 key) with a reference count of the
 * rows pointing at each, in every area: drive items and upload parts, contacts' avatar and export
 * files. Counts change in the same transaction as the rows. The table is named for the drive, its
 * first user.
 */
function indexRow(info: BlobInfo, refCount: number, now: number) {
  const { key, size, md5, sha1 } = info;
  return { key, size, md5, sha1, ref_count: refCount, touched_at: now };
}

export class BlobIndex {
  constructor(private readonly db: Db) {}

  /** Records a blob just stored (or stored before) and takes one reference on it. */
  async ref(db: Exec, info: BlobInfo, now: number): Promise<void> {
    await db
      .insertInto('drive_blobs')
      .values(indexRow(info, 1, now))
      .onConflict((oc) =>
        oc
          .column('key')
          // The hashes too: a blob first indexed by the contacts migration had none recorded.
          .doUpdateSet((eb) => ({
            ref_count: eb('drive_blobs.ref_count', '+', 1),
            touched_at: now,
            md5: info.md5,
            sha1: info.sha1,
          })),
      )
      .execute();
  }

  /** Takes a reference on a blob already indexed; false when it is gone (collected meanwhile). */
  async refExisting(db: Exec, key: string, now: number): Promise<boolean> {
    const row = await db
      .updateTable('drive_blobs')
      .set((eb) => ({ ref_count: eb('ref_count', '+', 1), touched_at: now }))
      .where('key', '=', key)
      .returning('key')
      .executeTakeFirst();
    return row !== undefined;
  }

  async unref(db: Exec, key: string, now: number, times = 1): Promise<void> {
    await db
      .updateTable('drive_blobs')
      .set((eb) => ({ ref_count: eb('ref_count', '-', times), touched_at: now }))
      .where('key', '=', key)
      .execute();
  }

  /**
   * Indexes a blob just written by the store (`put`, a staged upload's commit) without
   * referencing it (a stored upload whose item is not made yet). Its bytes were hashed on the way
   * in and hash to its key, so a damaged mark the store check left on that key is cleared: the
   * same bytes sent again put it right at once, not at the next check.
   */
  async touch(info: BlobInfo, now: number): Promise<void> {
    await this.db
      .insertInto('drive_blobs')
      .values(indexRow(info, 0, now))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ touched_at: now, md5: info.md5, sha1: info.sha1, damaged_at: null }),
      )
      .execute();
  }

  byKey(key: string) {
    return this.db.selectFrom('drive_blobs').selectAll().where('key', '=', key).executeTakeFirst();
  }

  /**
   * Stores bytes held in memory for a row that `link` writes (answering false when the row was
   * there already, and with it its reference) and takes the row's reference in the same
   * transaction: `trx` when the caller holds one, else one of its own, opened after the bytes are
   * written so that no writer waits on the disk. Should the collector have removed the same
   * content between the write and the reference, the bytes are written again: once the
   * reference is taken they can no longer be claimed.
   */
  async storeHeld(
    store: BlobStore,
    bytes: Buffer,
    now: number,
    link: (db: Exec, info: BlobInfo) => Promise<boolean>,
    trx?: Exec,
  ): Promise<BlobInfo> {
    const info = await store.put(Readable.from([bytes]));
    const linkAndRef = async (db: Exec) => {
      if (await link(db, info)) await this.ref(db, info, now);
    };
    await (trx ? linkAndRef(trx) : this.db.transaction().execute(linkAndRef));
    if (!(await store.stat(info.key))) await store.put(Readable.from([bytes]));
    return info;
  }

  /**
   * Blobs with this MD5 and size (usually one; MD5 collisions are why the caller checks more), but
   * none the store check found damaged: a quick upload must not link a new file to bytes that are
   * no longer the file's. Asked for such content, the client sends the bytes, which puts it right.
   */
  byMd5(md5: string, size: number) {
    return this.db
      .selectFrom('drive_blobs')
      .selectAll()
      .where('md5', '=', md5.toLowerCase())
      .where('size', '=', size)
      .where('ref_count', '>', 0)
      .where('damaged_at', 'is', null)
      .execute();
  }

  /** Whether the store check found this blob's bytes changed (storage/blob-check.ts). */
  async isDamaged(key: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('drive_blobs')
      .select('damaged_at')
      .where('key', '=', key)
      .executeTakeFirst();
    return row !== undefined && row.damaged_at !== null;
  }

  /**
   * Of these keys, those the store check found damaged: the damaged rows are read through their
   * partial index (migration 040), so a page of a listing pays one query that finds none.
   */
  async damagedAmong(keys: Iterable<string | null>): Promise<Set<string>> {
    const damaged = await this.damagedKeys();
    if (damaged.length === 0) return new Set();
    const wanted = new Set(keys);
    return new Set(damaged.filter((k) => wanted.has(k)));
  }

  /** Every referenced blob the store check found damaged (usually none), through the same index. */
  async damagedKeys(): Promise<string[]> {
    return (await damagedRowsQuery(this.db).execute()).map((r) => r.key);
  }

  /** MD5 and SHA-1 (lower-case hex) of the blobs that have both recorded, by key. */
  async hashesOf(keys: readonly string[]): Promise<Map<string, { md5: string; sha1: string }>> {
    const out = new Map<string, { md5: string; sha1: string }>();
    for (let i = 0; i < keys.length; i += 500) {
      const rows = await this.db
        .selectFrom('drive_blobs')
        .select(['key', 'md5', 'sha1'])
        .where('key', 'in', keys.slice(i, i + 500))
        .execute();
      for (const r of rows) {
        if (r.md5 && r.sha1) out.set(r.key, { md5: r.md5.toLowerCase(), sha1: r.sha1.toLowerCase() });
      }
    }
    return out;
  }

  /**
   * Removes blobs nothing has pointed at for the grace period. Each one is removed inside a
   * transaction that re-checks its row, and the row goes only after the bytes: an upload of the
   * same content that races with it either links before (and the blob stays) or finds the row
   * gone and stores the bytes again.
   */
  async collect(store: BlobStore, now: number, log?: FastifyBaseLogger, limit = 500): Promise<number> {
    const due = await this.db
      .selectFrom('drive_blobs')
      .select('key')
      .where('ref_count', '=', 0)
      .where('touched_at', '<', now - BLOB_GRACE_MS)
      .limit(limit)
      .execute();
    let removed = 0;
    for (const { key } of due) {
      try {
        await this.db.transaction().execute(async (trx) => {
          const claimed = await trx
            .deleteFrom('drive_blobs')
            .where('key', '=', key)
            .where('ref_count', '=', 0)
            .where('touched_at', '<', now - BLOB_GRACE_MS)
            .returning('key')
            .executeTakeFirst();
          if (claimed) {
            await store.delete(key);
            removed++;
          }
        });
      } catch (err) {
        log?.warn({ err, key }, 'could not remove an unreferenced blob');
      }
    }
    return removed;
  }
}
