import {
  APP_PASSWORD_LENGTH,
  AppPasswordApi,
  type AppPasswordCreated,
  type AppPasswordItem,
  AppPasswordMsg,
  Code,
  type Envelope,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accepts, callerOf } from '../src/http/caller.js';
import type { AppModule } from '../src/platform/app-module.js';
import { createUser, login, type TestUser, verifiedClient } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

/** A DAV-like route: app-password callers, and nobody else. */
const probe: AppModule = {
  name: 'dav-probe',
  async routes(app) {
    app.route({
      method: ['GET', 'PUT', 'PROPFIND'],
      url: '/dav-probe/whoami',
      ...accepts('app-password'),
      handler: async (req) => {
        const { kind: _kind, ...who } = callerOf(req, 'app-password');
        return who;
      },
    });
  },
};

function dataOf<T>(res: Envelope<T>): T {
  expect(res.code, res.message).toBe(0);
  if (res.data === undefined) throw new Error('answer without data');
  return res.data;
}

const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`, 'utf8').toString('base64')}`;

describe.each(TEST_DIALECTS)('app passwords [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    // The probe's requests name their client address (X-Forwarded-For from the test itself).
    server = await startTestServer(dialect, { modules: [probe], env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => server.close());

  let ipCounter = 0;
  /** A fresh client address, so one test's failures do not throttle another's. */
  const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  async function dav(login: string, password: string | null, ip: string, opts: { cookie?: string } = {}) {
    const headers: Record<string, string> = { 'x-forwarded-for': ip, 'user-agent': 'rclone/v1.60.1' };
    if (password !== null) headers.authorization = basic(login, password);
    if (opts.cookie) headers.cookie = opts.cookie;
    return fetch(`${server.baseUrl}/dav-probe/whoami`, { headers });
  }

  async function create(client: TestClient, name: string) {
    return dataOf(await client.post<AppPasswordCreated>(AppPasswordApi.create, { name }));
  }
  const list = async (client: TestClient) =>
    dataOf(await client.get<{ list: AppPasswordItem[] }>(AppPasswordApi.list)).list;

  it('creating and revoking need a signed-in, freshly verified session; listing a signed-in one', async () => {
    const anon = server.client();
    expect((await anon.get(AppPasswordApi.list)).code).toBe(Code.NOT_LOGGED_IN);
    expect((await anon.post(AppPasswordApi.create, { name: 'x' })).code).toBe(Code.NOT_LOGGED_IN);
    const user = await createUser(server);
    const client = server.client();
    await login(client, user.username, user.password);
    expect(dataOf(await client.get<{ list: AppPasswordItem[] }>(AppPasswordApi.list)).list).toEqual([]);
    expect((await client.post(AppPasswordApi.create, { name: 'x' })).code).toBe(Code.VERIFY_REQUIRED);
    expect((await client.post(AppPasswordApi.revoke, { id: 1 })).code).toBe(Code.VERIFY_REQUIRED);
  });

  it('creates with a name, shows the secret once, lists without it, lets a DAV client in', async () => {
    const { client, user } = await verifiedClient(server);
    expect((await client.post(AppPasswordApi.create, { name: '  ' })).message).toBe(
      AppPasswordMsg.NAME_EMPTY,
    );
    expect((await client.post(AppPasswordApi.create, { name: '名'.repeat(41) })).message).toBe(
      AppPasswordMsg.NAME_TOO_LONG,
    );
    const made = await create(client, 'DAVx5 手机');
    expect(made.item.name).toBe('DAVx5 手机');
    expect(made.item.last_used_at).toBe(0);
    expect(made.password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    expect(made.password.replaceAll('-', '')).toHaveLength(APP_PASSWORD_LENGTH);

    const listed = await list(client);
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(made.password.replaceAll('-', '').slice(0, 10));
    // Nothing stores the secret itself.
    const rows = await server.deps.db
      .selectFrom('app_passwords')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(JSON.stringify(rows)).not.toContain(made.password.replaceAll('-', ''));

    const ip = freshIp();
    // By user name, phone and e-mail; with or without the dashes, any case.
    for (const [name, secret] of [
      [user.username, made.password],
      [user.phone ?? '', made.password.replaceAll('-', '').toUpperCase()],
      [user.email ?? '', made.password],
    ] as const) {
      const res = await dav(name, secret, ip);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        userId: user.id,
        username: user.username,
        appPasswordId: made.item.id,
      });
    }
    const used = (await list(client))[0];
    expect(used?.last_used_at).toBe(server.clock.now());
    expect(used?.last_ip).toBe(ip);
    expect(used?.last_client).toContain('rclone');
  });

  it('answers 401 with the Basic challenge without credentials, and never for the browser session', async () => {
    const { client, user } = await verifiedClient(server);
    const made = await create(client, 'rclone');
    const ip = freshIp();
    const none = await dav('', null, ip);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Basic realm="PhoneCloud", charset="UTF-8"');
    // The signed-in browser's cookies open nothing here.
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await dav('', null, ip, { cookie })).status).toBe(401);
    // The account password is not an app password.
    expect((await dav(user.username, user.password, ip)).status).toBe(401);
    // An app password is not a portal credential.
    const portal = server.client();
    expect(
      (await portal.post('/account/login.do', { account: user.username, password: made.password })).code,
    ).toBe(Code.BAD_CREDENTIALS);
  });

  it("another user's app password, or another user's id, is refused", async () => {
    const a = await verifiedClient(server);
    const b = await verifiedClient(server);
    const madeA = await create(a.client, 'A 的电脑');
    const madeB = await create(b.client, 'B 的电脑');
    const ip = freshIp();
    expect((await dav(a.user.username, madeB.password, ip)).status).toBe(401);
    expect((await dav(b.user.username, madeA.password, ip)).status).toBe(401);
    // B cannot revoke A's, and A's is still there and working.
    expect((await b.client.post(AppPasswordApi.revoke, { id: madeA.item.id })).message).toBe(
      AppPasswordMsg.GONE,
    );
    expect((await list(b.client)).map((i) => i.id)).toEqual([madeB.item.id]);
    expect((await dav(a.user.username, madeA.password, freshIp())).status).toBe(200);
  });

  it('revokes one by one', async () => {
    const { client, user } = await verifiedClient(server);
    const one = await create(client, '一');
    const two = await create(client, '二');
    expect((await list(client)).map((i) => i.name)).toEqual(['二', '一']);
    expect((await client.post(AppPasswordApi.revoke, { id: one.item.id })).code).toBe(0);
    expect((await list(client)).map((i) => i.id)).toEqual([two.item.id]);
    const ip = freshIp();
    expect((await dav(user.username, one.password, ip)).status).toBe(401);
    expect((await dav(user.username, two.password, ip)).status).toBe(200);
    expect((await client.post(AppPasswordApi.revoke, { id: one.item.id })).message).toBe(AppPasswordMsg.GONE);
  });

  it('wrong passwords are throttled like the login: 429 with Retry-After for that address only', async () => {
    const { client, user } = await verifiedClient(server);
    const made = await create(client, 'rclone');
    const ip = freshIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await dav(user.username, 'aaaaa-bbbbb-ccccc-ddddd', ip)).status).toBe(401);
    }
    const throttled = await dav(user.username, made.password, ip);
    expect(throttled.status).toBe(429);
    const retry = Number(throttled.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(LOGIN_FAILURE_WINDOW_MINUTES * 60);
    // The owner elsewhere is not locked out by a stranger who knows the user name.
    expect((await dav(user.username, made.password, freshIp())).status).toBe(200);
    // Once the window has passed, that address may try again.
    server.clock.advance(LOGIN_FAILURE_WINDOW_MINUTES * 60_000 + 1000);
    expect((await dav(user.username, made.password, ip)).status).toBe(200);
  });

  it('a password change and account deletion revoke them', async () => {
    const { client, user } = await verifiedClient(server);
    const made = await create(client, 'Finder');
    const ip = freshIp();
    expect((await dav(user.username, made.password, ip)).status).toBe(200);
    expect(
      (await client.post('/account/password.do', { old_password: user.password, password: 'newpass123' }))
        .code,
    ).toBe(0);
    expect(await list(client)).toEqual([]);
    expect((await dav(user.username, made.password, ip)).status).toBe(401);

    const other: TestUser = await createUser(server);
    const { client: c2 } = await verifiedClient(server, other);
    await create(c2, 'Explorer');
    const { deleteUser } = await import('../src/modules/users/delete-user.js');
    expect(await deleteUser(server.deps, [], other.id)).toBe(true);
    const left = await server.deps.db
      .selectFrom('app_passwords')
      .select('id')
      .where('user_id', '=', other.id)
      .execute();
    expect(left).toEqual([]);
  });
});
