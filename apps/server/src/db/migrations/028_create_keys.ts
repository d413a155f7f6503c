import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * The request keys of the portal's creates (a contact, a note): a create is written with its key
 * in its own transaction, so a retry of a create whose answer was lost (a cut connection, a crash
 * after the commit) answers the item it made instead of making a second one. Kept a day.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('create_keys')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('area', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('item_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('create_keys_pk', ['user_id', 'area', 'key'])
    .execute();
  await db.schema.createIndex('create_keys_created').on('create_keys').columns(['created_at']).execute();
}
