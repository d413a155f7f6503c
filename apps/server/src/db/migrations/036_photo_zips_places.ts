import type { Kysely } from 'kysely';

/**
 * The photos' zip download and map (docs/photos.md): a zip link holds the selection it was made
 * for (up to 1000 ids, too long for a token in a path), and the map's query walks the user's
 * photos that have coordinates without reading the others.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('photo_zip_links')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Random: the link must not be guessable. The zip is written while it downloads.
    .addColumn('id', 'text', (c) => c.notNull())
    // The selected ids, JSON: read again when the link is used (a photo deleted since is left out).
    .addColumn('ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('photo_zip_links_pk', ['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('photo_zip_links_expiry')
    .on('photo_zip_links')
    .columns(['expires_at'])
    .execute();
  await db.schema
    .createIndex('photos_places')
    .on('photos')
    .columns(['user_id', 'latitude', 'longitude'])
    .execute();
}
