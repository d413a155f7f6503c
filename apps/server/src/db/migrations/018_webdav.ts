import type { Kysely } from 'kysely';

/**
 * WebDAV of the drive (modules/webdav): dead properties a client stored on an item (PROPPATCH;
 * they follow the item through a move and go when it is purged) and locks (LOCK, RFC 4918 class
 * 2), which belong to paths: a lock may name a path nothing exists at yet. Every key starts with
 * user_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webdav_props')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('item_id', 'bigint', (c) => c.notNull())
    .addColumn('ns', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // JSON of the value as parsed: text, or elements (see modules/webdav/props.ts).
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('webdav_props_pk', ['user_id', 'item_id', 'ns', 'name'])
    .addForeignKeyConstraint(
      'webdav_props_item',
      ['user_id', 'item_id'],
      'drive_items',
      ['user_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('webdav_locks')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull())
    // The locked path below the drive's root, decoded, without a trailing slash: '/照片/a.jpg'.
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('deep', 'integer', (c) => c.notNull())
    .addColumn('shared', 'integer', (c) => c.notNull())
    // JSON of the <owner> the client sent, answered back as it came.
    .addColumn('owner', 'text')
    .addColumn('timeout_s', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('webdav_locks_pk', ['user_id', 'token'])
    .execute();
  await db.schema.createIndex('webdav_locks_path').on('webdav_locks').columns(['user_id', 'path']).execute();
  await db.schema.createIndex('webdav_locks_expiry').on('webdav_locks').columns(['expires_at']).execute();
}
