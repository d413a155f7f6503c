import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * The SMS search finds bodies in memory (modules/sms/search-corpus.ts, docs/sms.md): the
 * trigram indexes of 007 cost an import many times its parse and answered large result sets
 * slower than a scan, so they go. So does the index on `locked`: favourites are read per
 * conversation (the conversation index), and every import paid for it.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect === 'sqlite') {
    await sql`DROP TRIGGER IF EXISTS sms_fts_insert`.execute(db);
    await sql`DROP TRIGGER IF EXISTS sms_fts_delete`.execute(db);
    await sql`DROP TABLE IF EXISTS sms_fts`.execute(db);
  } else {
    await sql`DROP INDEX IF EXISTS sms_messages_body_trgm`.execute(db);
  }
  await db.schema.dropIndex('sms_messages_locked').ifExists().execute();
}
