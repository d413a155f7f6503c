import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * App passwords: the credential of DAV clients (WebDAV, CardDAV, CalDAV). A secret is stored
 * only as a keyed hash; a client names its account, so the lookup is by (user_id, secret_hash).
 * The id is what the account centre revokes by (always together with the user id). Rows go with
 * the account.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('app_passwords')
    .addColumn('id', ctx.dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
      ctx.dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('last_ip', 'text')
    .addColumn('last_client', 'text')
    .execute();
  await db.schema
    .createIndex('app_passwords_secret')
    .on('app_passwords')
    .columns(['user_id', 'secret_hash'])
    .unique()
    .execute();
}
