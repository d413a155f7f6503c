import type { Kysely } from 'kysely';

/**
 * The store check (storage/blob-check.ts): when each blob's bytes were last re-read against its
 * name (0: never), and since when they no longer match (null: they do). The index serves the
 * check's walk, the least recently checked first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('drive_blobs')
    .addColumn('checked_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('drive_blobs').addColumn('damaged_at', 'bigint').execute();
  await db.schema.createIndex('drive_blobs_checked').on('drive_blobs').column('checked_at').execute();
}
