import { sql } from 'kysely';
import type { AppDeps } from '../../http/context.js';
import type { AppModule } from '../../platform/app-module.js';

/**
 * Removes an account and everything of it, in one transaction: each area first drops the blob
 * references its rows hold (the bytes no other user shares are then collected by housekeeping),
 * then the user's row goes and every table keyed by `user_id` follows it (each references
 * users.id with ON DELETE CASCADE, the rule for every user-owned table). Rows that name the user
 * or their sessions only inside a key (rate-limit counters, pending codes, captchas) are removed
 * by those keys. Answers false when there was no such user.
 */
export async function deleteUser(
  deps: AppDeps,
  modules: readonly AppModule[],
  userId: number,
): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) return false;
    for (const m of modules) await m.releaseUser?.({ ...deps, db: trx }, userId, now);
    const sessions = await trx.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
    for (const { id } of sessions) {
      await trx.deleteFrom('captchas').where('owner', '=', `sid:${id}`).execute();
      await trx.deleteFrom('verify_codes').where('purpose', 'like', `%:s:${id}:%`).execute();
    }
    // 忘记密码's codes are the account's, not a session's.
    await trx.deleteFrom('verify_codes').where('purpose', 'like', `reset:u:${userId}:%`).execute();
    await trx
      .deleteFrom('rate_limits')
      .where((eb) => eb.or([eb('key', 'like', `%:u:${userId}:%`), eb('key', 'like', `%:u:${userId}`)]))
      .execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    return true;
  });
}

/** Every table with a `user_id` column, for the check that nothing of a deleted user is left. */
export async function userTables(deps: AppDeps, dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  if (dialect === 'postgres') {
    const rows = await sql<{ table_name: string }>`
      select table_name from information_schema.columns
      where column_name = 'user_id' and table_schema = current_schema()`.execute(deps.db);
    return rows.rows.map((r) => r.table_name).sort();
  }
  const tables = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(deps.db);
  const out: string[] = [];
  for (const { name } of tables.rows) {
    const cols = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(deps.db);
    if (cols.rows.some((c) => c.name === 'user_id')) out.push(name);
  }
  return out.sort();
}
