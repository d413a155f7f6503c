import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * Find-my-phone: the account's phones (each with its device token's hash, its last contact and
 * its last reported location) and the commands sent to them (the history and the queue the
 * phone's long poll reads). Every key starts with user_id.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const smallint = ctx.dialect === 'postgres' ? 'smallint' : 'integer';
  const real = ctx.dialect === 'postgres' ? 'double precision' : 'real';

  await db.schema
    .createTable('find_devices')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    // JSON array of the functions (1 ring, 2 lock, 3 wipe).
    .addColumn('functions', 'text', (c) => c.notNull())
    // SHA-256 of the device token; null once revoked (a password change): the phone signs in again.
    .addColumn('token_hash', 'text')
    .addColumn('signed_in_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('locked', smallint, (c) => c.notNull())
    .addColumn('lock_info', 'text')
    .addColumn('wiped_at', 'bigint')
    // The last reported location (WGS-84) and when the server received it.
    .addColumn('longitude', real)
    .addColumn('latitude', real)
    .addColumn('accuracy', real)
    .addColumn('locate_time', 'bigint')
    .addColumn('place', 'text')
    .addColumn('located_at', 'bigint')
    // When the portal last asked for a fresh location: `latest` compares located_at with it.
    .addColumn('locate_asked_at', 'bigint')
    .addColumn('locate_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('find_devices_pk', ['user_id', 'device_id'])
    .execute();
  // A phone's request names only its token: found by its hash.
  await db.schema
    .createIndex('find_devices_token')
    .on('find_devices')
    .column('token_hash')
    .unique()
    .execute();

  await db.schema
    .createTable('find_commands')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Random: a command id in a URL or a log tells nothing about others.
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // JSON of what the phone needs (lock text, ring code).
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', smallint, (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addPrimaryKeyConstraint('find_commands_pk', ['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('find_commands_device')
    .on('find_commands')
    .columns(['user_id', 'device_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('find_commands_time')
    .on('find_commands')
    .columns(['user_id', 'created_at'])
    .execute();
}
