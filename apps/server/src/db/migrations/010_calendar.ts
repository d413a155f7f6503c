import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * Calendar: one book per user (sync counter, id counter, log floor), its events (each the
 * iCalendar text of one UID as the phone sent it, next to the fields a query needs), the change
 * log a phone sync or CalDAV pulls from, and the export files the user may fetch. Every key
 * starts with user_id.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const smallint = ctx.dialect === 'postgres' ? 'smallint' : 'integer';

  await createCalendarBooks(db);
  await createCalendarEvents(db, smallint);
  await createCalendarChanges(db);
  await createCalendarFiles(db);
}

async function createCalendarBooks(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendar_books')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // Every change of the book increments it; an event's version_code is the value it was written at.
    .addColumn('sync_version', 'bigint', (c) => c.notNull())
    .addColumn('next_id', 'bigint', (c) => c.notNull())
    // Changes at or below it were compacted away: a sync from before it must reload everything.
    .addColumn('log_floor', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

async function createCalendarEvents(db: Kysely<unknown>, smallint: 'smallint' | 'integer'): Promise<void> {
  await db.schema
    .createTable('calendar_events')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('version_code', 'bigint', (c) => c.notNull())
    // The VCALENDAR of this UID (the event, its moved instances, its zones) exactly as received:
    // CalDAV serves it back byte for byte.
    .addColumn('ical', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    // UTC milliseconds; an all-day or floating time is its wall clock read as UTC.
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('all_day', smallint, (c) => c.notNull())
    .addColumn('tzid', 'text')
    // JSON array of the TZIDs the object's times name (a TZID may hold spaces): the export's VTIMEZONEs.
    .addColumn('tzids', 'text', (c) => c.notNull())
    .addColumn('recurring', smallint, (c) => c.notNull())
    // End of the last instance; null when the event recurs without end.
    .addColumn('last_end_at', 'bigint')
    // The Chinese-calendar date of a lunar event ('1958-8-15', 'L' before a leap month).
    .addColumn('lunar', 'text')
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('calendar_events_pk', ['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('calendar_events_uid')
    .on('calendar_events')
    .columns(['user_id', 'uid'])
    .unique()
    .execute();
  await db.schema
    .createIndex('calendar_events_range')
    .on('calendar_events')
    .columns(['user_id', 'start_at', 'last_end_at'])
    .execute();
}

async function createCalendarChanges(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendar_changes')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sync_version', 'bigint', (c) => c.notNull())
    .addColumn('event_id', 'bigint', (c) => c.notNull())
    // Kept so a sync learns which UID a deletion removed.
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('calendar_changes_pk', ['user_id', 'sync_version', 'event_id'])
    .execute();
}

async function createCalendarFiles(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendar_files')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // A random token: an export's URL must not be guessable.
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('calendar_files_pk', ['user_id', 'id'])
    .execute();
}
