import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * Share links of the drive: one row per link (its public id, optional code, expiry, counts) and
 * the items it names. Keys start with user_id; the public page finds a link by its public id
 * alone, hence the unique index on it.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('drive_shares')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Random, URL-safe: the `/s/<id>` of the link.
    .addColumn('public_id', 'text', (c) => c.notNull())
    // Lower-case 4-character code, or null for a link without one.
    .addColumn('code', 'text')
    // The first item's name at creation ("name等N个文件" for several).
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('expire_days', 'integer', (c) => c.notNull())
    // null: never expires.
    .addColumn('expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('cancelled_at', 'bigint')
    .addColumn('view_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('download_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('drive_shares_pk', ['user_id', 'public_id'])
    .execute();
  await db.schema
    .createIndex('drive_shares_public')
    .on('drive_shares')
    .column('public_id')
    .unique()
    .execute();
  await db.schema
    .createIndex('drive_shares_owner_time')
    .on('drive_shares')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('drive_share_items')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('public_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'bigint', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('drive_share_items_pk', ['user_id', 'public_id', 'item_id'])
    .execute();
}
