import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * The scheduled backup's one row: which instance holds the run (a lease it renews while the
 * backup runs, so a dead instance's lapses), when the last run started and finished, and the
 * last success. Instances sharing a database take the run by one conditional update of it, so
 * only one of them backs up per period.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('backup_schedule')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text')
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('finished_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_success_at', 'bigint')
    .execute();
  await sql`INSERT INTO backup_schedule (name) VALUES ('scheduled')`.execute(db);
}
