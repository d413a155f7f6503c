import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * The tables holding an area's book: one row per user with the area's `sync_version` (moved by
 * every change, answered to the portal's refresh and the phone's pull), its id counter and the
 * floor below which its change log was compacted. Each area keeps its own table, so one area's
 * writers never wait on another's row lock.
 */
export type SyncBookTable = 'contact_books' | 'sms_boxes' | 'note_books' | 'calendar_books';

export interface BookColumns {
  user_id: number;
  sync_version: number;
  next_id: number;
  log_floor: number;
  updated_at: number;
}

// Kysely cannot type a query on a union of table names; the four tables share these columns,
// so the queries below see them through one view of that shape.
type BookView = Record<'book', BookColumns>;

/**
 * The queries of an area's book, shared by the areas' repositories (each extends it with its
 * table). Every query is keyed by user_id and works on a transaction too.
 */
export class SyncBookRepo<Row extends BookColumns = BookColumns> {
  readonly #books: Kysely<BookView>;
  /** The view's one table name stands for the area's real table in the SQL written. */
  readonly #name: 'book';

  constructor(
    readonly db: Kysely<Database>,
    table: SyncBookTable,
  ) {
    this.#books = db as unknown as Kysely<BookView>;
    this.#name = table as unknown as 'book';
  }

  /** The book's row, with the columns of the area's table (`Row`). */
  book(userId: number): Promise<Row | undefined> {
    return this.#books
      .selectFrom(this.#name)
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst() as Promise<Row | undefined>;
  }

  async syncVersion(userId: number): Promise<number> {
    return Number((await this.book(userId))?.sync_version ?? 0);
  }

  async ensureBook(userId: number, now: number): Promise<void> {
    await this.#books
      .insertInto(this.#name)
      .values({ user_id: userId, sync_version: 0, next_id: 1, log_floor: 0, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  /** Moves the book to its next sync_version; on PostgreSQL the row lock serialises the user's writers. */
  async bump(userId: number, now: number): Promise<number> {
    const row = await this.#books
      .updateTable(this.#name)
      .set((eb) => ({ sync_version: eb('sync_version', '+', 1), updated_at: now }))
      .where('user_id', '=', userId)
      .returning('sync_version')
      .executeTakeFirstOrThrow();
    return Number(row.sync_version);
  }

  /** The same, only from `expected`: null when the book has moved on (a stale write). */
  async bumpFrom(userId: number, now: number, expected: number): Promise<number | null> {
    const row = await this.#books
      .updateTable(this.#name)
      .set((eb) => ({ sync_version: eb('sync_version', '+', 1), updated_at: now }))
      .where('user_id', '=', userId)
      .where('sync_version', '=', expected)
      .returning('sync_version')
      .executeTakeFirst();
    return row === undefined ? null : Number(row.sync_version);
  }

  /** Reserves `n` ids; answers the first. */
  async allocate(userId: number, n = 1): Promise<number> {
    const row = await this.#books
      .updateTable(this.#name)
      .set((eb) => ({ next_id: eb('next_id', '+', n) }))
      .where('user_id', '=', userId)
      .returning('next_id')
      .executeTakeFirstOrThrow();
    return Number(row.next_id) - n;
  }

  async setLogFloor(userId: number, floor: number): Promise<void> {
    await this.#books
      .updateTable(this.#name)
      .set({ log_floor: floor })
      .where('user_id', '=', userId)
      .execute();
  }

  /** Takes the book's row lock without a change (PostgreSQL: the user's writers wait). */
  async lockBook(userId: number): Promise<void> {
    await this.#books
      .updateTable(this.#name)
      .set((eb) => ({ log_floor: eb.ref('log_floor') }))
      .where('user_id', '=', userId)
      .execute();
  }

  /** Users that have a book: housekeeping walks them one by one. */
  async bookOwners(): Promise<number[]> {
    const rows = await this.#books.selectFrom(this.#name).select('user_id').execute();
    return rows.map((r) => Number(r.user_id));
  }
}
