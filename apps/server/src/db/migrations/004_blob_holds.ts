import type { Kysely } from 'kysely';

/** The blob collector asks every area whether it still uses a blob; this answers contacts' part fast. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('contact_files_blob').on('contact_files').columns(['blob_key']).execute();
}
