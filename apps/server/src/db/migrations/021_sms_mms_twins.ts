import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * The messages with pictures (MMS) of a box by date: an import meets a text-only copy of an MMS
 * (the same message written as a plain `<sms>` by a phone that dropped its pictures) and finds
 * the MMS it copies through this small partial index instead of reading the box.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createIndex('sms_messages_mms')
    .on('sms_messages')
    .columns(['user_id', 'date'])
    .where(sql.ref('attachments'), 'is not', null)
    .execute();
}
