import { CompiledQuery, type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import { chunked } from '../../db/chunked.js';
import type { ContactBooksTable, ContactRevisionsTable, ContactsTable, Database } from '../../db/schema.js';
import { SyncBookRepo } from '../../db/sync-book.js';
import type { KeptCard } from './vcard/kept-card.js';

/** @package */
export type ContactRow = Selectable<ContactsTable>;
/** @package */
export type NewContactRow = Insertable<ContactsTable>;
/** @package */
export type RevisionRow = Insertable<ContactRevisionsTable>;
/** @package */
export type IndexRow = Pick<ContactRow, 'id' | 'letter' | 'name_spell' | 'groups'>;
type DocRow = Pick<ContactRow, 'id' | 'doc'>;
/** @package */
export interface UidRow {
  contact_id: number;
  uid: string;
  dav_name: string | null;
  /** Whether the contact is still there (in the book or the recycle bin). */
  exists: boolean;
}

// Below SQLite's 32,766 and PostgreSQL's 65,535 bound parameters per statement.
const MAX_PARAMETERS = 30_000;
const CONTACT_COLUMNS = [
  'user_id',
  'id',
  'version_code',
  'doc',
  'name_spell',
  'letter',
  'groups',
  'content_hash',
  'size',
  'created_at',
  'updated_at',
  'deleted_at',
] as const satisfies readonly (keyof NewContactRow)[];
const UID_COLUMNS = ['user_id', 'contact_id', 'uid'] as const;
const REVISION_COLUMNS = [
  'user_id',
  'sync_version',
  'contact_id',
  'at',
  'body',
] as const satisfies readonly (keyof RevisionRow)[];
// An import writes its chunks with the same few statement texts over and over.
const insertTexts = new Map<string, string>();
const INSERT_TEXTS_MAX = 64;

/** `INSERT INTO table (columns) VALUES (...), ...` for `rows` rows, kept for the next time. */
function insertSql(table: string, columns: readonly string[], rows: number, numbered: boolean): string {
  const key = `${table} ${rows} ${numbered}`;
  let text = insertTexts.get(key);
  if (text === undefined) {
    const tuples: string[] = [];
    let p = 0;
    for (let r = 0; r < rows; r++) {
      const marks = columns.map(() => (numbered ? `$${++p}` : '?'));
      tuples.push(`(${marks.join(',')})`);
    }
    text = `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(',')}) VALUES ${tuples.join(',')}`;
    if (insertTexts.size >= INSERT_TEXTS_MAX) insertTexts.clear();
    insertTexts.set(key, text);
  }
  return text;
}

/**
 * Every query of the contacts area; each filters by user_id first. Works on a transaction too.
 * @package
 */
export class ContactsRepo extends SyncBookRepo<Selectable<ContactBooksTable>> {
  constructor(db: Kysely<Database>) {
    super(db, 'contact_books');
  }

  // --- contacts ---

  indexRows(userId: number): Promise<IndexRow[]> {
    return this.db
      .selectFrom('contacts')
      .select(['id', 'letter', 'name_spell', 'groups'])
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** Live docs by id (the first screen of list.do's stream; the order is the caller's). */
  aliveDocsOf(userId: number, ids: readonly number[]): Promise<DocRow[]> {
    return this.liveDocs(userId).where('id', 'in', ids).execute();
  }

  /** The next page of live docs in id order after `afterId` (keyset: each page is one range read). */
  aliveDocsAfter(userId: number, afterId: number, limit: number): Promise<DocRow[]> {
    return this.liveDocs(userId).where('id', '>', afterId).orderBy('id').limit(limit).execute();
  }

  private liveDocs(userId: number) {
    return this.db
      .selectFrom('contacts')
      .select(['id', 'doc'])
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null);
  }

  /**
   * Keeps the UIDs imported cards carried (migration 011), in the import's transaction. The ids
   * are fresh, so nothing conflicts; compiled by hand like the contacts' own rows.
   */
  async insertUids(userId: number, rows: ReadonlyArray<{ contact_id: number; uid: string }>): Promise<void> {
    await this.insertMany(
      'contact_uids',
      UID_COLUMNS,
      rows.map((r) => ({ user_id: userId, ...r })),
    );
  }

  /** The imported UIDs of a user's contacts, by contact id. */
  async uids(userId: number): Promise<Map<number, string>> {
    const rows = await this.db
      .selectFrom('contact_uids')
      .select(['contact_id', 'uid'])
      .where('user_id', '=', userId)
      .execute();
    return new Map(rows.map((r) => [Number(r.contact_id), r.uid]));
  }

  /** The cards CardDAV clients last wrote for these contacts, by contact id (migration 026). */
  async keptCards(userId: number, ids: readonly number[]): Promise<Map<number, KeptCard>> {
    const out = new Map<number, KeptCard>();
    for (const part of chunked(ids)) {
      const rows = await this.db
        .selectFrom('contact_cards')
        .select(['contact_id', 'card', 'photo'])
        .where('user_id', '=', userId)
        .where('contact_id', 'in', part)
        .execute();
      for (const r of rows) out.set(Number(r.contact_id), { card: r.card, photo: r.photo });
    }
    return out;
  }

  async keepCard(userId: number, contactId: number, kept: KeptCard): Promise<void> {
    await this.db
      .insertInto('contact_cards')
      .values({ user_id: userId, contact_id: contactId, card: kept.card, photo: kept.photo })
      .onConflict((oc) =>
        oc.columns(['user_id', 'contact_id']).doUpdateSet({ card: kept.card, photo: kept.photo }),
      )
      .execute();
  }

  async dropCard(userId: number, contactId: number): Promise<void> {
    await this.db
      .deleteFrom('contact_cards')
      .where('user_id', '=', userId)
      .where('contact_id', '=', contactId)
      .execute();
  }

  /** Drops the kept cards of contacts no longer there (purged from the recycle bin). */
  async dropOrphanCards(userId: number): Promise<void> {
    await this.db
      .deleteFrom('contact_cards')
      .where('user_id', '=', userId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('contacts as c')
              .select('c.id')
              .where('c.user_id', '=', userId)
              .whereRef('c.id', '=', 'contact_cards.contact_id'),
          ),
        ),
      )
      .execute();
  }

  /**
   * Every kept UID with whether its contact is still there (in the book or the recycle bin): a
   * DAV client names a contact by its UID, and a UID kept for a purged contact names nothing.
   */
  async uidRows(userId: number): Promise<UidRow[]> {
    const rows = await this.db
      .selectFrom('contact_uids as u')
      .leftJoin('contacts as c', (j) =>
        j.onRef('c.user_id', '=', 'u.user_id').onRef('c.id', '=', 'u.contact_id'),
      )
      .select(['u.contact_id', 'u.uid', 'u.dav_name', 'c.id as present'])
      .where('u.user_id', '=', userId)
      .orderBy('u.contact_id')
      .execute();
    return rows.map((r) => ({
      contact_id: Number(r.contact_id),
      uid: r.uid,
      dav_name: r.dav_name,
      exists: r.present !== null,
    }));
  }

  /** The kept UIDs of these contacts, by contact id. */
  async uidsOf(userId: number, ids: readonly number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    for (const part of chunked(ids)) {
      const rows = await this.db
        .selectFrom('contact_uids')
        .select(['contact_id', 'uid'])
        .where('user_id', '=', userId)
        .where('contact_id', 'in', part)
        .execute();
      for (const r of rows) out.set(Number(r.contact_id), r.uid);
    }
    return out;
  }

  /** The UID a CardDAV client created a contact with, and the name it used when not `<uid>.vcf`. */
  async insertUid(userId: number, row: { contact_id: number; uid: string; dav_name: string | null }) {
    await this.db
      .insertInto('contact_uids')
      .values({ user_id: userId, ...row })
      .execute();
  }

  /** Id, version and last change of every contact in the book: a DAV listing without the docs. */
  async aliveVersions(
    userId: number,
  ): Promise<Array<{ id: number; version_code: number; updated_at: number }>> {
    const rows = await this.db
      .selectFrom('contacts')
      .select(['id', 'version_code', 'updated_at'])
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      version_code: Number(r.version_code),
      updated_at: Number(r.updated_at),
    }));
  }

  aliveRows(userId: number): Promise<ContactRow[]> {
    return this.db
      .selectFrom('contacts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .execute();
  }

  binRows(userId: number): Promise<ContactRow[]> {
    return this.db
      .selectFrom('contacts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted_at', 'is not', null)
      .orderBy('deleted_at', 'desc')
      .orderBy('id')
      .execute();
  }

  row(userId: number, id: number): Promise<ContactRow | undefined> {
    return this.db
      .selectFrom('contacts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async rows(userId: number, ids: readonly number[]): Promise<ContactRow[]> {
    const out: ContactRow[] = [];
    for (const part of chunked(ids)) {
      out.push(
        ...(await this.db
          .selectFrom('contacts')
          .selectAll()
          .where('user_id', '=', userId)
          .where('id', 'in', part)
          .execute()),
      );
    }
    return out;
  }

  async countAlive(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('contacts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async aliveHashes(userId: number): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('contacts')
      .select('content_hash')
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .execute();
    return new Set(rows.map((r) => r.content_hash));
  }

  async insertContacts(rows: readonly NewContactRow[]): Promise<void> {
    await this.insertMany('contacts', CONTACT_COLUMNS, rows);
  }

  async updateContact(userId: number, id: number, patch: Partial<NewContactRow>): Promise<void> {
    await this.db
      .updateTable('contacts')
      .set(patch)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  async recycle(userId: number, ids: readonly number[], version: number, now: number): Promise<void> {
    for (const part of chunked(ids)) {
      await this.db
        .updateTable('contacts')
        .set({ deleted_at: now, version_code: version, updated_at: now })
        .where('user_id', '=', userId)
        .where('id', 'in', part)
        .execute();
    }
  }

  /** Removes recycle-bin rows for good; contacts still in the book are never touched. */
  async purge(userId: number, ids: readonly number[] | 'all'): Promise<number> {
    const base = () =>
      this.db.deleteFrom('contacts').where('user_id', '=', userId).where('deleted_at', 'is not', null);
    if (ids === 'all') return Number((await base().executeTakeFirst()).numDeletedRows);
    let n = 0;
    for (const part of chunked(ids)) {
      n += Number((await base().where('id', 'in', part).executeTakeFirst()).numDeletedRows);
    }
    return n;
  }

  async binIdsDeletedBefore(userId: number, before: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('contacts')
      .select('id')
      .where('user_id', '=', userId)
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<', before)
      .execute();
    return rows.map((r) => Number(r.id));
  }

  async contactBytes(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('contacts')
      .select((eb) => eb.fn.sum<number>('size').as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  // --- revisions ---

  async insertRevisions(rows: readonly RevisionRow[]): Promise<void> {
    await this.insertMany('contact_revisions', REVISION_COLUMNS, rows);
  }

  /**
   * Multi-row inserts compiled by hand: for the thousands of rows of an import, Kysely's builder
   * spent more time per value than the database. Table and column names are this file's constants.
   */
  private async insertMany<R extends object>(
    table: string,
    columns: readonly (keyof R & string)[],
    rows: readonly R[],
  ) {
    if (rows.length === 0) return;
    // How this database marks a parameter: '?' (SQLite) or '$1' (PostgreSQL).
    const numbered = sql`${1}`.compile(this.db).sql === '$1';
    const perStatement = Math.floor(MAX_PARAMETERS / columns.length);
    for (let start = 0; start < rows.length; start += perStatement) {
      const end = Math.min(rows.length, start + perStatement);
      const params: unknown[] = new Array((end - start) * columns.length);
      let n = 0;
      for (let i = start; i < end; i++) {
        const row = rows[i] as Record<string, unknown>;
        for (const c of columns) params[n++] = row[c] ?? null;
      }
      await this.db.executeQuery(CompiledQuery.raw(insertSql(table, columns, end - start, numbered), params));
    }
  }

  async changedSince(userId: number, version: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('contact_revisions')
      .select('contact_id')
      .distinct()
      .where('user_id', '=', userId)
      .where('sync_version', '>', version)
      .execute();
    return rows.map((r) => Number(r.contact_id));
  }

  /** Each contact's body as it stood at `version` (null: not in the book then). */
  async bodiesAt(
    userId: number,
    ids: readonly number[],
    version: number,
  ): Promise<Map<number, string | null>> {
    const out = new Map<number, string | null>();
    for (const part of chunked(ids)) {
      const rows = await this.db
        .selectFrom('contact_revisions')
        .select(['contact_id', 'body'])
        .where('user_id', '=', userId)
        .where('contact_id', 'in', part)
        .where('sync_version', '<=', version)
        .orderBy('contact_id')
        .orderBy('sync_version', 'desc')
        .execute();
      for (const r of rows) {
        const id = Number(r.contact_id);
        if (!out.has(id)) out.set(id, r.body);
      }
    }
    return out;
  }

  /** One row per sync_version after `floor` that changed contacts: when, and how many. */
  async versionTimes(userId: number, floor: number) {
    const rows = await this.db
      .selectFrom('contact_revisions')
      .select((eb) => ['sync_version', eb.fn.max('at').as('at'), eb.fn.countAll<number>().as('n')])
      .where('user_id', '=', userId)
      .where('sync_version', '>', floor)
      .groupBy('sync_version')
      .orderBy('sync_version')
      .execute();
    return rows.map((r) => ({ version: Number(r.sync_version), at: Number(r.at), count: Number(r.n) }));
  }

  /** The highest sync_version whose changes all happened before `before`, or null. */
  async lastVersionBefore(userId: number, before: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('contact_revisions')
      .select((eb) => eb.fn.max('sync_version').as('v'))
      .where('user_id', '=', userId)
      .where('at', '<', before)
      .executeTakeFirst();
    return row?.v === null || row?.v === undefined ? null : Number(row.v);
  }

  /**
   * Compacts the log up to `floor`: each contact keeps only its last revision at or below it
   * (the base the time machine rebuilds from), and a base saying "not in the book" goes too.
   */
  async compact(userId: number, floor: number): Promise<void> {
    const rows = await this.db
      .selectFrom('contact_revisions')
      .select(['contact_id', 'sync_version', 'body'])
      .where('user_id', '=', userId)
      .where('sync_version', '<=', floor)
      .orderBy('contact_id')
      .orderBy('sync_version', 'desc')
      .execute();
    const doomed: Array<{ id: number; v: number }> = [];
    let last = -1;
    for (const r of rows) {
      const id = Number(r.contact_id);
      const isBase = id !== last;
      last = id;
      if (!isBase || r.body === null) doomed.push({ id, v: Number(r.sync_version) });
    }
    for (const part of chunked(doomed, 200)) {
      await this.db
        .deleteFrom('contact_revisions')
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or(part.map((d) => eb.and([eb('sync_version', '=', d.v), eb('contact_id', '=', d.id)]))),
        )
        .execute();
    }
  }

  // --- groups ---

  groups(userId: number): Promise<Array<{ name: string; position: number }>> {
    return this.db
      .selectFrom('contact_groups')
      .select(['name', 'position'])
      .where('user_id', '=', userId)
      .orderBy('position')
      .execute();
  }

  async insertGroups(userId: number, names: readonly string[], now: number): Promise<void> {
    if (names.length === 0) return;
    const row = await this.db
      .selectFrom('contact_groups')
      .select((eb) => eb.fn.max('position').as('p'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const start = Number(row?.p ?? 0) + 1;
    await this.db
      .insertInto('contact_groups')
      .values(names.map((name, i) => ({ user_id: userId, name, position: start + i, created_at: now })))
      .execute();
  }

  async renameGroup(userId: number, from: string, to: string): Promise<void> {
    await this.db
      .updateTable('contact_groups')
      .set({ name: to })
      .where('user_id', '=', userId)
      .where('name', '=', from)
      .execute();
  }

  async deleteGroup(userId: number, name: string): Promise<void> {
    await this.db
      .deleteFrom('contact_groups')
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .execute();
  }
}
