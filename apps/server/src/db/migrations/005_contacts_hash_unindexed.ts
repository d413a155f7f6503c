import type { Kysely } from 'kysely';

/**
 * Contacts' content hashes are only ever read a book at a time (by user_id, through
 * contacts_deleted), never looked up one by one: their index only made every write slower, an
 * import of 10,000 cards most (random 64-character keys).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contacts_hash').execute();
}
