import {
  DEFAULT_DRIVE_PREFS,
  DRIVE_ROOT_NUMERIC_ID,
  type DrivePrefs,
  type DriveSort,
  type DriveSortDir,
  driveNameKey,
  foldDriveName,
} from '@phonecloud/shared';
import { type Kysely, PostgresAdapter, type SqlBool, sql } from 'kysely';
import type { Db } from '../../../db/index.js';
import type { Database } from '../../../db/schema.js';
import type { ItemRow } from '../items-repo.js';

/** Columns of migration 017 (kept out of `DriveItemsTable`, so item rows elsewhere stay as they are). */
interface FindColumns {
  name_lc: string | null;
  sort_key: string | null;
}
interface DrivePrefsTable {
  user_id: number;
  sort: string;
  dir: string;
  view: string;
  updated_at: number;
}
type FindDatabase = Database & {
  drive_items: Database['drive_items'] & FindColumns;
  drive_prefs: DrivePrefsTable;
};

/** Keyset position in an ordered listing: (kind, value of the order's column, id). */
export type OrderKey = [kind: number, value: string | number, id: number];

/**
 * Search index entries PostgreSQL reads in key order before it takes a query for a rare one (an
 * index-only scan of this many costs about a millisecond).
 */
const SCAN_WINDOW = 4000;
/** Rows keyed per round of the lazy fill (4 parameters each: far below either database's limit). */
const FILL_BATCH = 500;
const ITEM_COLUMNS = [
  'user_id',
  'id',
  'parent_id',
  'name',
  'kind',
  'size',
  'blob_key',
  'created_at',
  'updated_at',
  'trashed_at',
] as const;

export type KeyedRow = ItemRow & { sort_key: string };
/** A search hit with the folder it sits in. */
export interface Hit {
  item: KeyedRow;
  /** Ancestors from the root to the hit's folder (the root first). */
  folders: Array<{ id: number; name: string }>;
}

const column = (sort: DriveSort) => (sort === 'name' ? 'sort_key' : sort === 'size' ? 'size' : 'updated_at');

/** Queries of search, ordered listings and the arrangement preference; each scoped to one user. */
export class FindRepo {
  private readonly db: Kysely<FindDatabase>;
  private readonly postgres: boolean;

  constructor(db: Db) {
    this.db = db.withTables<{
      drive_items: FindColumns;
      drive_prefs: DrivePrefsTable;
    }>() as Kysely<FindDatabase>;
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /**
   * Computes the search name and sort key of the user's rows that lack them (new or renamed
   * items), in one folder or the whole drive. The update only lands when the name is still the one
   * the key was made of (a rename racing it clears the key again).
   */
  async fillKeys(userId: number, parentId?: number): Promise<number> {
    let filled = 0;
    for (;;) {
      let q = this.db
        .selectFrom('drive_items')
        .select(['id', 'name'])
        .where('user_id', '=', userId)
        .where('sort_key', 'is', null);
      if (parentId !== undefined) q = q.where('parent_id', '=', parentId);
      const rows = await q.limit(FILL_BATCH).execute();
      if (rows.length === 0) return filled;
      const values = sql.join(
        rows.map(
          (r) =>
            sql`(CAST(${Number(r.id)} AS bigint), ${r.name}, ${foldDriveName(r.name)}, ${driveNameKey(r.name)})`,
        ),
      );
      await sql`
        UPDATE drive_items SET name_lc = v.lc, sort_key = v.k
        FROM (SELECT column1 AS id, column2 AS name, column3 AS lc, column4 AS k FROM (VALUES ${values}) AS t) AS v
        WHERE drive_items.user_id = ${userId} AND drive_items.id = v.id AND drive_items.name = v.name`.execute(
        this.db,
      );
      filled += rows.length;
      // A row renamed between the read and the write stays unkeyed: the next round takes it.
      if (rows.length < FILL_BATCH) return filled;
    }
  }

  /** One page of a folder in the chosen order, folders first; `after` is the last row of the page before. */
  async list(
    userId: number,
    parentId: number,
    sort: DriveSort,
    dir: DriveSortDir,
    limit: number,
    after?: OrderKey,
  ): Promise<KeyedRow[]> {
    if (sort === 'name') await this.fillKeys(userId, parentId);
    const col = column(sort);
    const op = dir === 'asc' ? '>' : '<';
    let q = this.db
      .selectFrom('drive_items')
      .select([...ITEM_COLUMNS, 'sort_key'])
      .where('user_id', '=', userId)
      .where('parent_id', '=', parentId)
      .where('trashed_at', 'is', null);
    if (after) {
      const [kind, value, id] = after;
      q = q.where((eb) =>
        eb.or([
          eb('kind', '>', kind),
          eb.and([
            eb('kind', '=', kind),
            eb.or([eb(col, op, value as never), eb.and([eb(col, '=', value as never), eb('id', op, id)])]),
          ]),
        ]),
      );
    }
    const rows = await q.orderBy('kind').orderBy(col, dir).orderBy('id', dir).limit(limit).execute();
    return rows.map(keyed);
  }

  /**
   * Hits of a folded query among the live items of the drive, in name-key order after `after`
   * ([sort_key, id]); items inside a folder that is in the recycle bin are left out. Reads the
   * search index in its order and stops once `limit` live hits are found.
   */
  async search(userId: number, query: string, limit: number, after?: [string, number]): Promise<Hit[]> {
    await this.fillKeys(userId);
    const hits: Hit[] = [];
    const folders = new Map<number, { parent: number | null; name: string; trashed: boolean }>();
    let cursor = after;
    const batch = Math.max(limit * 2, 50);
    for (;;) {
      const { rows, full, next } = await this.matches(userId, query, batch, cursor);
      await this.loadAncestors(userId, rows, folders);
      for (const r of rows) {
        const chain = chainOf(r.parent_id, folders);
        if (chain) hits.push({ item: r, folders: chain });
        if (hits.length >= limit) return hits;
      }
      if (!full || !next) return hits;
      cursor = next;
    }
  }

  /**
   * One batch of hits in key order. The scan reads only the search index (user, key, id, folded
   * name: an index-only scan on PostgreSQL, a covering index on SQLite); the rows of the hits are
   * read by id after it. The root's empty name never matches a query.
   */
  private async matches(userId: number, query: string, limit: number, after?: [string, number]) {
    const found = this.postgres
      ? await this.pgMatches(userId, query, limit, after)
      : await this.sqliteMatches(userId, query, limit, after);
    const last = found.at(-1);
    const next: [string, number] | undefined = last
      ? [String(last.sort_key ?? ''), Number(last.id)]
      : undefined;
    if (found.length === 0) return { rows: [], full: false, next };
    const rows = await this.db
      .selectFrom('drive_items')
      .select([...ITEM_COLUMNS, 'sort_key'])
      .where('user_id', '=', userId)
      .where(
        'id',
        'in',
        found.map((f) => Number(f.id)),
      )
      .where('trashed_at', 'is', null)
      .execute();
    const byId = new Map(rows.map((r) => [Number(r.id), keyed(r)]));
    const hits = found.map((f) => byId.get(Number(f.id))).filter((r): r is KeyedRow => r !== undefined);
    return { rows: hits, full: found.length === limit, next };
  }

  /** SQLite's hits: the covering index in key order, tested with instr (a miss reads all of it within the target). */
  private sqliteMatches(userId: number, query: string, limit: number, after?: [string, number]) {
    let q = this.db
      .selectFrom('drive_items')
      .select(['id', 'sort_key'])
      .where('user_id', '=', userId)
      .where('trashed_at', 'is', null)
      .where(sql<SqlBool>`instr(name_lc, ${query}) > 0`);
    if (after) {
      const [key, id] = after;
      q = q.where((eb) =>
        eb.or([eb('sort_key', '>', key), eb.and([eb('sort_key', '=', key), eb('id', '>', id)])]),
      );
    }
    return q.orderBy('sort_key').orderBy('id').limit(limit).execute();
  }

  /**
   * PostgreSQL's hits in two steps, each with a plan that holds whatever the statistics say (they
   * lag behind a bulk fill of the keys, and the planner multiplies the chances of the characters
   * of a word as if they were unrelated, so left to itself it sorted 10,000 hits of `合同` or read
   * the whole table for a rare character). First the next entries of the search index in key
   * order: a common query fills its page there and stops. Then, for a rarer one, its rows through
   * the name indexes (pg_trgm for three characters or more, the characters of the name for one or
   * two), sorted: few hits, so the sort is cheap. The fence keeps the planner from taking the
   * key order for the second step.
   */
  private async pgMatches(
    userId: number,
    query: string,
    limit: number,
    after?: [string, number],
  ): Promise<Array<{ id: unknown; sort_key: string | null }>> {
    const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // A row comparison, which the index takes as where to start (an OR of the two is a filter).
    const keyset = after ? sql`AND (sort_key, id) > (${after[0]}, ${after[1]})` : sql``;
    const near = await sql<{ id: unknown; sort_key: string | null }>`
      SELECT id, sort_key FROM (
        SELECT id, sort_key, name_lc FROM drive_items
        WHERE user_id = ${userId} AND trashed_at IS NULL ${keyset}
        ORDER BY sort_key, id LIMIT ${SCAN_WINDOW}) AS w
      WHERE name_lc LIKE ${pattern} ESCAPE '\\'
      ORDER BY sort_key, id LIMIT ${limit}`.execute(this.db);
    if (near.rows.length >= limit) return near.rows;
    // Migration 020's index; LIKE stays the exact test (two characters in that order).
    const chars =
      [...query].length <= 2
        ? sql`AND string_to_array(name_lc, NULL) @> string_to_array(${query}, NULL)`
        : sql``;
    const rare = await sql<{ id: unknown; sort_key: string | null }>`
      WITH hits AS MATERIALIZED (
        SELECT id, sort_key FROM drive_items
        WHERE user_id = ${userId} AND trashed_at IS NULL AND name_lc LIKE ${pattern} ESCAPE '\\' ${chars} ${keyset})
      SELECT id, sort_key FROM hits ORDER BY sort_key, id LIMIT ${limit}`.execute(this.db);
    return rare.rows;
  }

  /** Every folder above the rows (a few rounds, one per level not seen yet), into `known`. */
  private async loadAncestors(
    userId: number,
    rows: KeyedRow[],
    known: Map<number, { parent: number | null; name: string; trashed: boolean }>,
  ): Promise<void> {
    let wanted = [...new Set(rows.map((r) => r.parent_id).filter((p): p is number => p !== null))].filter(
      (id) => !known.has(id),
    );
    for (let depth = 0; wanted.length > 0 && depth < 1000; depth++) {
      const found = await this.db
        .selectFrom('drive_items')
        .select(['id', 'parent_id', 'name', 'trashed_at'])
        .where('user_id', '=', userId)
        .where('id', 'in', wanted)
        .execute();
      const next = new Set<number>();
      for (const f of found) {
        const parent = f.parent_id === null ? null : Number(f.parent_id);
        known.set(Number(f.id), { parent, name: f.name, trashed: f.trashed_at !== null });
        if (parent !== null && !known.has(parent)) next.add(parent);
      }
      // Ids that no longer exist are remembered as dead ends.
      for (const id of wanted) if (!known.has(id)) known.set(id, { parent: null, name: '', trashed: true });
      wanted = [...next];
    }
  }

  async prefs(userId: number): Promise<DrivePrefs> {
    const row = await this.db
      .selectFrom('drive_prefs')
      .select(['sort', 'dir', 'view'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return { ...DEFAULT_DRIVE_PREFS };
    return { sort: row.sort, dir: row.dir, view: row.view } as DrivePrefs;
  }

  async savePrefs(userId: number, prefs: DrivePrefs, now: number): Promise<void> {
    await this.db
      .insertInto('drive_prefs')
      .values({ user_id: userId, ...prefs, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...prefs, updated_at: now }))
      .execute();
  }
}

/** The folders from the root down to `parentId`, or null when one of them is in the bin or gone. */
function chainOf(
  parentId: number | null,
  known: Map<number, { parent: number | null; name: string; trashed: boolean }>,
): Array<{ id: number; name: string }> | null {
  const out: Array<{ id: number; name: string }> = [];
  for (let id = parentId, steps = 0; id !== null && steps < 1000; steps++) {
    const f = known.get(id);
    if (!f || f.trashed) return null;
    out.push({ id, name: f.name });
    if (f.parent === null) return id === DRIVE_ROOT_NUMERIC_ID ? out.reverse() : null;
    id = f.parent;
  }
  return null;
}

function keyed(r: Record<(typeof ITEM_COLUMNS)[number] | 'sort_key', unknown>): KeyedRow {
  return {
    user_id: Number(r.user_id),
    id: Number(r.id),
    parent_id: r.parent_id === null ? null : Number(r.parent_id),
    name: String(r.name),
    kind: Number(r.kind),
    size: Number(r.size),
    blob_key: (r.blob_key as string | null) ?? null,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
    trashed_at: r.trashed_at === null ? null : Number(r.trashed_at),
    sort_key: String(r.sort_key ?? ''),
  };
}
