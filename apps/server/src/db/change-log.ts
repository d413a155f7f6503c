import { type Insertable, type Kysely, sql } from 'kysely';
import { chunked } from './chunked.js';
import type { Database } from './schema.js';
import { SyncBookRepo, type SyncBookTable } from './sync-book.js';

/**
 * The tables recording, per `sync_version` of an area's book, what the version touched: the
 * portal's refresh and the phone's pull read what changed since a version from them. Contacts
 * keep no such table: their revisions (`contact_revisions`, the time machine's bodies) tell.
 */
export type ChangeLogTable = 'note_changes' | 'sms_changes' | 'calendar_changes';

/** One table's log: the book it belongs to and the columns naming what changed. */
export interface ChangeLogSpec<T extends ChangeLogTable, K extends keyof Database[T] & string> {
  table: T;
  /** The book whose `log_floor` says how far back the log still reaches. */
  book: SyncBookTable;
  /**
   * What a change names (a note's id, a conversation's address, an event's id and the UID it
   * had): what changed since a version is answered once per distinct value of these.
   */
  keys: readonly K[];
}

/** A row of the log without what every row has (its user and its version). */
export type ChangeEntry<T extends ChangeLogTable> = Omit<Insertable<Database[T]>, 'user_id' | 'sync_version'>;

// Kysely cannot type a query on a union of table names; the three tables share these columns,
// so the queries below see them through one view of that shape.
type LogView = Record<'log', { user_id: number; sync_version: number; at: number }>;

/**
 * An area's change log, shared by notes, SMS and calendar: each area's repository holds one
 * over its table. Every query is keyed by user_id and works on a transaction too.
 */
export class ChangeLog<T extends ChangeLogTable, K extends keyof Database[T] & string> {
  readonly #log: Kysely<LogView>;
  /** The view's one table name stands for the area's real table in the SQL written. */
  readonly #name: 'log';

  constructor(
    private readonly db: Kysely<Database>,
    private readonly spec: ChangeLogSpec<T, K>,
  ) {
    this.#log = db as unknown as Kysely<LogView>;
    this.#name = spec.table as unknown as 'log';
  }

  /** Records what `version` touched, one row per entry. */
  async record(userId: number, version: number, entries: readonly ChangeEntry<T>[]): Promise<void> {
    const rows = entries.map((e) => ({ ...e, user_id: userId, sync_version: version }));
    for (const part of chunked(rows)) {
      await this.#log
        .insertInto(this.#name)
        .values(part as unknown as Insertable<LogView['log']>[])
        .execute();
    }
  }

  /** What changed after `version`, once each, in the order it first changed. */
  async changedSince(userId: number, version: number): Promise<Pick<Database[T], K>[]> {
    const keys = sql.join(this.spec.keys.map((k) => sql.ref(k)));
    const { rows } = await sql<Pick<Database[T], K> & { first_version: number }>`
      SELECT ${keys}, MIN(sync_version) AS first_version FROM ${sql.table(this.spec.table)}
      WHERE user_id = ${userId} AND sync_version > ${version}
      GROUP BY ${keys} ORDER BY first_version, ${keys}`.execute(this.db);
    return rows.map(({ first_version: _, ...key }) => key as unknown as Pick<Database[T], K>);
  }

  /** The highest version recorded before `before` (a log kept for a time: its next floor), or null. */
  async lastVersionBefore(userId: number, before: number): Promise<number | null> {
    const row = await this.#log
      .selectFrom(this.#name)
      .select((eb) => eb.fn.max('sync_version').as('v'))
      .where('user_id', '=', userId)
      .where('at', '<', before)
      .executeTakeFirst();
    return row?.v === null || row?.v === undefined ? null : Number(row.v);
  }

  /** Drops the log at or below `floor` and records the floor: a sync from before it reloads in full. */
  async compact(userId: number, floor: number): Promise<void> {
    await this.#log
      .deleteFrom(this.#name)
      .where('user_id', '=', userId)
      .where('sync_version', '<=', floor)
      .execute();
    await new SyncBookRepo(this.db, this.spec.book).setLogFloor(userId, floor);
  }
}
