import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * The photos' folder watch (docs/photos.md): the drive folder a user's phone app backs up into
 * over WebDAV, the drive items already considered (taken in or found kept), and whether a photo's
 * bytes are counted by a drive file of the same content rather than by the photo itself.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const pg = ctx.dialect === 'postgres';
  await db.schema.alterTable('photo_settings').addColumn('watch_folder', 'text').execute();
  await db.schema
    .alterTable('photos')
    .addColumn('drive_carried', pg ? 'smallint' : 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('photo_watch_items')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('photo_watch_items_pk', ['user_id', 'item_id'])
    .execute();
  // Housekeeping's two walks: the users who watch a folder, the photos a drive file carries.
  await db.schema.createIndex('photos_carried').on('photos').columns(['drive_carried', 'user_id']).execute();
}
