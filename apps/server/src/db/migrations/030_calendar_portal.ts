import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * The portal's calendar screens. An event's place and description next to its summary, so a
 * month view shows places and a search finds words without reading every kept text (null: not
 * read out yet; the store fills them on its next read of the user's events, and on every write).
 * The bin keeps the row an event had, so it gets them too. And the owner's settings of each
 * calendar (its colour, whether it is hidden), one row per calendar the owner changed.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const smallint = ctx.dialect === 'postgres' ? 'smallint' : 'integer';
  for (const table of ['calendar_events', 'calendar_bin']) {
    await db.schema.alterTable(table).addColumn('location', 'text').execute();
    await db.schema.alterTable(table).addColumn('description', 'text').execute();
  }
  await db.schema
    .createTable('calendar_settings')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('calendar_id', 'text', (c) => c.notNull())
    .addColumn('color', 'text')
    .addColumn('hidden', smallint, (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('calendar_settings_pk', ['user_id', 'calendar_id'])
    .execute();
}
