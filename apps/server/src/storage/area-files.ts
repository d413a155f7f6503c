import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The tables of files an area hands to its user (contact avatars and exports, MMS pictures and
 * SMS exports, calendar exports). Each row holds one reference on its blob in the blob index;
 * the callers take and drop it in the same transaction as the row.
 */
export type AreaFilesTable = 'contact_files' | 'sms_files' | 'calendar_files';

/** The columns the tables share; `kind` only where an area has more than one kind of file. */
export interface AreaFileColumns {
  user_id: number;
  id: string;
  blob_key: string;
  size: number;
  expires_at: number | null;
  kind: number;
}

// Kysely cannot type a query on a union of table names; the tables share these columns, so the
// queries below see them through one view of that shape.
type FilesView = Record<'files', AreaFileColumns>;

const CHUNK = 500;

/**
 * The queries of an area's files, each keyed by user_id first; an area's repository extends it
 * with its table and the row types of that table (`Row` read, `New` written).
 */
export class AreaFilesRepo<Row, New> {
  readonly #files: Kysely<FilesView>;
  /** The view's one table name stands for the area's real table in the SQL written. */
  readonly #name: 'files';

  constructor(
    readonly db: Kysely<Database>,
    table: AreaFilesTable,
  ) {
    this.#files = db as unknown as Kysely<FilesView>;
    this.#name = table as unknown as 'files';
  }

  /** False when the user has the file already (the same picture twice): it keeps its one reference. */
  async insertFile(row: New): Promise<boolean> {
    const inserted = await this.#files
      .insertInto(this.#name)
      .values(row as unknown as AreaFileColumns)
      .onConflict((oc) => oc.columns(['user_id', 'id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** The user's file `id`, of `kind` when the area has kinds. */
  file(userId: number, id: string, kind?: number): Promise<Row | undefined> {
    let q = this.#files.selectFrom(this.#name).selectAll().where('user_id', '=', userId).where('id', '=', id);
    if (kind !== undefined) q = q.where('kind', '=', kind);
    return q.executeTakeFirst() as Promise<Row | undefined>;
  }

  /** Removes one file; answers its blob key (its reference is the caller's) or null. */
  async deleteFile(userId: number, id: string): Promise<string | null> {
    const row = await this.#files
      .deleteFrom(this.#name)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returning('blob_key')
      .executeTakeFirst();
    return row?.blob_key ?? null;
  }

  /** Removes files; answers the blob key of each one removed (its reference is the caller's). */
  async deleteFiles(userId: number, ids: readonly string[]): Promise<string[]> {
    const keys: string[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await this.#files
        .deleteFrom(this.#name)
        .where('user_id', '=', userId)
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .returning('blob_key')
        .execute();
      keys.push(...rows.map((r) => r.blob_key));
    }
    return keys;
  }

  /** Removes the files whose time is up; answers their blob keys (their references are the caller's). */
  async deleteExpiredFiles(userId: number, now: number): Promise<string[]> {
    const rows = await this.#files
      .deleteFrom(this.#name)
      .where('user_id', '=', userId)
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', now)
      .returning('blob_key')
      .execute();
    return rows.map((r) => r.blob_key);
  }

  /** Every blob key the user's files hold (an account's deletion releases them). */
  async blobKeys(userId: number): Promise<string[]> {
    const rows = await this.#files
      .selectFrom(this.#name)
      .select('blob_key')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => r.blob_key);
  }

  /** Bytes of the user's files, of `kind` when the area has kinds. */
  async fileBytes(userId: number, kind?: number): Promise<number> {
    let q = this.#files
      .selectFrom(this.#name)
      .select((eb) => eb.fn.sum<number>('size').as('n'))
      .where('user_id', '=', userId);
    if (kind !== undefined) q = q.where('kind', '=', kind);
    const row = await q.executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
