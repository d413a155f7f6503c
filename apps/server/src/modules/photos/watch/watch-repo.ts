import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { PhotoRow } from '../repo.js';

/**
 * The folder watch's queries (the setting, the items considered, the photos a drive file
 * carries); each filters by user_id first, but for housekeeping's two walks over the users.
 * Works on a transaction too.
 */
export class WatchRepo {
  constructor(readonly db: Kysely<Database>) {}

  async folder(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('photo_settings')
      .select('watch_folder')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.watch_folder ?? null;
  }

  saveFolder(userId: number, path: string | null) {
    return this.db
      .insertInto('photo_settings')
      .values({ user_id: userId, watch_folder: path })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ watch_folder: path }))
      .execute();
  }

  /** Forgets the items considered (another folder is watched: what it holds is looked at anew). */
  forget(userId: number) {
    return this.db.deleteFrom('photo_watch_items').where('user_id', '=', userId).execute();
  }

  /** Marks an item considered; false when it was already (another run took it). */
  async see(userId: number, itemId: number): Promise<boolean> {
    const r = await this.db
      .insertInto('photo_watch_items')
      .values({ user_id: userId, item_id: itemId })
      .onConflict((oc) => oc.columns(['user_id', 'item_id']).doNothing())
      .returning('item_id')
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Which of these items were considered already. */
  async seen(userId: number, itemIds: readonly number[]): Promise<Set<number>> {
    if (itemIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('photo_watch_items')
      .select('item_id')
      .where('user_id', '=', userId)
      .where('item_id', 'in', itemIds)
      .execute();
    return new Set(rows.map((r) => Number(r.item_id)));
  }

  /** Users who watch a folder, after `afterUserId` in id order, of every user (housekeeping). */
  async watchers(afterUserId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('photo_settings')
      .select('user_id')
      .where('user_id', '>', afterUserId)
      .where('watch_folder', 'is not', null)
      .orderBy('user_id')
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.user_id));
  }

  /** Users with photos a drive file carries, after `afterUserId`, of every user (housekeeping). */
  async carriers(afterUserId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('photos')
      .select('user_id')
      .distinct()
      .where('drive_carried', '=', 1)
      .where('user_id', '>', afterUserId)
      .orderBy('user_id')
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.user_id));
  }

  /** The user's photos whose bytes a drive file counts. */
  carried(userId: number): Promise<Pick<PhotoRow, 'id' | 'sha256' | 'size'>[]> {
    return this.db
      .selectFrom('photos')
      .select(['id', 'sha256', 'size'])
      .where('user_id', '=', userId)
      .where('drive_carried', '=', 1)
      .execute();
  }

  /** Moves the counting of a photo's bytes to or from the drive; false when it was so already. */
  async setCarried(userId: number, id: number, carried: boolean): Promise<boolean> {
    const r = await this.db
      .updateTable('photos')
      .set({ drive_carried: carried ? 1 : 0 })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('drive_carried', '=', carried ? 0 : 1)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
