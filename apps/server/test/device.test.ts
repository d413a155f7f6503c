import { request } from 'node:http';
import {
  Api,
  Code,
  CSRF_COOKIE,
  DEVICE_SIGNIN_FAILURES_PER_ADDRESS_MAX,
  DeviceApi,
  FindApi,
  FindMsg,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldFor } from '../src/modules/device/service.js';
import { createUser, login } from './support/accounts.js';
import { TEST_DIALECTS } from './support/db.js';
import { deviceCall, finderClient, pollOnce, signInDevice } from './support/find.js';
import { type CapturingMessenger, startTestServer, type TestServer } from './support/server.js';

describe.each(TEST_DIALECTS)('device API [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());
  const call = <T = unknown>(path: string, body: object, token?: string | null) =>
    deviceCall<T>(server.baseUrl, path, body, token);

  it('signs a phone in with the password and a code to the bound phone, then registers it', async () => {
    const user = await createUser(server);
    const started = await call<{ challenge: string; channel: string; target: string }>(
      DeviceApi.signinStart,
      {
        account: user.username,
        password: user.password,
      },
    );
    expect(started.code).toBe(0);
    expect(started.data?.channel).toBe('sms');
    expect(started.data?.target).not.toContain(user.phone?.slice(3, 7));
    const code = (server.messenger as CapturingMessenger).lastCode(user.phone ?? '');
    const wrong = code === '000000' ? '111111' : '000000';
    const base = { device_id: 'p1', brand: 'Huawei', model: 'Mate 60', functions: [1, 2, 3, 9] };

    const bad = await call(DeviceApi.signinFinish, {
      ...base,
      challenge: started.data?.challenge,
      code: wrong,
    });
    expect(bad.code).toBe(Code.TICKET_WRONG);
    // The code belongs to its challenge: another challenge of the same user does not take it.
    const other = await call(DeviceApi.signinFinish, { ...base, challenge: `${user.id}.forged`, code });
    expect(other.code).toBe(Code.TICKET_EXPIRED);

    const done = await call<{ token: string }>(DeviceApi.signinFinish, {
      ...base,
      challenge: started.data?.challenge,
      code,
    });
    expect(done.code).toBe(0);
    const token = done.data?.token ?? '';
    expect(token.length).toBeGreaterThan(30);
    // Single use.
    expect(
      (await call(DeviceApi.signinFinish, { ...base, challenge: started.data?.challenge, code })).code,
    ).toBe(Code.TICKET_EXPIRED);
    expect((await call(DeviceApi.heartbeat, {}, token)).data).toEqual({ device_id: 'p1', locked: 0 });

    // Stored hashed: the token itself is nowhere in the database.
    const rows = await server.deps.db
      .selectFrom('find_devices')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.functions).toBe('[1,2,3]');

    const portal = await finderClient(server, user);
    const list = await portal.get<{ count: number; list: unknown[] }>(FindApi.list);
    expect(list.data).toEqual({
      count: 1,
      list: [
        { device_id: 'p1', brand: 'Huawei', model: 'Mate 60', is_online: 1, functions: [1, 2, 3], locked: 0 },
      ],
    });
  });

  it('refuses a wrong password (1013), then 1014 after five from that address only; unknown names alike', async () => {
    const user = await createUser(server);
    const from = (address: string, account: string, password: string) =>
      postFrom(address, DeviceApi.signinStart, { account, password });
    for (let i = 0; i < 5; i++) {
      expect((await from('127.0.0.2', user.username, 'wrong-one1')).code).toBe(Code.BAD_CREDENTIALS);
      expect((await from('127.0.0.2', 'nobody-here', 'wrong-one1')).code).toBe(Code.BAD_CREDENTIALS);
    }
    // The stranger's address is stopped, for the real name and the made-up one alike.
    expect((await from('127.0.0.2', user.username, user.password)).code).toBe(Code.TOO_MANY_FAILURES);
    expect((await from('127.0.0.2', 'nobody-here', 'x')).code).toBe(Code.TOO_MANY_FAILURES);
    // The owner, from elsewhere, signs in.
    expect((await from('127.0.0.3', user.username, user.password)).code).toBe(0);
    // One address trying many accounts is stopped too.
    for (let i = 0; i < DEVICE_SIGNIN_FAILURES_PER_ADDRESS_MAX; i++)
      await from('127.0.0.4', `nobody${i}`, 'wrong-one1');
    expect((await from('127.0.0.4', user.username, user.password)).code).toBe(Code.TOO_MANY_FAILURES);
  });

  /** A device call from a loopback address of the test's choosing (the server sees it as the caller's). */
  function postFrom(localAddress: string, path: string, body: object): Promise<{ code: number }> {
    const url = new URL(server.baseUrl + path);
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code: number }),
          );
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
  }

  it('one token per device: a new sign-in replaces the old token', async () => {
    const user = await createUser(server);
    const first = await signInDevice(server, user, 'same');
    const second = await signInDevice(server, user, 'same');
    expect((await call(DeviceApi.heartbeat, {}, first)).code).toBe(Code.NOT_LOGGED_IN);
    expect((await call(DeviceApi.heartbeat, {}, second)).code).toBe(0);
  });

  it('finder/del.do revokes the token', async () => {
    const user = await createUser(server);
    const token = await signInDevice(server, user, 'gone');
    const portal = await finderClient(server, user);
    expect((await portal.post(FindApi.del, { device_id: 'gone' })).code).toBe(0);
    const res = await call(DeviceApi.heartbeat, {}, token);
    expect(res).toMatchObject({ code: Code.NOT_LOGGED_IN, message: FindMsg.DEVICE_TOKEN_INVALID });
    expect((await portal.get<{ count: number }>(FindApi.list)).data?.count).toBe(0);
  });

  it('a password change revokes every device token of the account', async () => {
    const user = await createUser(server);
    const a = await signInDevice(server, user, 'a');
    const b = await signInDevice(server, user, 'b');
    const other = await createUser(server);
    const keep = await signInDevice(server, other, 'c');
    const client = server.client();
    await login(client, user.username, user.password);
    expect(
      (await client.post(Api.accountPassword, { old_password: user.password, password: 'newpass123' })).code,
    ).toBe(0);
    expect((await call(DeviceApi.heartbeat, {}, a)).code).toBe(Code.NOT_LOGGED_IN);
    expect((await call(DeviceApi.heartbeat, {}, b)).code).toBe(Code.NOT_LOGGED_IN);
    expect((await call(DeviceApi.heartbeat, {}, keep)).code).toBe(0);
  });

  it('a device token never opens the portal, and the session never authenticates a device', async () => {
    const user = await createUser(server);
    const token = await signInDevice(server, user, 'apart');
    const res = await fetch(`${server.baseUrl}${FindApi.list}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await res.json()) as { code: number }).code).toBe(Code.NOT_LOGGED_IN);
    const portal = await finderClient(server, user);
    const cookie = [...portal.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const viaCookie = await fetch(`${server.baseUrl}${DeviceApi.heartbeat}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(((await viaCookie.json()) as { code: number }).code).toBe(Code.NOT_LOGGED_IN);
  });

  it('polls keep a phone online: their contacts are written in batches', async () => {
    const user = await createUser(server);
    const token = await signInDevice(server, user, 'poller');
    const portal = await finderClient(server, user);
    server.clock.advance(25_000);
    expect(await pollOnce(server, token)).toEqual([]);
    // The batch is written within two seconds.
    await new Promise((r) => setTimeout(r, 2_500));
    server.clock.advance(60_000);
    const online = async () =>
      (await portal.get<{ list: Array<{ is_online: number }> }>(FindApi.list)).data?.list[0]?.is_online;
    expect(await online()).toBe(1);
    server.clock.advance(31_000);
    expect(await online()).toBe(0);
  });

  it("answers a phone's calls without the browser's token cookie, and a browser's with it", async () => {
    const user = await createUser(server);
    const token = await signInDevice(server, user, 'cookieless');
    const poll = await fetch(server.baseUrl + DeviceApi.commandsPoll, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ wait_ms: 0 }),
    });
    expect(((await poll.json()) as { code: number }).code).toBe(0);
    expect(poll.headers.getSetCookie()).toEqual([]);
    const page = await fetch(`${server.baseUrl}${Api.platformInfo}`);
    expect(page.headers.getSetCookie().some((c) => c.startsWith(`${CSRF_COOKIE}=`))).toBe(true);
  });

  it('ends a long poll up to a fifth early, at random, so phones that polled together spread out', () => {
    const holds = Array.from({ length: 200 }, () => heldFor(25_000));
    expect(Math.min(...holds)).toBeGreaterThanOrEqual(20_000);
    expect(Math.max(...holds)).toBeLessThanOrEqual(25_000);
    // Spread over the fifth, not bunched at either end.
    expect(new Set(holds.map((h) => Math.floor(h / 1_000))).size).toBeGreaterThanOrEqual(4);
    // A short wait (a test's, a phone's quick look) is held as asked.
    expect(heldFor(2_000)).toBe(2_000);
  });

  it('checks location reports', async () => {
    const user = await createUser(server);
    const token = await signInDevice(server, user, 'loc');
    const bad = await call(
      DeviceApi.location,
      { longitude: 200, latitude: 30, accuracy: 5, locate_time: 1 },
      token,
    );
    expect(bad).toMatchObject({ code: Code.INVALID, message: FindMsg.LOCATION_INVALID });
    const good = await call(
      DeviceApi.location,
      {
        longitude: 120.15,
        latitude: 30.25,
        accuracy: 12,
        locate_time: 1_700_000_000_000,
        location: '杭州西湖',
      },
      token,
    );
    expect(good.code).toBe(0);
  });
});
