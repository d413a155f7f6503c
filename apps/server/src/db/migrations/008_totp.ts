import type { Kysely } from 'kysely';

/**
 * The authenticator (TOTP) of an account and its recovery codes. One authenticator per account:
 * the row exists from the start of an enrolment (confirmed_at null until the first right code).
 * The secret is stored encrypted; `last_step` is the time step of the last code accepted, so a
 * code cannot be used twice. Recovery codes are stored only as keyed hashes. Every key starts
 * with user_id, and both tables go with the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('totp_factors')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_box', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('totp_recovery_codes')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addPrimaryKeyConstraint('totp_recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();
}
