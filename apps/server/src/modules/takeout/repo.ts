import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { TakeoutJobsTable } from '../../db/schema.js';

/** @package */
export type JobRow = Selectable<TakeoutJobsTable>;

/**
 * The takeout's jobs. Every query names the user first; the housekeeping walks the users that
 * have jobs (`owners`).
 * @package
 */
export class TakeoutRepo {
  constructor(private readonly db: Db) {}

  /** Adds a running job; false when the user has one running already (the partial unique index). */
  async insertRunning(row: Insertable<TakeoutJobsTable>): Promise<boolean> {
    const res = await this.db
      .insertInto('takeout_jobs')
      .values(row)
      // The index's predicate as a literal: SQLite matches a partial index only by its text.
      .onConflict((oc) => oc.column('user_id').where('state', '=', sql.lit('running')).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  running(userId: number): Promise<JobRow | undefined> {
    return this.db
      .selectFrom('takeout_jobs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('state', '=', 'running')
      .executeTakeFirst();
  }

  newest(userId: number): Promise<JobRow | undefined> {
    return this.db
      .selectFrom('takeout_jobs')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  job(userId: number, id: string): Promise<JobRow | undefined> {
    return this.db
      .selectFrom('takeout_jobs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The running job's progress and beat, if this worker still owns it; false when it does not. */
  async beat(userId: number, id: string, worker: string, done: number, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('takeout_jobs')
      .set({ done, heartbeat_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('state', '=', 'running')
      .where('worker', '=', worker)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Marks the worker's running job ready; false when it was failed meanwhile (its beat lapsed). */
  async finish(
    userId: number,
    id: string,
    worker: string,
    set: { size: number; blob_key: string; done: number; finished_at: number; expires_at: number },
  ): Promise<boolean> {
    const res = await this.db
      .updateTable('takeout_jobs')
      .set({ ...set, state: 'ready', heartbeat_at: set.finished_at })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('state', '=', 'running')
      .where('worker', '=', worker)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Fails a running job (of `worker` when given, else any whose beat is older than `beatBefore`). */
  async fail(
    userId: number,
    id: string,
    error: string,
    now: number,
    owner: { worker: string } | { beatBefore: number },
  ): Promise<boolean> {
    let q = this.db
      .updateTable('takeout_jobs')
      .set({ state: 'failed', error, finished_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('state', '=', 'running');
    q =
      'worker' in owner
        ? q.where('worker', '=', owner.worker)
        : q.where('heartbeat_at', '<', owner.beatBefore);
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** The user's jobs that are done with: ready ones past their expiry, failed ones older than `failedBefore`. */
  gone(userId: number, now: number, failedBefore: number): Promise<JobRow[]> {
    return this.db
      .selectFrom('takeout_jobs')
      .selectAll()
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'ready'), eb('expires_at', '<=', now)]),
          eb.and([eb('state', '=', 'failed'), eb('created_at', '<', failedBefore)]),
        ]),
      )
      .execute();
  }

  async remove(userId: number, id: string): Promise<void> {
    await this.db.deleteFrom('takeout_jobs').where('user_id', '=', userId).where('id', '=', id).execute();
  }

  /** The ready jobs' blobs of a user (their references). */
  async blobKeys(userId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('takeout_jobs')
      .select('blob_key')
      .where('user_id', '=', userId)
      .where('state', '=', 'ready')
      .execute();
    return rows.flatMap((r) => (r.blob_key ? [r.blob_key] : []));
  }

  /** The users with jobs, for the housekeeping. */
  async owners(): Promise<number[]> {
    const rows = await this.db.selectFrom('takeout_jobs').select('user_id').distinct().execute();
    return rows.map((r) => Number(r.user_id));
  }
}
