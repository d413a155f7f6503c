import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** Columns a single (non-recurring) event's instance is drawn from, without its text. */
const SINGLE = [
  'id',
  'uid',
  'version_code',
  'summary',
  'location',
  'start_at',
  'end_at',
  'all_day',
  'tzid',
] as const;

/**
 * The queries of the portal's calendar screens; each filters by user_id first. Works on a
 * transaction too.
 * @package
 */
export class CalendarPortalRepo {
  constructor(readonly db: Kysely<Database>) {}

  /** Single events overlapping [from, to) (index times: UTC ms, dates and floating walls as UTC). */
  singlesBetween(userId: number, from: number, to: number) {
    return this.db
      .selectFrom('calendar_events')
      .select(SINGLE)
      .where('user_id', '=', userId)
      .where('recurring', '=', 0)
      .where('start_at', '<', to)
      .where('end_at', '>=', from)
      .execute();
  }

  /** Recurring events that may have an instance in [from, to) (their texts: `texts`, when not parsed yet). */
  seriesBetween(userId: number, from: number, to: number) {
    return this.db
      .selectFrom('calendar_events')
      .select(['id', 'uid', 'version_code', 'lunar'])
      .where('user_id', '=', userId)
      .where('recurring', '=', 1)
      .where('start_at', '<', to)
      .where((eb) => eb.or([eb('last_end_at', 'is', null), eb('last_end_at', '>', from)]))
      .execute();
  }

  /** The texts of these events (a single event's time without a zone: UTC or floating?). */
  texts(userId: number, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('calendar_events')
      .select(['id', 'ical'])
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .execute();
  }

  /** Events whose place and description were not read out of their text yet (written before 030). */
  unindexed(userId: number, limit: number) {
    return this.db
      .selectFrom('calendar_events')
      .select(['id', 'ical'])
      .where('user_id', '=', userId)
      .where('location', 'is', null)
      .limit(limit)
      .execute();
  }

  async setIndexed(userId: number, id: number, location: string, description: string): Promise<void> {
    await this.db
      .updateTable('calendar_events')
      .set({ location, description })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  /** Events whose summary, place or description holds `pattern` (a LIKE pattern, lower case, `\\` escaping). */
  search(userId: number, pattern: string, limit: number) {
    return this.db
      .selectFrom('calendar_events')
      .select(['id', 'uid', 'version_code', 'ical', 'lunar', 'summary', 'location', 'recurring', 'start_at'])
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or(
          (['summary', 'location', 'description'] as const).map(
            (col) => sql<boolean>`lower(${eb.ref(col)}) like ${pattern} escape '\\'`,
          ),
        ),
      )
      .orderBy('start_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  settings(userId: number) {
    return this.db
      .selectFrom('calendar_settings')
      .select(['calendar_id', 'color', 'hidden'])
      .where('user_id', '=', userId)
      .execute();
  }

  async saveSetting(
    userId: number,
    calendarId: string,
    patch: { color?: string; hidden?: number },
    now: number,
  ): Promise<void> {
    await this.db
      .insertInto('calendar_settings')
      .values({
        user_id: userId,
        calendar_id: calendarId,
        color: patch.color ?? null,
        hidden: patch.hidden ?? 0,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'calendar_id']).doUpdateSet({
          ...(patch.color !== undefined ? { color: patch.color } : {}),
          ...(patch.hidden !== undefined ? { hidden: patch.hidden } : {}),
          updated_at: now,
        }),
      )
      .execute();
  }
}
