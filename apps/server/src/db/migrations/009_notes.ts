import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * Notes: one book per user (sync counter, id counter shared by notes, boards and members), the
 * notes, their change log, the blackboards and the notes placed on them, the images and
 * recordings a user uploaded, and the export links. Every table starts with user_id and goes
 * with its user (ON DELETE CASCADE).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const smallint = ctx.dialect === 'postgres' ? 'smallint' : 'integer';

  await createNoteBooks(db);
  await createNotes(db, smallint);
  await createNoteChanges(db, smallint);
  await createNoteBoards(db);
  await createNoteBoardMembers(db);
  await createNoteFiles(db, smallint);
  await createNoteExports(db);
}

async function createNoteBooks(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('note_books')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('sync_version', 'bigint', (c) => c.notNull())
    .addColumn('next_id', 'bigint', (c) => c.notNull())
    // Changes at or below it were compacted away: a sync from before it must reload in full.
    .addColumn('log_floor', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

async function createNotes(db: Kysely<unknown>, smallint: 'smallint' | 'integer'): Promise<void> {
  await db.schema
    .createTable('notes')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('version_code', 'bigint', (c) => c.notNull())
    // JSON {title, content, remindtime, remind}: what the editor writes, as list.do answers it.
    .addColumn('doc', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('classify', smallint, (c) => c.notNull())
    .addColumn('mode', smallint, (c) => c.notNull())
    .addColumn('top', smallint, (c) => c.notNull())
    // JSON array of the blob keys of the note's images and recordings: purges and exports read
    // these without parsing every doc.
    .addColumn('files', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // Set while the note is in the recycle bin.
    .addColumn('deleted_at', 'bigint')
    .addPrimaryKeyConstraint('notes_pk', ['user_id', 'id'])
    .execute();
  await db.schema.createIndex('notes_deleted').on('notes').columns(['user_id', 'deleted_at']).execute();
}

async function createNoteChanges(db: Kysely<unknown>, smallint: 'smallint' | 'integer'): Promise<void> {
  await db.schema
    .createTable('note_changes')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sync_version', 'bigint', (c) => c.notNull())
    .addColumn('note_id', 'bigint', (c) => c.notNull())
    // 1 written (created, edited, moved, restored), 2 to the recycle bin, 3 removed for good.
    .addColumn('kind', smallint, (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('note_changes_pk', ['user_id', 'sync_version', 'note_id'])
    .execute();
}

async function createNoteBoards(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('note_boards')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('note_boards_pk', ['user_id', 'id'])
    .execute();
}

async function createNoteBoardMembers(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('note_board_members')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('board_id', 'bigint', (c) => c.notNull())
    .addColumn('note_id', 'bigint', (c) => c.notNull())
    .addColumn('x', 'integer', (c) => c.notNull())
    .addColumn('y', 'integer', (c) => c.notNull())
    .addColumn('z', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('note_board_members_pk', ['user_id', 'id'])
    .execute();
  // A note is on one board at most.
  await db.schema
    .createIndex('note_board_members_note')
    .on('note_board_members')
    .columns(['user_id', 'note_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('note_board_members_board')
    .on('note_board_members')
    .columns(['user_id', 'board_id'])
    .execute();
}

async function createNoteFiles(db: Kysely<unknown>, smallint: 'smallint' | 'integer'): Promise<void> {
  await db.schema
    .createTable('note_files')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The blob key: one row (and one blob reference) per stored image or recording of the user.
    .addColumn('id', 'text', (c) => c.notNull())
    // 1 image, 2 recording.
    .addColumn('kind', smallint, (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('note_files_pk', ['user_id', 'id'])
    .execute();
}

async function createNoteExports(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('note_exports')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Random: the link must not be guessable. The zip is written while it downloads.
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('note_exports_pk', ['user_id', 'id'])
    .execute();
}
