import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { DriveSharesTable } from './schema.js';
import './schema.js';

/** @package */
export type ShareRow = Selectable<DriveSharesTable>;
/** @package */
export interface ShareWithItems extends ShareRow {
  itemIds: number[];
}
/**
 * Keyset position in the owner's list: newest first.
 * @package
 */
export type ShareKey = [createdAt: number, publicId: string];

/**
 * Queries on share links; the owner's are scoped by user_id, the public page's by the public id.
 * @package
 */
export class ShareRepo {
  constructor(private readonly db: Db) {}

  async insert(row: ShareRow, itemIds: number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('drive_shares').values(row).execute();
      await trx
        .insertInto('drive_share_items')
        .values(
          itemIds.map((itemId, position) => ({
            user_id: row.user_id,
            public_id: row.public_id,
            item_id: itemId,
            position,
          })),
        )
        .execute();
    });
  }

  /** The link behind a public id, whoever owns it (the public page's only unscoped lookup). */
  async byPublicId(publicId: string): Promise<ShareRow | undefined> {
    const row = await this.db
      .selectFrom('drive_shares')
      .selectAll()
      .where('public_id', '=', publicId)
      .executeTakeFirst();
    return row ? numeric(row) : undefined;
  }

  async itemIds(userId: number, publicId: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('drive_share_items')
      .select('item_id')
      .where('user_id', '=', userId)
      .where('public_id', '=', publicId)
      .orderBy('position')
      .execute();
    return rows.map((r) => Number(r.item_id));
  }

  private async withItems(userId: number, rows: ShareRow[]): Promise<ShareWithItems[]> {
    if (rows.length === 0) return [];
    const items = await this.db
      .selectFrom('drive_share_items')
      .select(['public_id', 'item_id'])
      .where('user_id', '=', userId)
      .where(
        'public_id',
        'in',
        rows.map((r) => r.public_id),
      )
      .orderBy('public_id')
      .orderBy('position')
      .execute();
    const byShare = new Map<string, number[]>();
    for (const i of items) {
      const list = byShare.get(i.public_id) ?? [];
      list.push(Number(i.item_id));
      byShare.set(i.public_id, list);
    }
    return rows.map((r) => ({ ...numeric(r), itemIds: byShare.get(r.public_id) ?? [] }));
  }

  /** One page of the owner's shares, newest first, after `after` when given. */
  async page(userId: number, limit: number, after?: ShareKey): Promise<ShareWithItems[]> {
    let q = this.db.selectFrom('drive_shares').selectAll().where('user_id', '=', userId);
    if (after) {
      q = q.where((eb) =>
        eb.or([
          eb('created_at', '<', after[0]),
          eb.and([eb('created_at', '=', after[0]), eb('public_id', '<', after[1])]),
        ]),
      );
    }
    const rows = await q.orderBy('created_at', 'desc').orderBy('public_id', 'desc').limit(limit).execute();
    return this.withItems(userId, rows);
  }

  /** The owner's shares by page number (the older variant's list). */
  async pageAt(userId: number, size: number, offset: number): Promise<ShareWithItems[]> {
    const rows = await this.db
      .selectFrom('drive_shares')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('public_id', 'desc')
      .limit(size)
      .offset(offset)
      .execute();
    return this.withItems(userId, rows);
  }

  async count(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('drive_shares')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The owner's shares among `publicIds` (to tell unknown ids apart). */
  async owned(userId: number, publicIds: string[]): Promise<ShareRow[]> {
    if (publicIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('drive_shares')
      .selectAll()
      .where('user_id', '=', userId)
      .where('public_id', 'in', publicIds)
      .execute();
    return rows.map(numeric);
  }

  async cancel(userId: number, publicIds: string[], now: number): Promise<void> {
    await this.db
      .updateTable('drive_shares')
      .set({ cancelled_at: now })
      .where('user_id', '=', userId)
      .where('public_id', 'in', publicIds)
      .where('cancelled_at', 'is', null)
      .execute();
  }

  async countView(userId: number, publicId: string): Promise<void> {
    await this.db
      .updateTable('drive_shares')
      .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
      .where('user_id', '=', userId)
      .where('public_id', '=', publicId)
      .execute();
  }

  async countDownload(userId: number, publicId: string): Promise<void> {
    await this.db
      .updateTable('drive_shares')
      .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
      .where('user_id', '=', userId)
      .where('public_id', '=', publicId)
      .execute();
  }

  /** Links cancelled or expired before `before`, for housekeeping. */
  async ended(before: number, limit: number): Promise<Array<{ user_id: number; public_id: string }>> {
    const rows = await this.db
      .selectFrom('drive_shares')
      .select(['user_id', 'public_id'])
      .where((eb) => eb.or([eb('cancelled_at', '<=', before), eb('expires_at', '<=', before)]))
      .limit(limit)
      .execute();
    return rows.map((r) => ({ user_id: Number(r.user_id), public_id: r.public_id }));
  }

  async remove(userId: number, publicId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('drive_share_items')
        .where('user_id', '=', userId)
        .where('public_id', '=', publicId)
        .execute();
      await trx
        .deleteFrom('drive_shares')
        .where('user_id', '=', userId)
        .where('public_id', '=', publicId)
        .execute();
    });
  }
}

/** SQLite hands bigint columns back as numbers, PostgreSQL through the int8 parser: both numbers here. */
function numeric(r: ShareRow): ShareRow {
  return {
    ...r,
    user_id: Number(r.user_id),
    expire_days: Number(r.expire_days),
    expires_at: r.expires_at === null ? null : Number(r.expires_at),
    created_at: Number(r.created_at),
    cancelled_at: r.cancelled_at === null ? null : Number(r.cancelled_at),
    view_count: Number(r.view_count),
    download_count: Number(r.download_count),
  };
}
