import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * The phone's deletes of the hour before a held batch, counted by the guard (so a reset split
 * into small batches is still held) but not part of what the owner is asked about: the banner
 * says this round's deletes of the book as it is now, not "329 of 329" for a book of 268.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('sync_held')
    .addColumn('earlier', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
