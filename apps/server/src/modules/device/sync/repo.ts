import { HeldStatus, type SyncArea } from '@phonecloud/shared';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, SyncBatchesTable, SyncHeldTable } from '../../../db/schema.js';

export type BatchRow = Selectable<SyncBatchesTable>;
export type HeldRow = Selectable<SyncHeldTable>;

/** Queries of the sync tables (migration 013); every one names the user. Works on a transaction too. */
export class SyncRepo {
  constructor(readonly db: Kysely<Database>) {}

  async anchor(userId: number, deviceId: string, area: SyncArea): Promise<string | null> {
    const row = await this.db
      .selectFrom('sync_anchors')
      .select('anchor')
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .where('area', '=', area)
      .executeTakeFirst();
    return row?.anchor ?? null;
  }

  /** Records a pull (with the anchor the phone confirmed) or a push. */
  async touchAnchor(
    userId: number,
    deviceId: string,
    area: SyncArea,
    set: { anchor?: string; pulled_at?: number; pushed_at?: number },
  ): Promise<void> {
    await this.db
      .insertInto('sync_anchors')
      .values({
        user_id: userId,
        device_id: deviceId,
        area,
        anchor: set.anchor ?? '',
        pulled_at: set.pulled_at ?? null,
        pushed_at: set.pushed_at ?? null,
      })
      .onConflict((oc) => oc.columns(['user_id', 'device_id', 'area']).doUpdateSet(set))
      .execute();
  }

  batch(userId: number, deviceId: string, batchId: string): Promise<BatchRow | undefined> {
    return this.db
      .selectFrom('sync_batches')
      .selectAll()
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .where('batch_id', '=', batchId)
      .executeTakeFirst();
  }

  async insertBatch(row: Insertable<SyncBatchesTable>): Promise<void> {
    await this.db.insertInto('sync_batches').values(row).execute();
  }

  async updateBatch(
    userId: number,
    deviceId: string,
    batchId: string,
    set: Partial<Pick<BatchRow, 'status' | 'deletes' | 'result' | 'applied_at'>>,
  ): Promise<void> {
    await this.db
      .updateTable('sync_batches')
      .set(set)
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .where('batch_id', '=', batchId)
      .execute();
  }

  /** Deletes the phone's batches of the area applied since `since` (the guard's window). */
  async recentDeletes(userId: number, deviceId: string, area: SyncArea, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('sync_batches')
      .select((eb) => eb.fn.sum<number>('deletes').as('n'))
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .where('area', '=', area)
      .where('status', '=', HeldStatus.APPLIED)
      .where('applied_at', '>=', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Deletes the owner approved for the phone's area since `since` (applied held syncs, their
   * round's count): the later batches of an approved round are not held again.
   */
  async approvedDeletes(userId: number, deviceId: string, area: SyncArea, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('sync_held')
      .select((eb) => eb.fn.sum<number>('deletes').as('n'))
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .where('area', '=', area)
      .where('status', '=', HeldStatus.APPLIED)
      .where('decided_at', '>=', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insertHeld(row: Insertable<SyncHeldTable>): Promise<void> {
    await this.db.insertInto('sync_held').values(row).execute();
  }

  held(userId: number, id: string): Promise<HeldRow | undefined> {
    return this.db
      .selectFrom('sync_held')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The area's syncs waiting for the owner, oldest first. */
  waiting(userId: number, area: SyncArea): Promise<HeldRow[]> {
    return this.db
      .selectFrom('sync_held')
      .selectAll()
      .where('user_id', '=', userId)
      .where('area', '=', area)
      .where('status', '=', HeldStatus.HELD)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Settles a held sync; answers false when it was no longer waiting. */
  async decide(userId: number, id: string, status: number, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('sync_held')
      .set({ status, decided_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('status', '=', HeldStatus.HELD)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Users with sync rows: housekeeping goes through them one by one. */
  async owners(): Promise<number[]> {
    const rows = await this.db.selectFrom('sync_batches').select('user_id').distinct().execute();
    return rows.map((r) => Number(r.user_id));
  }

  /** Drops applied and refused batches older than `batchesBefore`, decided held syncs older than `heldBefore`. */
  async dropBefore(userId: number, batchesBefore: number, heldBefore: number): Promise<void> {
    await this.db
      .deleteFrom('sync_batches')
      .where('user_id', '=', userId)
      .where('status', '!=', HeldStatus.HELD)
      .where('created_at', '<', batchesBefore)
      .execute();
    await this.db
      .deleteFrom('sync_held')
      .where('user_id', '=', userId)
      .where('status', '!=', HeldStatus.HELD)
      .where('decided_at', '<', heldBefore)
      .execute();
  }
}
