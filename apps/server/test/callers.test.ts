import { Code, DeviceApi, type Envelope, FindMsg } from '@phonecloud/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accepts, callerOf } from '../src/http/caller.js';
import { callerPlugin } from '../src/http/caller-plugin.js';
import type { AppDeps } from '../src/http/context.js';
import type { AppModule } from '../src/platform/app-module.js';
import { createUser, login } from './support/accounts.js';
import { TEST_DIALECTS } from './support/db.js';
import { deviceCall, signInDevice } from './support/find.js';
import { startTestServer, type TestServer } from './support/server.js';

/** One route per side: what a device route and a session route let through. */
const probes: AppModule = {
  name: 'caller-probe',
  async routes(app) {
    for (const method of ['GET', 'POST'] as const) {
      app.route({
        method,
        url: '/probe/device',
        ...accepts('device'),
        handler: async (req) => ({ code: 0, data: { device: callerOf(req, 'device').deviceId } }),
      });
      app.route({
        method,
        url: '/probe/session.do',
        ...accepts('session'),
        handler: async (req) => ({ code: 0, data: { user: callerOf(req, 'session').userId } }),
      });
    }
  },
};

describe.each(TEST_DIALECTS)('who is calling [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { modules: [probes] });
  });
  afterAll(() => server.close());

  async function signedIn() {
    const user = await createUser(server);
    const client = server.client();
    await login(client, user.username, user.password);
    return { user, client };
  }

  it('a route for devices refuses a signed-in browser, and takes the device token without CSRF', async () => {
    const { user, client } = await signedIn();
    for (const res of [await client.get('/probe/device'), await client.post('/probe/device', {})]) {
      expect(res.code).toBe(Code.NOT_LOGGED_IN);
      expect(res.message).toBe(FindMsg.DEVICE_TOKEN_INVALID);
    }
    // The device API itself: the browser's session is not a phone.
    expect((await client.post(DeviceApi.heartbeat, {})).code).toBe(Code.NOT_LOGGED_IN);

    const token = await signInDevice(server, user, 'probe-phone');
    const res = await deviceCall<{ device: string }>(server.baseUrl, '/probe/device', {}, token);
    expect(res).toEqual({ code: 0, data: { device: 'probe-phone' } });
  });

  it('a route for the signed-in browser refuses a device token, and a POST without the CSRF token', async () => {
    const { user, client } = await signedIn();
    const token = await signInDevice(server, user, 'probe-phone-2');
    const headers = { authorization: `Bearer ${token}` };
    const asPhone = await fetch(`${server.baseUrl}/probe/session.do`, { headers });
    expect(((await asPhone.json()) as Envelope).code).toBe(Code.NOT_LOGGED_IN);
    // A POST a cookie could ride on: the CSRF check comes first, whoever claims to call.
    const postAsPhone = await fetch(`${server.baseUrl}/probe/session.do`, { method: 'POST', headers });
    expect(((await postAsPhone.json()) as Envelope).code).toBe(Code.CSRF);

    expect((await client.get('/probe/session.do')).data).toEqual({ user: user.id });
    expect((await client.post('/probe/session.do', {})).data).toEqual({ user: user.id });
    expect((await client.post('/probe/session.do', {}, { csrf: false })).code).toBe(Code.CSRF);
    const foreign = await client.post(
      '/probe/session.do',
      {},
      { headers: { origin: 'https://evil.example' } },
    );
    expect(foreign.code).toBe(Code.CSRF);
  });
});

describe('caller plugin', () => {
  it('refuses to start with a route that accepts a kind nobody resolves', async () => {
    const app = Fastify();
    await app.register(callerPlugin, { deps: {} as AppDeps, authenticators: [] });
    const routes = app.register(async (scope) => {
      scope.get('/nobody', accepts('device'), async () => ({ code: 0 }));
    });
    await expect(routes).rejects.toThrow('no authenticator registered for device callers');
    await app.close();
  });
});
