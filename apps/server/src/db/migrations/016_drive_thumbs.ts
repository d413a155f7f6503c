import type { Kysely } from 'kysely';

/**
 * Thumbnails of drive images (issue 16): one row per user, source content and size, pointing at
 * the JPEG blob it holds a reference on. Rows whose source no item of the user holds any more are
 * dropped by the drive's housekeeping; account deletion releases them with the drive's blobs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('drive_thumbs')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The SHA-256 key of the image's blob: the same content anywhere in the drive shares its thumbnails.
    .addColumn('source_key', 'text', (c) => c.notNull())
    // Longer side limit in px (256 or 1024).
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('thumb_key', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('drive_thumbs_pk', ['user_id', 'source_key', 'size'])
    .execute();
}
