import { Api, Code, ContactApi, type V2CreateFileResult } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/housekeeping.js';
import { userTables } from '../src/modules/users/delete-user.js';
import { createUser, login } from './support/accounts.js';
import { closeServer, person, save } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { bytesOf, driveUser, sha256 } from './support/drive.js';
import { startTestServer, type TestServer } from './support/server.js';

describe.each(TEST_DIALECTS)('deleting an account [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => closeServer(server));

  /** Rows naming the user in every table with a user_id, and in keyed tables. */
  async function leftOf(userId: number) {
    const left: Record<string, number> = {};
    for (const table of await userTables(server.deps, dialect)) {
      const row = await server.deps.db
        .selectFrom(table as 'users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id' as 'id', '=', userId)
        .executeTakeFirst();
      if (Number(row?.n ?? 0) > 0) left[table] = Number(row?.n);
    }
    const users = await server.deps.db.selectFrom('users').select('id').where('id', '=', userId).execute();
    if (users.length) left.users = users.length;
    const keys = await server.deps.db
      .selectFrom('rate_limits')
      .select('key')
      .where((eb) => eb.or([eb('key', 'like', `%:u:${userId}:%`), eb('key', 'like', `%:u:${userId}`)]))
      .execute();
    if (keys.length) left.rate_limits = keys.length;
    return left;
  }

  it('needs a fresh verification and the password; then removes every row and unshared bytes', async () => {
    const a = await driveUser(server);
    const b = await driveUser(server);
    const shared = bytesOf(40_000);
    const mine = bytesOf(50_000);
    expect((await a.uploadV2('shared.bin', shared)).code).toBe(0);
    expect((await a.uploadV2('mine.bin', mine)).code).toBe(0);
    const theirs = await b.uploadV2('theirs.bin', shared);
    expect(theirs.code).toBe(0);
    // An unfinished upload with a stored part, a contact and an export file.
    const open = await a.v2<V2CreateFileResult>('/file/create', {
      parent_file_id: 'root',
      name: 'half.bin',
      type: 'file',
      size: 1000,
    });
    const part = open.data?.part_info_list[0];
    expect((await fetch(part?.upload_url ?? '', { method: 'PUT', body: bytesOf(1000) })).status).toBe(200);
    await save(a.client, person('张三', { phone: [{ number: '13800000001', type: 2 }] }));
    expect((await a.client.post(ContactApi.export, {})).code).toBe(0);
    expect(Object.keys(await leftOf(a.user.id)).length).toBeGreaterThan(3);

    // Without a fresh verification (a new session): 6001; a wrong password: 1013.
    const other = server.client();
    await login(other, a.user.username, a.user.password);
    expect((await other.post(Api.userDelete, { password: a.user.password })).code).toBe(Code.VERIFY_REQUIRED);
    expect((await a.client.post(Api.userDelete, { password: 'wrong-pass1' })).code).toBe(
      Code.BAD_CREDENTIALS,
    );

    expect((await a.client.post(Api.userDelete, { password: a.user.password })).code).toBe(0);
    expect((await a.client.get(Api.userDetail)).code).toBe(Code.NOT_LOGGED_IN);
    expect((await other.get(Api.userDetail)).code).toBe(Code.NOT_LOGGED_IN);
    expect(await leftOf(a.user.id)).toEqual({});
    expect(
      (await login(server.client(), a.user.username, a.user.password).catch(() => 'refused')) ?? '',
    ).toBe('refused');

    // Once housekeeping ran past the grace, the bytes only A held are gone; B's stay.
    server.clock.advance(2 * 60 * 60_000);
    await purgeExpired(server.deps);
    expect(await server.deps.blobs.stat(sha256(mine))).toBeNull();
    expect(await server.deps.blobs.stat(sha256(shared))).toEqual({ size: shared.length });
    const still = await server.deps.db
      .selectFrom('drive_items')
      .select('blob_key')
      .where('user_id', '=', b.user.id)
      .where('name', '=', 'theirs.bin')
      .executeTakeFirst();
    expect(still?.blob_key).toBe(sha256(shared));
  });

  it('with more failures than allowed answers 1014', async () => {
    const u = await driveUser(server);
    for (let i = 0; i < 5; i++) {
      expect((await u.client.post(Api.userDelete, { password: 'wrong-pass1' })).code).toBe(
        Code.BAD_CREDENTIALS,
      );
    }
    expect((await u.client.post(Api.userDelete, { password: u.user.password })).code).toBe(
      Code.TOO_MANY_FAILURES,
    );
    expect(await leftOf(u.user.id)).not.toEqual({});
  });

  it("refuses without a session, and never deletes another user's account", async () => {
    const victim = await createUser(server);
    const anon = server.client();
    expect((await anon.post(Api.userDelete, { password: victim.password })).code).toBe(Code.NOT_LOGGED_IN);
    expect((await leftOf(victim.id)).users).toBe(1);
  });
});
