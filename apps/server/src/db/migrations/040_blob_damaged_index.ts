import { type Kysely, sql } from 'kysely';

/**
 * The damaged blobs, indexed on their own: the store check counts them after every slice it reads
 * (the `phonecloud_blobs_damaged` gauge), which otherwise scanned every blob row every ten
 * minutes. Partial: a healthy store has none, so the index stays empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('drive_blobs_damaged')
    .on('drive_blobs')
    .column('damaged_at')
    .where(sql.ref('damaged_at'), 'is not', null)
    .execute();
}
