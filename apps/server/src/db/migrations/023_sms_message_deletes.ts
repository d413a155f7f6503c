import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * Single messages deleted in the portal, per box version: the phone's pull tells each one as a
 * deletion (`{address}.{id}`), as it tells a deleted conversation by its address. The change log
 * (`sms_changes`) names the conversation only; it is compacted at the same floor as this table.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('sms_message_deletes')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sync_version', 'bigint', (c) => c.notNull())
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sms_message_deletes_pk', ['user_id', 'sync_version', 'id'])
    .execute();
}
