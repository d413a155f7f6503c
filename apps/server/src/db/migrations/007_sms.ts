import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * Text messages: one box per user (sync counter, id counter, log floor), its messages, one
 * summary row per conversation (so list.do reads 2,000 rows, not 200,000), the change log behind
 * refresh.do, and the files (MMS pictures, exports) the user may fetch. Every key starts with
 * user_id. Bodies have no search index: the search scans a box's texts held in memory, which
 * beat FTS5 trigram and pg_trgm on both import and answer time (docs/sms.md says why).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const smallint = ctx.dialect === 'postgres' ? 'smallint' : 'integer';

  await createSmsBoxes(db);
  await createSmsMessages(db, smallint);
  await createSmsConversations(db);
  await createSmsChanges(db);
  await createSmsFiles(db, smallint);
}

async function createSmsBoxes(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sms_boxes')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('sync_version', 'bigint', (c) => c.notNull())
    .addColumn('next_id', 'bigint', (c) => c.notNull())
    // Changes at or below it were compacted away: refresh.do from before it answers 1009.
    .addColumn('log_floor', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

async function createSmsMessages(db: Kysely<unknown>, smallint: 'smallint' | 'integer'): Promise<void> {
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
}

async function createSmsConversations(db: Kysely<unknown>): Promise<void> {
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
}

async function createSmsChanges(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sms_changes')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sync_version', 'bigint', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sms_changes_pk', ['user_id', 'sync_version', 'address'])
    .execute();
}

async function createSmsFiles(db: Kysely<unknown>, smallint: 'smallint' | 'integer'): Promise<void> {
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
}
