import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * The calendar's recycle bin: an event a phone, a CalDAV client or the portal deletes is kept
 * here whole (the row it had, with when it went) for CALENDAR_BIN_KEEP_DAYS, recoverable until
 * then. One entry per UID: a UID deleted again replaces its older entry.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const smallint = ctx.dialect === 'postgres' ? 'smallint' : 'integer';
  await db.schema
    .createTable('calendar_bin')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('uid', 'text', (c) => c.notNull())
    // The id the event had: a recovered event gets a new one.
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('version_code', 'bigint', (c) => c.notNull())
    .addColumn('ical', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('all_day', smallint, (c) => c.notNull())
    .addColumn('tzid', 'text')
    .addColumn('tzids', 'text', (c) => c.notNull())
    .addColumn('recurring', smallint, (c) => c.notNull())
    .addColumn('last_end_at', 'bigint')
    .addColumn('lunar', 'text')
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('calendar_bin_pk', ['user_id', 'uid'])
    .execute();
  // Housekeeping finds what has been in the bin too long without reading the others.
  await db.schema.createIndex('calendar_bin_deleted').on('calendar_bin').columns(['deleted_at']).execute();
}
