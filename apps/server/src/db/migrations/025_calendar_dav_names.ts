import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * The name a CalDAV client PUT an event under, where it is not `<uid>.ics` (RFC 4918 keeps a
 * resource where it was PUT): the event answers under it, the bin keeps it for a recovery, and
 * the change log keeps it so a sync-collection names a deleted event by the name it had. Null
 * everywhere else: an event made by the phone sync, the portal or an import is `<uid>.ics`.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  for (const table of ['calendar_events', 'calendar_bin', 'calendar_changes']) {
    await db.schema.alterTable(table).addColumn('dav_name', 'text').execute();
  }
  // A name is one user's and names one event (nulls are distinct on both databases).
  await db.schema
    .createIndex('calendar_events_dav_name')
    .on('calendar_events')
    .columns(['user_id', 'dav_name'])
    .unique()
    .execute();
}
