import { type AccountSession, Api, Code, Msg } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
const DAY = 24 * 60 * 60_000;

describe.each(TEST_DIALECTS)('account sessions [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  async function signIn(user: { username: string; password: string }, agent = CHROME_ANDROID) {
    const client = server.client();
    const res = await client.post(
      Api.accountLogin,
      { account: user.username, password: user.password },
      { headers: { 'user-agent': agent } },
    );
    expect(res.code).toBe(0);
    return client;
  }
  const list = async (c: TestClient) =>
    (await c.get<{ list: AccountSession[] }>(Api.accountSessions)).data?.list ?? [];
  const signedIn = async (c: TestClient) => (await c.get(Api.userDetail)).code === 0;

  it('lists the sessions, ends one, ends all others; never another account’s', async () => {
    const user = await createUser(server);
    const a = await signIn(user);
    const b = await signIn(user, FIREFOX_WINDOWS);
    const c = await signIn(user);
    const seen = await list(a);
    expect(seen).toHaveLength(3);
    expect(seen.filter((s) => s.current)).toHaveLength(1);
    expect(seen.map((s) => s.device)).toContain('Firefox 121 · Windows 10');
    expect(seen.find((s) => s.device.startsWith('Chrome'))?.device).toBe('Chrome 120 · Android 13');
    expect(seen[0]?.ip).toBe('127.0.0.1');

    const firefox = seen.find((s) => s.device.startsWith('Firefox'));
    expect((await a.post(Api.accountSessionEnd, { id: firefox?.id ?? '' })).code).toBe(0);
    expect(await signedIn(b)).toBe(false);
    expect(await list(a)).toHaveLength(2);

    // Another account cannot end these sessions, and does not see them.
    const stranger = await signIn(await createUser(server));
    const mine = (await list(a)).find((s) => !s.current);
    expect(await stranger.post(Api.accountSessionEnd, { id: mine?.id ?? '' })).toMatchObject({
      code: Code.INVALID,
      message: Msg.SESSION_GONE,
    });
    expect(await list(stranger)).toHaveLength(1);
    expect(await signedIn(c)).toBe(true);

    expect((await a.post(Api.accountSessionEndOthers)).data).toEqual({ ended: 1 });
    expect(await signedIn(c)).toBe(false);
    expect(await signedIn(a)).toBe(true);
    const current = (await list(a))[0];
    expect((await a.post(Api.accountSessionEnd, { id: current?.id ?? '' })).code).toBe(0);
    expect(await signedIn(a)).toBe(false);
  });

  it('ends a session after 30 idle days, and after 90 days however busy', async () => {
    const user = await createUser(server);
    const idle = await signIn(user);
    const busy = await signIn(user);
    server.clock.advance(29 * DAY);
    expect(await signedIn(busy)).toBe(true);
    server.clock.advance(2 * DAY);
    expect(await signedIn(idle)).toBe(false);
    // Used every 20 days from day 31 to day 88: still signed in; on day 91 it is over.
    for (const step of [0, 20, 20, 17]) {
      server.clock.advance(step * DAY);
      expect(await signedIn(busy)).toBe(true);
    }
    server.clock.advance(3 * DAY);
    expect(await signedIn(busy)).toBe(false);
  });
});
