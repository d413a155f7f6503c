import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * The cloud drive: one drive per user, items shared by both API faces, upload sessions and the
 * index of content-addressed blobs. Integers that can pass 2^31 (sizes, ids, times) are bigint.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const smallint = ctx.dialect === 'postgres' ? 'smallint' : 'integer';

  await createDrives(db);
  await createDriveItems(db, smallint);
  await createDriveUploads(db);
  await createDriveUploadParts(db);
  await createDriveBlobs(db);
}

async function createDrives(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('drives')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // Ids are allocated per drive from this counter: no global sequence, so ids never reveal
    // other users' activity and the table shards by user_id alone.
    .addColumn('next_id', 'bigint', (c) => c.notNull())
    // Bytes of every item, live or in the recycle bin; the quota check reads these two counters.
    .addColumn('used_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('reserved_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

async function createDriveItems(db: Kysely<unknown>, smallint: 'smallint' | 'integer'): Promise<void> {
  await db.schema
    .createTable('drive_items')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    // Kept while the item is in the recycle bin: that is the folder a restore returns it to.
    .addColumn('parent_id', 'bigint')
    .addColumn('name', 'text', (c) => c.notNull())
    // 0 folder, 1 file: folders sort first in the keyset order (kind, name, id).
    .addColumn('kind', smallint, (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('blob_key', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // Set on the item the user deleted only; its descendants stay as they were inside it.
    .addColumn('trashed_at', 'bigint')
    .addPrimaryKeyConstraint('drive_items_pk', ['user_id', 'id'])
    .execute();
  // Unique names per folder among live items, enforced by the database under any concurrency.
  await sql`CREATE UNIQUE INDEX drive_items_live_name ON drive_items (user_id, parent_id, name) WHERE trashed_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX drive_items_listing ON drive_items (user_id, parent_id, kind, name, id) WHERE trashed_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX drive_items_trash ON drive_items (user_id, trashed_at) WHERE trashed_at IS NOT NULL`.execute(
    db,
  );
  // Housekeeping finds expired trash across users (as sessions_expires does for sessions).
  await sql`CREATE INDEX drive_items_trash_due ON drive_items (trashed_at) WHERE trashed_at IS NOT NULL`.execute(
    db,
  );
  await db.schema
    .createIndex('drive_items_blob')
    .on('drive_items')
    .columns(['user_id', 'blob_key'])
    .execute();
}

async function createDriveUploads(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('drive_uploads')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    // 'v2' (parts then complete), 'v1' (one multipart POST) or 'quick' (proof of possession).
    .addColumn('face', 'text', (c) => c.notNull())
    .addColumn('item_id', 'bigint', (c) => c.notNull())
    .addColumn('parent_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    // Bytes held back from the quota until the upload completes or is dropped.
    .addColumn('reserved', 'bigint', (c) => c.notNull())
    .addColumn('part_size', 'bigint', (c) => c.notNull())
    .addColumn('part_count', 'integer', (c) => c.notNull())
    // v2 check_name_mode or v1 duplicatePolicy, as given.
    .addColumn('name_mode', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text')
    .addColumn('proof_offset', 'bigint')
    .addColumn('proof_len', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('drive_uploads_pk', ['user_id', 'id'])
    .execute();
  await db.schema.createIndex('drive_uploads_expires').on('drive_uploads').columns(['expires_at']).execute();
}

async function createDriveUploadParts(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('drive_upload_parts')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('upload_id', 'text', (c) => c.notNull())
    .addColumn('part_number', 'integer', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('drive_upload_parts_pk', ['user_id', 'upload_id', 'part_number'])
    .addForeignKeyConstraint(
      'drive_upload_parts_upload',
      ['user_id', 'upload_id'],
      'drive_uploads',
      ['user_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
}

async function createDriveBlobs(db: Kysely<unknown>): Promise<void> {
  // Content-addressed blobs shared by every user (deduplication): not user-owned, keyed by SHA-256.
  await db.schema
    .createTable('drive_blobs')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('md5', 'text', (c) => c.notNull())
    .addColumn('sha1', 'text', (c) => c.notNull())
    // Items and upload parts that point at the blob; at 0 (and untouched for a while) it is removed.
    .addColumn('ref_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('touched_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('drive_blobs_md5').on('drive_blobs').columns(['md5', 'size']).execute();
  await sql`CREATE INDEX drive_blobs_unreferenced ON drive_blobs (touched_at) WHERE ref_count = 0`.execute(
    db,
  );
}
