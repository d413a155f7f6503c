import type { Kysely } from 'kysely';

/**
 * The timeline's month index (how many photos each month holds) read from an index alone: with
 * the bin and Live Photo columns beside the month, counting 100,000 photos no longer visits each
 * row. It serves every query the (user_id, month) index did, which it replaces.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('photos_month_counts')
    .on('photos')
    .columns(['user_id', 'month', 'trashed_at', 'live_role'])
    .execute();
  await db.schema.dropIndex('photos_month').execute();
}
