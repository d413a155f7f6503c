import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { expect, it } from 'vitest';
import * as m001 from '../src/db/migrations/001_platform.js';
import * as m002 from '../src/db/migrations/002_contacts.js';
import * as m003 from '../src/db/migrations/003_drive.js';
import * as m004 from '../src/db/migrations/004_blob_holds.js';
import * as m005 from '../src/db/migrations/005_contacts_hash_unindexed.js';
import * as m006 from '../src/db/migrations/006_contact_file_refs.js';

const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);

it("gives contacts' files made before 006 their blob references, beside the drive's", async () => {
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
  const ctx = { dialect: 'sqlite' as const };
  for (const m of [m001, m002, m003, m004, m005]) await m.up(db, ctx);
  await sql`INSERT INTO users (id, username, password_hash, paid_gb, skin, created_at, updated_at)
            VALUES (1, 'a', 'x', 0, 'default', 0, 0), (2, 'b', 'x', 0, 'default', 0, 0)`.execute(db);
  await sql`INSERT INTO contact_books (user_id, sync_version, next_id, log_floor, updated_at)
            VALUES (1, 0, 1, 0, 0)`.execute(db);
  // The same avatar for two users, an export, and bytes the drive indexed with two items.
  await sql`INSERT INTO contact_files (user_id, id, kind, blob_key, name, size, created_at, expires_at) VALUES
            (1, ${KEY_A}, 1, ${KEY_A}, 'a.jpg', 10, 0, NULL),
            (2, ${KEY_A}, 1, ${KEY_A}, 'a.jpg', 10, 0, NULL),
            (1, 'export-token', 2, ${KEY_B}, 'b.vcf', 20, 0, 100)`.execute(db);
  await sql`INSERT INTO drive_blobs (key, size, md5, sha1, ref_count, touched_at)
            VALUES (${KEY_B}, 20, 'm', 's', 2, 0)`.execute(db);

  await m006.up(db);

  const rows = await sql<{ key: string; ref_count: number; md5: string }>`
    SELECT key, ref_count, md5 FROM drive_blobs ORDER BY key`.execute(db);
  expect(rows.rows).toEqual([
    { key: KEY_A, ref_count: 2, md5: '' },
    { key: KEY_B, ref_count: 3, md5: 'm' },
  ]);
  const book = await sql<{ files_swept_at: number }>`SELECT files_swept_at FROM contact_books`.execute(db);
  expect(book.rows).toEqual([{ files_swept_at: 0 }]);
  await db.destroy();
});
