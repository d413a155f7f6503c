import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactsModule } from '../src/modules/contacts/module.js';
import { UsersRepo } from '../src/modules/users/repo.js';
import { verifiedClient } from './support/accounts.js';
import { book, closeServer, person, save } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

const TABLES = [
  'users',
  'contact_books',
  'contacts',
  'contact_revisions',
  'contact_groups',
  'contact_uids',
  'contact_files',
  'drive_blobs',
] as const;

/** A logger that keeps what was warned. */
function recordingLog(): { log: FastifyBaseLogger; warned: unknown[] } {
  const warned: unknown[] = [];
  const noop = () => undefined;
  const log = {
    warn: (...args: unknown[]) => warned.push(args),
    error: (...args: unknown[]) => warned.push(args),
    info: noop,
    debug: noop,
    trace: noop,
    fatal: noop,
    silent: noop,
    level: 'info',
    child: () => log,
  } as unknown as FastifyBaseLogger;
  return { log, warned };
}

describe.each(TEST_DIALECTS)('contacts: the start-up warm-up of the import writes [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await closeServer(server);
  });

  it('runs a whole import and leaves nothing: no rows, no blob references, no book moved', async () => {
    const { client } = await verifiedClient(server);
    await save(client, person('已有联系人', { phone: [{ number: '13800000000', type: 2 }] }));
    const before = await book(client);
    const counts = async () => {
      const out: Record<string, number> = {};
      for (const t of TABLES) {
        const r = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(t)}`.execute(server.deps.db);
        out[t] = Number(r.rows[0]?.n);
      }
      return out;
    };
    const was = await counts();
    const { log, warned } = recordingLog();
    // Two at once, as two instances starting together on one database would.
    await Promise.all([contactsModule.warmUp?.(server.deps, log), contactsModule.warmUp?.(server.deps, log)]);
    // Nothing warned: each imported its cards (a short import warns) and only the rollback ended it.
    expect(warned).toEqual([]);
    expect(await counts()).toEqual(was);
    const after = await book(client);
    expect(after.sync_version).toBe(before.sync_version);
    expect(Object.keys(after.list)).toEqual(Object.keys(before.list));
  });

  it('removes the throwaway account a stopped start left behind, and not one that another start is using', async () => {
    const now = server.deps.clock.now();
    const row = (id: number, username: string, at: number) => ({
      id,
      username,
      password_hash: '!warm-up',
      phone: null,
      email: null,
      paid_gb: 0,
      member: null,
      skin: '05',
      created_at: at,
      updated_at: at,
    });
    await server.deps.db
      .insertInto('users')
      .values([
        row(-11, 'warm-up-left-behind', now - 11 * 60_000),
        row(-12, 'warm-up-in-use', now - 1_000),
        // Only the warm-up's own accounts: a negative id alone is not enough.
        row(-13, 'someone_else', now - 60 * 60_000),
      ])
      .execute();
    await server.deps.db
      .insertInto('contact_books')
      .values({ user_id: -11, sync_version: 3, next_id: 9, log_floor: 0, updated_at: now })
      .execute();
    // Not accounts: the operator's list and the demo seed's count leave them out.
    const users = new UsersRepo(server.deps.db);
    expect((await users.list()).every((u) => u.id > 0)).toBe(true);
    expect(await users.count()).toBe((await users.list()).length);
    const { log, warned } = recordingLog();
    await contactsModule.warmUp?.(server.deps, log);
    expect(warned).toEqual([]);
    const left = await server.deps.db
      .selectFrom('users')
      .select('username')
      .where('id', '<', 0)
      .orderBy('id', 'desc')
      .execute();
    expect(left.map((u) => u.username)).toEqual(['warm-up-in-use', 'someone_else']);
    const books = await server.deps.db
      .selectFrom('contact_books')
      .select('user_id')
      .where('user_id', '=', -11)
      .execute();
    expect(books).toEqual([]);
    await server.deps.db.deleteFrom('users').where('id', 'in', [-12, -13]).execute();
  });
});
