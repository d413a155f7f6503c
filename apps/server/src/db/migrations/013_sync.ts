import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * Phone sync (docs/sync.md): the anchor each phone last confirmed per area, the batches it
 * pushed (so a resend applies nothing twice, and the mass-deletion guard sees its recent
 * deletes), and the pushes the guard held for the owner to apply or refuse. Every key starts
 * with user_id.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const smallint = ctx.dialect === 'postgres' ? 'smallint' : 'integer';

  await db.schema
    .createTable('sync_anchors')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('area', 'text', (c) => c.notNull())
    // The opaque anchor the phone last sent on a pull: it holds everything up to it.
    .addColumn('anchor', 'text', (c) => c.notNull())
    .addColumn('pulled_at', 'bigint')
    .addColumn('pushed_at', 'bigint')
    .addPrimaryKeyConstraint('sync_anchors_pk', ['user_id', 'device_id', 'area'])
    .execute();

  await db.schema
    .createTable('sync_batches')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('area', 'text', (c) => c.notNull())
    // HeldStatus: 1 applied, 0 held (see held_id), 2 refused by the owner.
    .addColumn('status', smallint, (c) => c.notNull())
    .addColumn('held_id', 'text')
    // Deletes the batch applied: the guard adds up a phone's recent ones.
    .addColumn('deletes', 'integer', (c) => c.notNull())
    // JSON of the SyncPushResult answered (applied batches).
    .addColumn('result', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('applied_at', 'bigint')
    .addPrimaryKeyConstraint('sync_batches_pk', ['user_id', 'device_id', 'batch_id'])
    .execute();
  await db.schema
    .createIndex('sync_batches_recent')
    .on('sync_batches')
    .columns(['user_id', 'device_id', 'area', 'applied_at'])
    .execute();

  await db.schema
    .createTable('sync_held')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Random: a held id tells nothing about others.
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('area', 'text', (c) => c.notNull())
    .addColumn('batch_id', 'text', (c) => c.notNull())
    // JSON of the batch's changes, as the phone sent them.
    .addColumn('changes', 'text', (c) => c.notNull())
    // What the guard counted: deletes (with the phone's recent ones), the batch's own, the book.
    .addColumn('deletes', 'integer', (c) => c.notNull())
    .addColumn('batch_deletes', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('status', smallint, (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addPrimaryKeyConstraint('sync_held_pk', ['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('sync_held_area')
    .on('sync_held')
    .columns(['user_id', 'area', 'status', 'created_at'])
    .execute();
}
