import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index.js';
import type { BlobInfo, BlobStore } from '../../storage/index.js';
import type { Exec } from './items-repo.js';

/** An unreferenced blob younger than this is kept: an upload may be about to link it. */
export const BLOB_GRACE_MS = 60 * 60_000;

/**
 * The index of stored blobs (MD5 and SHA-1 beside the SHA-256 key) with a reference count of the
 * items and upload parts pointing at each. Counts change in the same transaction as the rows.
 */
export class BlobIndex {
  constructor(private readonly db: Db) {}

  /** Records a blob just stored (or stored before) and takes one reference on it. */
  async ref(db: Exec, info: BlobInfo, now: number): Promise<void> {
    await db
      .insertInto('drive_blobs')
      .values({
        key: info.key,
        size: info.size,
        md5: info.md5,
        sha1: info.sha1,
        ref_count: 1,
        touched_at: now,
      })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet((eb) => ({ ref_count: eb('drive_blobs.ref_count', '+', 1), touched_at: now })),
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

  /** Indexes a blob without referencing it (a stored upload whose item is not made yet). */
  async touch(info: BlobInfo, now: number): Promise<void> {
    await this.db
      .insertInto('drive_blobs')
      .values({
        key: info.key,
        size: info.size,
        md5: info.md5,
        sha1: info.sha1,
        ref_count: 0,
        touched_at: now,
      })
      .onConflict((oc) => oc.column('key').doUpdateSet({ touched_at: now }))
      .execute();
  }

  byKey(key: string) {
    return this.db.selectFrom('drive_blobs').selectAll().where('key', '=', key).executeTakeFirst();
  }

  /** Blobs with this MD5 and size (usually one; MD5 collisions are why the caller checks more). */
  byMd5(md5: string, size: number) {
    return this.db
      .selectFrom('drive_blobs')
      .selectAll()
      .where('md5', '=', md5.toLowerCase())
      .where('size', '=', size)
      .where('ref_count', '>', 0)
      .execute();
  }

  /**
   * Removes blobs nothing has pointed at for the grace period. Each one is removed inside a
   * transaction that re-checks its row, and the row goes only after the bytes: an upload of the
   * same content that races with it either links before (and the blob stays) or finds the row
   * gone and stores the bytes again.
   */
  async collect(
    store: BlobStore,
    now: number,
    log?: FastifyBaseLogger,
    heldElsewhere: (key: string) => Promise<boolean> = async () => false,
    limit = 500,
  ): Promise<number> {
    const due = await this.db
      .selectFrom('drive_blobs')
      .select('key')
      .where('ref_count', '=', 0)
      .where('touched_at', '<', now - BLOB_GRACE_MS)
      .limit(limit)
      .execute();
    let removed = 0;
    for (const { key } of due) {
      if (await heldElsewhere(key)) {
        // Another area uses the same bytes: keep them, and look again after another grace period.
        await this.db.updateTable('drive_blobs').set({ touched_at: now }).where('key', '=', key).execute();
        continue;
      }
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
