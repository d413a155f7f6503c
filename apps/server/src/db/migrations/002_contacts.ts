import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * Contacts: one book per user (sync counter, id counter), its contacts, the revision log behind
 * refresh.do and the time machine, groups, and the files (avatars, exports) the user may fetch.
 * Every key starts with user_id: authorization by construction, and the Citus distribution key.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const smallint = ctx.dialect === 'postgres' ? 'smallint' : 'integer';

  await createContactBooks(db);
  await createContacts(db);
  await createContactRevisions(db);
  await createContactGroups(db);
  await createContactFiles(db, smallint);
}

async function createContactBooks(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_books')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // Every change of the book increments it; a contact's version_code is the value it was written at.
    .addColumn('sync_version', 'bigint', (c) => c.notNull())
    // Ids are allocated per book, never reused, so a purged contact can be brought back by id.
    .addColumn('next_id', 'bigint', (c) => c.notNull())
    // Revisions at or below it were compacted away: refresh.do from before it answers 1009.
    .addColumn('log_floor', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

async function createContacts(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contacts')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('version_code', 'bigint', (c) => c.notNull())
    // The contact exactly as list.do answers it, so a 10,000-contact list is spliced, not rebuilt.
    .addColumn('doc', 'text', (c) => c.notNull())
    .addColumn('name_spell', 'text', (c) => c.notNull())
    .addColumn('letter', 'text', (c) => c.notNull())
    // JSON array of group titles: the indexes are built without parsing every doc.
    .addColumn('groups', 'text', (c) => c.notNull())
    // Hash of the normalised content: identical contacts and repeated imports find each other.
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // Set while the contact is in the recycle bin.
    .addColumn('deleted_at', 'bigint')
    .addPrimaryKeyConstraint('contacts_pk', ['user_id', 'id'])
    .execute();
  await db.schema.createIndex('contacts_deleted').on('contacts').columns(['user_id', 'deleted_at']).execute();
  await db.schema.createIndex('contacts_hash').on('contacts').columns(['user_id', 'content_hash']).execute();
}

async function createContactRevisions(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_revisions')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sync_version', 'bigint', (c) => c.notNull())
    .addColumn('contact_id', 'bigint', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    // JSON {content, attachment} as the contact stood in the book after the change; null when it
    // left the book (recycle bin, merge, purge).
    .addColumn('body', 'text')
    .addPrimaryKeyConstraint('contact_revisions_pk', ['user_id', 'sync_version', 'contact_id'])
    .execute();
  await db.schema
    .createIndex('contact_revisions_contact')
    .on('contact_revisions')
    .columns(['user_id', 'contact_id', 'sync_version'])
    .execute();
}

async function createContactGroups(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_groups')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // Creation order: the group tabs keep it, and a rename keeps its place.
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_groups_pk', ['user_id', 'name'])
    .execute();
}

async function createContactFiles(db: Kysely<unknown>, smallint: 'smallint' | 'integer'): Promise<void> {
  await db.schema
    .createTable('contact_files')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The blob key for avatars; a random token for exports (their URL must not be guessable).
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('kind', smallint, (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addPrimaryKeyConstraint('contact_files_pk', ['user_id', 'id'])
    .execute();
}
