import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * The photo area (docs/photos.md): a photo per content and owner (the same picture from a second
 * phone is the same photo), holding references to its original's blob and its thumbnails' blobs;
 * albums and their members; the owner's settings.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const pg = ctx.dialect === 'postgres';
  const smallint = pg ? 'smallint' : 'integer';
  const real = pg ? 'double precision' : 'real';
  await db.schema
    .createTable('photos')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', smallint, (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    // The camera's wall clock as if it were UTC (ms): days and months are the camera's own.
    .addColumn('taken_at', 'bigint', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('tz_offset', 'integer')
    .addColumn('time_source', smallint, (c) => c.notNull().defaultTo(0))
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('orientation', smallint)
    .addColumn('duration_ms', 'integer')
    .addColumn('latitude', real)
    .addColumn('longitude', real)
    .addColumn('place', 'text')
    .addColumn('make', 'text')
    .addColumn('model', 'text')
    .addColumn('lens', 'text')
    .addColumn('live_key', 'text')
    .addColumn('live_role', smallint, (c) => c.notNull().defaultTo(0))
    .addColumn('live_pair_id', 'bigint')
    .addColumn('thumb_key', 'text')
    .addColumn('thumb_large_key', 'text')
    .addColumn('meta_state', smallint, (c) => c.notNull().defaultTo(0))
    .addColumn('favourite', smallint, (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('trashed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('photos_content')
    .on('photos')
    .columns(['user_id', 'sha256'])
    .unique()
    .execute();
  await db.schema
    .createIndex('photos_timeline')
    .on('photos')
    .columns(['user_id', 'taken_at', 'id'])
    .execute();
  await db.schema.createIndex('photos_month').on('photos').columns(['user_id', 'month']).execute();
  await db.schema.createIndex('photos_pending').on('photos').columns(['meta_state']).execute();
  await db.schema.createIndex('photos_live').on('photos').columns(['user_id', 'live_key']).execute();
  await db.schema.createIndex('photos_trashed').on('photos').columns(['trashed_at']).execute();
  await albums(db, pg);
}

async function albums(db: Kysely<unknown>, pg: boolean): Promise<void> {
  await db.schema
    .createTable('photo_albums')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('cover_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('photo_albums_name')
    .on('photo_albums')
    .columns(['user_id', 'name'])
    .unique()
    .execute();
  await db.schema
    .createTable('photo_album_items')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('album_id', 'bigint', (c) => c.notNull().references('photo_albums.id').onDelete('cascade'))
    .addColumn('photo_id', 'bigint', (c) => c.notNull().references('photos.id').onDelete('cascade'))
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('photo_album_items_pk', ['album_id', 'photo_id'])
    .execute();
  await db.schema
    .createIndex('photo_album_items_photo')
    .on('photo_album_items')
    .columns(['photo_id'])
    .execute();
  await db.schema
    .createTable('photo_settings')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('delete_follows_phone', pg ? 'smallint' : 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
