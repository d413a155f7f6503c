import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** How long a create's request key answers a retry with the item it made. */
export const CREATE_KEY_KEEP_MS = 24 * 60 * 60_000;

/**
 * The request keys of creates (migration 028), written in the create's own transaction: a key
 * seen before names the item it made, so a retried create answers that item.
 */
export class CreateKeys {
  constructor(private readonly db: Kysely<Database>) {}

  /** The item a key made in an area, or undefined for a key not seen (or forgotten). */
  async itemOf(userId: number, area: string, key: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('create_keys')
      .select('item_id')
      .where('user_id', '=', userId)
      .where('area', '=', area)
      .where('key', '=', key)
      .executeTakeFirst();
    return row === undefined ? undefined : Number(row.item_id);
  }

  async remember(userId: number, area: string, key: string, itemId: number, now: number): Promise<void> {
    await this.db
      .insertInto('create_keys')
      .values({ user_id: userId, area, key, item_id: itemId, created_at: now })
      .execute();
  }

  /** Housekeeping: forgets keys older than CREATE_KEY_KEEP_MS. */
  async forgetBefore(before: number): Promise<number> {
    const res = await this.db.deleteFrom('create_keys').where('created_at', '<', before).executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
