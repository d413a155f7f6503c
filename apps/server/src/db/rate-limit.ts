import type { Db } from './index.js';

/** Fixed-window counters in the database, so every server instance sees the same numbers. */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  /** The count inside the current window, 0 when the window has passed. */
  async count(key: string, windowMs: number, now: number): Promise<number> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['count', 'window_start'])
      .where('key', '=', key)
      .executeTakeFirst();
    return row && now - row.window_start < windowMs ? row.count : 0;
  }

  /** Adds one to the window (starting a new one when it has passed); answers the new count. */
  async hit(key: string, windowMs: number, now: number): Promise<number> {
    const current = await this.count(key, windowMs, now);
    if (current === 0) {
      await this.db
        .insertInto('rate_limits')
        .values({ key, count: 1, window_start: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ count: 1, window_start: now }))
        .execute();
      return 1;
    }
    const row = await this.db
      .updateTable('rate_limits')
      .set((eb) => ({ count: eb('count', '+', 1) }))
      .where('key', '=', key)
      .returning('count')
      .executeTakeFirst();
    return row?.count ?? current + 1;
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }
}
