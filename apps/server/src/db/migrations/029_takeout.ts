import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * 导出全部数据: one row per takeout a user started. A running row is owned by the process
 * building it (`worker`), which beats `heartbeat_at` as it writes; a running row whose beat
 * stopped (its process died) is failed by any instance that reads it. At most one running row
 * per user (a partial unique index: two instances starting at once cannot both win). A ready
 * row holds a reference on its zip's blob until it expires.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('takeout_jobs')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Random: the download's URL names it.
    .addColumn('id', 'text', (c) => c.notNull())
    // 'running', 'ready' or 'failed'.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('done', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('size', 'bigint')
    .addColumn('blob_key', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('worker', 'text', (c) => c.notNull())
    .addColumn('heartbeat_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .addPrimaryKeyConstraint('takeout_jobs_pk', ['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('takeout_jobs_one_running')
    .on('takeout_jobs')
    .column('user_id')
    .unique()
    .where(sql.ref('state'), '=', 'running')
    .execute();
}
