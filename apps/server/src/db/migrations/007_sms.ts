import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * Text messages: one box per user (sync counter, id counter, log floor), its messages, one
 * summary row per conversation (so list.do reads 2,000 rows, not 200,000), the change log behind
 * refresh.do, and the files (MMS pictures, exports) the user may fetch. Every key starts with
 * user_id. The body search index is FTS5 with the trigram tokenizer on SQLite and pg_trgm on
 * PostgreSQL (docs/sms.md says why).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const smallint = ctx.dialect === 'postgres' ? 'smallint' : 'integer';

  await db.schema
    .createTable('sms_boxes')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('sync_version', 'bigint', (c) => c.notNull())
    .addColumn('next_id', 'bigint', (c) => c.notNull())
    // Changes at or below it were compacted away: refresh.do from before it answers 1009.
    .addColumn('log_floor', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sms_messages')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    // The conversation key: formatSmsAddress of the number as the phone wrote it.
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('date', 'bigint', (c) => c.notNull())
    .addColumn('type', smallint, (c) => c.notNull())
    .addColumn('locked', smallint, (c) => c.notNull())
    .addColumn('read', smallint, (c) => c.notNull())
    .addColumn('optime', 'bigint', (c) => c.notNull())
    // Hash of what identifies a message on the phone (address, date, type, body, parts): an
    // import of the same backup finds it and adds nothing.
    .addColumn('import_key', 'text', (c) => c.notNull())
    // JSON array of the blob keys of an MMS's pictures; null for a plain message.
    .addColumn('attachments', 'text')
    .addColumn('size', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sms_messages_pk', ['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('sms_messages_conversation')
    .on('sms_messages')
    .columns(['user_id', 'address', 'date', 'id'])
    .execute();
  await db.schema
    .createIndex('sms_messages_import')
    .on('sms_messages')
    .columns(['user_id', 'import_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('sms_messages_locked')
    .on('sms_messages')
    .columns(['user_id', 'locked'])
    .execute();

  await db.schema
    .createTable('sms_conversations')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('locked_count', 'integer', (c) => c.notNull())
    .addColumn('last_date', 'bigint', (c) => c.notNull())
    .addColumn('last_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sms_conversations_pk', ['user_id', 'address'])
    .execute();

  await db.schema
    .createTable('sms_changes')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sync_version', 'bigint', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sms_changes_pk', ['user_id', 'sync_version', 'address'])
    .execute();

  await db.schema
    .createTable('sms_files')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The blob key for MMS pictures; a random token for exports (their URL must not be guessable).
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('kind', smallint, (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addPrimaryKeyConstraint('sms_files_pk', ['user_id', 'id'])
    .execute();

  if (ctx.dialect === 'sqlite') {
    // Contentless (the body lives once, in sms_messages), rowid = user_id * 2^32 + id: a user's
    // messages are one rowid range, which FTS5 filters on before reading any row.
    await sql`CREATE VIRTUAL TABLE sms_fts USING fts5(body, content='', contentless_delete=1, tokenize='trigram')`.execute(
      db,
    );
    await sql`CREATE TRIGGER sms_fts_insert AFTER INSERT ON sms_messages BEGIN
      INSERT INTO sms_fts(rowid, body) VALUES (new.user_id * 4294967296 + new.id, new.body);
    END`.execute(db);
    await sql`CREATE TRIGGER sms_fts_delete AFTER DELETE ON sms_messages BEGIN
      DELETE FROM sms_fts WHERE rowid = old.user_id * 4294967296 + old.id;
    END`.execute(db);
  } else {
    // pg_trgm is a trusted extension; it lives in one schema of the database, found where it is.
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
    const found = await sql<{ schema: string }>`
      SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
      WHERE e.extname = 'pg_trgm'`.execute(db);
    const schema = found.rows[0]?.schema ?? 'public';
    await sql`CREATE INDEX sms_messages_body_trgm ON sms_messages USING gin (body ${sql.id(schema)}.gin_trgm_ops)`.execute(
      db,
    );
  }
}
