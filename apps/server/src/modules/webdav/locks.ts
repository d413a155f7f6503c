import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { WebdavLocksTable } from '../../db/schema.js';
import { lockPathOf, lockPathsAbove, type Segments } from './paths.js';

export type LockRow = Selectable<WebdavLocksTable>;

/** LIKE pattern of everything below a lock path ('/a' → '/a/%'), its wildcards escaped. */
const below = (path: string) => `${path === '/' ? '' : path.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`;

/**
 * Locks of WebDAV (RFC 4918 §6–7): write locks, exclusive or shared, depth 0 or infinity, on
 * paths of one user's drive. Stored in the database so that every server instance sees them;
 * an expired lock counts as gone (housekeeping removes it later).
 */
export class LocksRepo {
  constructor(private readonly db: Db) {}

  /** Live locks that cover a path: its own, and the depth-infinity locks of its ancestors. */
  async covering(userId: number, segments: Segments, now: number): Promise<LockRow[]> {
    const own = lockPathOf(segments);
    const above = lockPathsAbove(segments).filter((p) => p !== own);
    return this.db
      .selectFrom('webdav_locks')
      .selectAll()
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .where((eb) =>
        above.length
          ? eb.or([eb('path', '=', own), eb.and([eb('path', 'in', above), eb('deep', '=', 1)])])
          : eb('path', '=', own),
      )
      .execute();
  }

  /** Live locks on anything strictly below a path (what a delete or move of a folder touches). */
  async inside(userId: number, segments: Segments, now: number): Promise<LockRow[]> {
    return this.db
      .selectFrom('webdav_locks')
      .selectAll()
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .where(sql<boolean>`path like ${below(lockPathOf(segments))} escape '\\'`)
      .execute();
  }

  byToken(userId: number, token: string, now: number): Promise<LockRow | undefined> {
    return this.db
      .selectFrom('webdav_locks')
      .selectAll()
      .where('user_id', '=', userId)
      .where('token', '=', token)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  async create(
    userId: number,
    lock: { segments: Segments; deep: boolean; shared: boolean; owner: string | null; timeoutS: number },
    now: number,
  ): Promise<LockRow> {
    const row: LockRow = {
      user_id: userId,
      token: `opaquelocktoken:${randomUUID()}`,
      path: lockPathOf(lock.segments),
      deep: lock.deep ? 1 : 0,
      shared: lock.shared ? 1 : 0,
      owner: lock.owner,
      timeout_s: lock.timeoutS,
      expires_at: now + lock.timeoutS * 1000,
      created_at: now,
    };
    await this.db.insertInto('webdav_locks').values(row).execute();
    return row;
  }

  async refresh(userId: number, token: string, timeoutS: number, now: number): Promise<void> {
    await this.db
      .updateTable('webdav_locks')
      .set({ timeout_s: timeoutS, expires_at: now + timeoutS * 1000 })
      .where('user_id', '=', userId)
      .where('token', '=', token)
      .execute();
  }

  async remove(userId: number, token: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('webdav_locks')
      .where('user_id', '=', userId)
      .where('token', '=', token)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  /** Drops the locks of a path and below (the resource was deleted or moved away). */
  async removeAt(userId: number, segments: Segments): Promise<void> {
    await this.db
      .deleteFrom('webdav_locks')
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('path', '=', lockPathOf(segments)),
          sql<boolean>`path like ${below(lockPathOf(segments))} escape '\\'`,
        ]),
      )
      .execute();
  }

  async purgeExpired(now: number): Promise<void> {
    await this.db.deleteFrom('webdav_locks').where('expires_at', '<=', now).execute();
  }
}
