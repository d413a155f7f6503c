import { DRIVE_ROOT_NUMERIC_ID } from '@phonecloud/shared';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database, DriveItemsTable } from '../../db/schema.js';

/** @package */
export type ItemRow = Selectable<DriveItemsTable>;
/** @package */
export type Exec = Db | Transaction<Database>;
/** @package */
export const FOLDER = 0;
/** @package */
export const FILE = 1;
/** First id handed out in a new drive; the root is DRIVE_ROOT_NUMERIC_ID (999) in every drive. */
const FIRST_ID = 1000;

/**
 * Keyset position in a folder listing: (kind, name, id), folders first.
 * @package
 */
export type ListKey = [kind: number, name: string, id: number];

/**
 * SQLite and PostgreSQL report a unique-index violation differently.
 * @package
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/**
 * Queries on drive items; every one is scoped to one user's drive.
 * @package
 */
export class ItemsRepo {
  constructor(private readonly db: Db) {}

  /** Creates the drive and its root folder when missing (both idempotent under concurrency). */
  async ensureDrive(userId: number, now: number): Promise<void> {
    const exists = await this.db
      .selectFrom('drives')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (exists) return;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('drives')
        .values({ user_id: userId, next_id: FIRST_ID, used_bytes: 0, reserved_bytes: 0, created_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      await trx
        .insertInto('drive_items')
        .values({
          user_id: userId,
          id: DRIVE_ROOT_NUMERIC_ID,
          parent_id: null,
          name: '',
          kind: FOLDER,
          size: 0,
          blob_key: null,
          created_at: now,
          updated_at: now,
          trashed_at: null,
        })
        .onConflict((oc) => oc.columns(['user_id', 'id']).doNothing())
        .execute();
    });
  }

  /** Reserves `n` consecutive ids of the drive. */
  async allocIds(db: Exec, userId: number, n: number): Promise<number> {
    const row = await db
      .updateTable('drives')
      .set((eb) => ({ next_id: eb('next_id', '+', n) }))
      .where('user_id', '=', userId)
      .returning('next_id')
      .executeTakeFirstOrThrow();
    return row.next_id - n;
  }

  get(db: Exec, userId: number, id: number): Promise<ItemRow | undefined> {
    return db
      .selectFrom('drive_items')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * The item and its ancestors up to the root, nearest first. An item is live when nothing in
   * its chain is in the recycle bin and the chain reaches the root.
   */
  async chain(db: Exec, userId: number, id: number): Promise<ItemRow[]> {
    const result = await sql<ItemRow>`
      WITH RECURSIVE chain AS (
        SELECT i.*, 0 AS depth FROM drive_items i WHERE i.user_id = ${userId} AND i.id = ${id}
        UNION ALL
        SELECT p.*, c.depth + 1 FROM drive_items p
          JOIN chain c ON p.user_id = ${userId} AND p.id = c.parent_id
        WHERE c.depth < 1000
      )
      SELECT user_id, id, parent_id, name, kind, size, blob_key, created_at, updated_at, trashed_at
      FROM chain ORDER BY depth`.execute(db);
    return result.rows.map(numeric);
  }

  childByName(db: Exec, userId: number, parentId: number, name: string): Promise<ItemRow | undefined> {
    return db
      .selectFrom('drive_items')
      .selectAll()
      .where('user_id', '=', userId)
      .where('parent_id', '=', parentId)
      .where('name', '=', name)
      .where('trashed_at', 'is', null)
      .executeTakeFirst();
  }

  /** Names in a folder that start with `prefix` (to pick a free "name(n).ext"). */
  async namesLike(db: Exec, userId: number, parentId: number, prefix: string): Promise<Set<string>> {
    const rows = await db
      .selectFrom('drive_items')
      .select('name')
      .where('user_id', '=', userId)
      .where('parent_id', '=', parentId)
      .where('trashed_at', 'is', null)
      .where('name', '>=', prefix)
      .where('name', '<', `${prefix}\u{10ffff}`)
      .limit(10_000)
      .execute();
    return new Set(rows.map((r) => r.name));
  }

  /** One page of a folder in (kind, name, id) order, after `after` when given. */
  list(userId: number, parentId: number, limit: number, after?: ListKey, offset = 0): Promise<ItemRow[]> {
    let q = this.db
      .selectFrom('drive_items')
      .selectAll()
      .where('user_id', '=', userId)
      .where('parent_id', '=', parentId)
      .where('trashed_at', 'is', null);
    if (after) {
      q = q.where((eb) => eb(eb.refTuple('kind', 'name', 'id'), '>', eb.tuple(after[0], after[1], after[2])));
    }
    q = q.orderBy('kind').orderBy('name').orderBy('id').limit(limit);
    return (offset > 0 ? q.offset(offset) : q).execute();
  }

  /** Every live item of the drive in id order after `afterId` (the v2 scan). */
  scan(userId: number, afterId: number, limit: number, kind?: number): Promise<ItemRow[]> {
    let q = this.db
      .selectFrom('drive_items')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '>', afterId)
      .where('trashed_at', 'is', null)
      .where('parent_id', 'is not', null);
    if (kind !== undefined) q = q.where('kind', '=', kind);
    return q.orderBy('id').limit(limit).execute();
  }

  /**
   * Everything inside a folder that goes with it (not the items the user put in the bin
   * separately), with each one's path relative to the folder.
   */
  async subtree(db: Exec, userId: number, id: number): Promise<Array<ItemRow & { path: string }>> {
    const result = await sql<ItemRow & { path: string }>`
      WITH RECURSIVE tree AS (
        SELECT i.*, CAST(i.name AS TEXT) AS path, 0 AS depth
          FROM drive_items i WHERE i.user_id = ${userId} AND i.parent_id = ${id} AND i.trashed_at IS NULL
        UNION ALL
        SELECT c.*, t.path || '/' || c.name, t.depth + 1 FROM drive_items c
          JOIN tree t ON c.user_id = ${userId} AND c.parent_id = t.id
        WHERE c.trashed_at IS NULL AND t.kind = ${FOLDER} AND t.depth < 1000
      )
      SELECT user_id, id, parent_id, name, kind, size, blob_key, created_at, updated_at, trashed_at, path
      FROM tree ORDER BY path`.execute(db);
    return result.rows.map((r) => ({ ...numeric(r), path: r.path }));
  }

  trashPage(userId: number, limit: number, offset: number): Promise<ItemRow[]> {
    return this.db
      .selectFrom('drive_items')
      .selectAll()
      .where('user_id', '=', userId)
      .where('trashed_at', 'is not', null)
      .orderBy('trashed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async trashCount(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('drive_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('trashed_at', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Whether the user's drive holds the blob in any item (live or in the bin). */
  async ownsBlob(userId: number, key: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('drive_items')
      .select('id')
      .where('user_id', '=', userId)
      .where('blob_key', '=', key)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Which of these contents any of the user's files holds, live or in the bin. */
  async heldKeys(userId: number, keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('drive_items')
      .select('blob_key')
      .distinct()
      .where('user_id', '=', userId)
      .where('blob_key', 'in', keys)
      .execute();
    return new Set(rows.map((r) => r.blob_key).filter((k): k is string => k !== null));
  }

  /** Live files with this content in one folder (the quick upload's 422). */
  async sameContentIn(userId: number, parentId: number, key: string, name?: string): Promise<boolean> {
    let q = this.db
      .selectFrom('drive_items')
      .select('id')
      .where('user_id', '=', userId)
      .where('parent_id', '=', parentId)
      .where('blob_key', '=', key)
      .where('trashed_at', 'is', null);
    if (name !== undefined) q = q.where('name', '=', name);
    return (await q.limit(1).executeTakeFirst()) !== undefined;
  }
}

/** Raw SQL rows come back with PostgreSQL bigint columns parsed, but SQLite may hand strings for CTE columns. */
function numeric(r: ItemRow): ItemRow {
  return {
    user_id: Number(r.user_id),
    id: Number(r.id),
    parent_id: r.parent_id === null ? null : Number(r.parent_id),
    name: r.name,
    kind: Number(r.kind),
    size: Number(r.size),
    blob_key: r.blob_key,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
    trashed_at: r.trashed_at === null ? null : Number(r.trashed_at),
  };
}
