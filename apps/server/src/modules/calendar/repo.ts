import type { Insertable, Kysely, Selectable } from 'kysely';
import { ChangeLog } from '../../db/change-log.js';
import type { CalendarBinTable, CalendarEventsTable, Database } from '../../db/schema.js';
import { SyncBookRepo } from '../../db/sync-book.js';

/** @package */
export type EventRow = Selectable<CalendarEventsTable>;
/** @package */
export type NewEventRow = Insertable<CalendarEventsTable>;
/** @package */
export type BinRow = Selectable<CalendarBinTable>;

const PAGE = 1000;

/**
 * Every query of the calendar area; each filters by user_id first. Works on a transaction too.
 * @package
 */
export class CalendarRepo extends SyncBookRepo {
  constructor(db: Kysely<Database>) {
    super(db, 'calendar_books');
  }

  // --- events ---

  byUid(userId: number, uid: string): Promise<EventRow | undefined> {
    return this.db
      .selectFrom('calendar_events')
      .selectAll()
      .where('user_id', '=', userId)
      .where('uid', '=', uid)
      .executeTakeFirst();
  }

  byId(userId: number, id: number): Promise<EventRow | undefined> {
    return this.db
      .selectFrom('calendar_events')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The events a client named so (those that exist). */
  async byDavNames(userId: number, names: readonly string[]): Promise<EventRow[]> {
    const out: EventRow[] = [];
    for (let i = 0; i < names.length; i += PAGE) {
      out.push(
        ...(await this.db
          .selectFrom('calendar_events')
          .selectAll()
          .where('user_id', '=', userId)
          .where('dav_name', 'in', names.slice(i, i + PAGE))
          .execute()),
      );
    }
    return out;
  }

  /** The events of these UIDs (those that exist). */
  async byUids(userId: number, uids: readonly string[]): Promise<EventRow[]> {
    const out: EventRow[] = [];
    for (let i = 0; i < uids.length; i += PAGE) {
      const part = uids.slice(i, i + PAGE);
      out.push(
        ...(await this.db
          .selectFrom('calendar_events')
          .selectAll()
          .where('user_id', '=', userId)
          .where('uid', 'in', part)
          .execute()),
      );
    }
    return out;
  }

  /** Whether an event of the user is named so by a client. */
  async nameTaken(userId: number, name: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('calendar_events')
      .select('id')
      .where('user_id', '=', userId)
      .where('dav_name', '=', name)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** UID, name, version and last change of every event: a CalDAV listing without the texts. */
  versions(userId: number) {
    return this.db
      .selectFrom('calendar_events')
      .select(['uid', 'dav_name', 'version_code', 'updated_at', 'lunar'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  /**
   * The same for the events with an instance in [start, end) (UTC ms): starting before its end
   * and ending after its start, or recurring without end.
   */
  versionsBetween(userId: number, start: number, end: number) {
    return this.db
      .selectFrom('calendar_events')
      .select(['uid', 'dav_name', 'version_code', 'updated_at', 'lunar'])
      .where('user_id', '=', userId)
      .where('start_at', '<', end)
      .where((eb) => eb.or([eb('last_end_at', 'is', null), eb('last_end_at', '>', start)]))
      .orderBy('id')
      .execute();
  }

  /** A page of the user's events in start order, after the (start, id) of the last one read. */
  page(userId: number, after: { start: number; id: number } | null, limit = PAGE): Promise<EventRow[]> {
    let q = this.db.selectFrom('calendar_events').selectAll().where('user_id', '=', userId);
    if (after) {
      q = q.where((eb) =>
        eb.or([
          eb('start_at', '>', after.start),
          eb.and([eb('start_at', '=', after.start), eb('id', '>', after.id)]),
        ]),
      );
    }
    return q.orderBy('start_at').orderBy('id').limit(limit).execute();
  }

  rows(userId: number, ids: readonly number[]): Promise<EventRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('calendar_events')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
  }

  async count(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('calendar_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Every zone the user's events name, for the VTIMEZONEs at the head of an export. */
  async zoneLists(userId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('calendar_events')
      .select('tzids')
      .distinct()
      .where('user_id', '=', userId)
      .where('tzids', '<>', '[]')
      .execute();
    return rows.map((r) => r.tzids);
  }

  async insertEvent(row: NewEventRow): Promise<void> {
    await this.db.insertInto('calendar_events').values(row).execute();
  }

  async updateEvent(userId: number, id: number, patch: Partial<NewEventRow>): Promise<void> {
    await this.db
      .updateTable('calendar_events')
      .set(patch)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  async deleteEvent(userId: number, id: number): Promise<void> {
    await this.db.deleteFrom('calendar_events').where('user_id', '=', userId).where('id', '=', id).execute();
  }

  // --- recycle bin ---

  /** Keeps a deleted event in the bin, replacing an older entry of its UID. */
  async putInBin(row: EventRow, deletedAt: number): Promise<void> {
    await this.db
      .deleteFrom('calendar_bin')
      .where('user_id', '=', row.user_id)
      .where('uid', '=', row.uid)
      .execute();
    await this.db
      .insertInto('calendar_bin')
      .values({ ...row, deleted_at: deletedAt })
      .execute();
  }

  /** The bin's entries, newest deletion first. */
  binList(userId: number): Promise<BinRow[]> {
    return this.db
      .selectFrom('calendar_bin')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('deleted_at', 'desc')
      .orderBy('uid')
      .execute();
  }

  /** The bin's entries of these UIDs (those that are there). */
  async binRows(userId: number, uids: readonly string[]): Promise<BinRow[]> {
    if (uids.length === 0) return [];
    return this.db
      .selectFrom('calendar_bin')
      .selectAll()
      .where('user_id', '=', userId)
      .where('uid', 'in', uids)
      .execute();
  }

  /** Removes bin entries: these UIDs, or all of the user's when `uids` is null. Answers how many. */
  async dropFromBin(userId: number, uids: readonly string[] | null): Promise<number> {
    let q = this.db.deleteFrom('calendar_bin').where('user_id', '=', userId);
    if (uids) {
      if (uids.length === 0) return 0;
      q = q.where('uid', 'in', uids);
    }
    const res = await q.executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** Entries deleted before `before`, for every user: they leave the bin for good. */
  async purgeBin(before: number): Promise<number> {
    const res = await this.db.deleteFrom('calendar_bin').where('deleted_at', '<', before).executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  async binBytes(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('calendar_bin')
      .select((eb) => eb.fn.sum<number>('size').as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async eventBytes(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('calendar_events')
      .select((eb) => eb.fn.sum<number>('size').as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Whether the account ever had an event of this UID that the change log still remembers. */
  async uidLogged(userId: number, uid: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('calendar_changes')
      .select('event_id')
      .where('user_id', '=', userId)
      .where('uid', '=', uid)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Which events each version wrote or deleted, with the UID and CalDAV name they had (a sync
   * learns which UID, a sync-collection which name, a deletion removed; an event keeps both, so
   * (event_id, uid, dav_name) names one event).
   */
  readonly log = new ChangeLog(this.db, {
    table: 'calendar_changes',
    book: 'calendar_books',
    keys: ['event_id', 'uid', 'dav_name'],
  });
}
