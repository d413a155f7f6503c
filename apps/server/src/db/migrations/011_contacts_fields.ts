import type { Kysely } from 'kysely';

/**
 * The UID an imported card carried, kept per contact so that an export names the contact as the
 * software it came from did, and importing the export there updates instead of duplicating.
 * Contacts without one (made here, or imported without a UID) are named by a UID derived from
 * their id, the same in every export, so nothing needs to be stored or migrated for them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_uids')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('contact_id', 'bigint', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_uids_pk', ['user_id', 'contact_id'])
    .execute();
}
