import { type Kysely, sql } from 'kysely';

/**
 * Contacts' avatar and export files take references in the blob index like the drive's items,
 * so the collector removes their bytes once no row points at them (before, it asked every area
 * about each candidate and never saw blobs only contacts had stored). Blobs the index did not
 * know get empty hashes until a drive upload of the same content fills them in. The book also
 * records when its unused avatars were last looked for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = Date.now();
  await sql`
    INSERT INTO drive_blobs (key, size, md5, sha1, ref_count, touched_at)
    SELECT blob_key, MAX(size), '', '', COUNT(*), ${now} FROM contact_files WHERE true GROUP BY blob_key
    ON CONFLICT (key) DO UPDATE SET ref_count = drive_blobs.ref_count + excluded.ref_count
  `.execute(db);
  await db.schema.dropIndex('contact_files_blob').execute();
  await db.schema
    .alterTable('contact_books')
    .addColumn('files_swept_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
