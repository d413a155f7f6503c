import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { AppPasswordsTable } from '../../db/schema.js';

/** @package */
export type AppPasswordRow = Selectable<AppPasswordsTable>;

/**
 * Queries of app passwords; every one is scoped by user_id.
 * @package
 */
export class AppPasswordsRepo {
  constructor(private readonly db: Db) {}

  list(userId: number): Promise<AppPasswordRow[]> {
    return this.db
      .selectFrom('app_passwords')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async count(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('app_passwords')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async create(userId: number, name: string, secretHash: string, now: number): Promise<AppPasswordRow> {
    return this.db
      .insertInto('app_passwords')
      .values({ user_id: userId, name, secret_hash: secretHash, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  byHash(userId: number, secretHash: string) {
    return this.db
      .selectFrom('app_passwords')
      .select(['id', 'last_used_at', 'last_ip', 'last_client'])
      .where('user_id', '=', userId)
      .where('secret_hash', '=', secretHash)
      .executeTakeFirst();
  }

  async touch(userId: number, id: number, now: number, ip: string, client: string): Promise<void> {
    await this.db
      .updateTable('app_passwords')
      .set({ last_used_at: now, last_ip: ip, last_client: client })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  /** Answers whether the account had such an app password. */
  async revoke(userId: number, id: number): Promise<boolean> {
    const res = await this.db
      .deleteFrom('app_passwords')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  async revokeAll(userId: number): Promise<void> {
    await this.db.deleteFrom('app_passwords').where('user_id', '=', userId).execute();
  }
}
