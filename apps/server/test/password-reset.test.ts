import { Api, AppPasswordApi, Code, DeviceApi, Msg } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, login, type TestUser, verifiedClient } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { TEST_DIALECTS } from './support/db.js';
import { deviceCall, signInDevice } from './support/find.js';
import {
  CAPTCHA_TEST_ANSWER,
  type CapturingMessenger,
  startTestServer,
  type TestServer,
} from './support/server.js';

const basic = (name: string, password: string) =>
  `Basic ${Buffer.from(`${name}:${password}`, 'utf8').toString('base64')}`;

describe.each(TEST_DIALECTS)('忘记密码 [%s]', (dialect) => {
  let server: TestServer;
  const messenger = () => server.messenger as CapturingMessenger;
  beforeAll(async () => {
    // Each test names its own client address, so the address limits of one do not reach another.
    server = await startTestServer(dialect, { env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => server.close());

  let ipCounter = 0;
  function visitor(): TestClient {
    const client = server.client();
    client.headers['x-forwarded-for'] = `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
    return client;
  }

  async function passCaptcha(client: TestClient) {
    await client.text(Api.accountDraw);
    expect((await client.post(Api.accountCheckDraw, { captcha: CAPTCHA_TEST_ANSWER })).data).toEqual({
      success: true,
    });
  }

  async function askCode(client: TestClient, account: string, type: 'phone' | 'email') {
    await passCaptcha(client);
    return client.post(Api.accountResetCode, { account, type });
  }

  /**
   * The code arrives in the background: the answer does not wait for the gateway, and the code is
   * stored once the gateway took it; both are awaited here.
   */
  async function codeSentTo(to: string, after: number): Promise<string> {
    const code = await vi.waitFor(
      () => {
        const m = messenger()
          .sent.slice(after)
          .find((s) => s.to === to);
        const found = m?.text.match(/\d{6}/)?.[0];
        if (!found) throw new Error(`no code to ${to} yet`);
        return found;
      },
      { timeout: 5000, interval: 20 },
    );
    await vi.waitFor(
      async () => {
        const row = await server.deps.db
          .selectFrom('verify_codes')
          .select('purpose')
          .where('target', '=', to)
          .where('purpose', 'like', 'reset:u:%')
          .executeTakeFirst();
        if (!row) throw new Error(`the code to ${to} is not stored yet`);
      },
      { timeout: 5000, interval: 20 },
    );
    return code;
  }

  async function dav(user: TestUser, password: string) {
    const res = await fetch(`${server.baseUrl}/dav/`, {
      method: 'PROPFIND',
      headers: { authorization: basic(user.username, password), depth: '0' },
    });
    return res.status;
  }

  it('resets by SMS: every session, device token and app password ends; the owner is told', async () => {
    const { client: old, user } = await verifiedClient(server);
    const created = await old.post<{ password: string }>(AppPasswordApi.create, { name: 'DAVx5' });
    const appPassword = created.data?.password ?? '';
    expect(await dav(user, appPassword)).toBe(207);
    const token = await signInDevice(server, user, 'reset-phone');
    expect((await deviceCall(server.baseUrl, DeviceApi.heartbeat, {}, token)).code).toBe(0);

    const client = visitor();
    expect((await client.post(Api.accountResetCode, { account: user.username, type: 'phone' })).code).toBe(
      Code.CAPTCHA_REQUIRED,
    );
    const before = messenger().sent.length;
    expect(await askCode(client, user.username, 'phone')).toEqual({ code: 0 });
    const code = await codeSentTo(user.phone ?? '', before);
    expect(messenger().sent.at(-1)?.text).toContain('找回密码');

    const reset = { account: user.username, type: 'phone', code, password: 'brandnew99' };
    expect((await client.post(Api.accountResetPassword, { ...reset, password: 'short' })).message).toBe(
      Msg.PASSWORD_INVALID,
    );
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await client.post(Api.accountResetPassword, { ...reset, code: wrong })).code).toBe(
      Code.TICKET_WRONG,
    );
    const notices = messenger().sent.length;
    expect(await client.post(Api.accountResetPassword, reset)).toEqual({ code: 0 });
    // Single use.
    expect((await client.post(Api.accountResetPassword, reset)).code).toBe(Code.TICKET_EXPIRED);

    expect((await old.get(Api.userDetail)).code).toBe(Code.NOT_LOGGED_IN);
    expect((await deviceCall(server.baseUrl, DeviceApi.heartbeat, {}, token)).code).toBe(Code.NOT_LOGGED_IN);
    expect(await dav(user, appPassword)).toBe(401);
    const notice = messenger().sent.slice(notices);
    expect(notice.map((m) => [m.channel, m.to])).toEqual([['email', user.email]]);
    expect(notice[0]?.text).toContain('密码已通过“忘记密码”重置');

    expect(
      (await visitor().post(Api.accountLogin, { account: user.username, password: user.password })).code,
    ).toBe(Code.BAD_CREDENTIALS);
    await login(visitor(), user.username, 'brandnew99');
  });

  it('takes the phone or e-mail as the name, and tells the owner by SMS when no e-mail is bound', async () => {
    const user = await createUser(server, { phone: '13677778888', email: null });
    const client = visitor();
    const before = messenger().sent.length;
    expect((await askCode(client, '136-7777-8888', 'phone')).code).toBe(0);
    const code = await codeSentTo('13677778888', before);
    const body = { account: '+8613677778888', type: 'phone', code, password: 'another77' };
    expect((await client.post(Api.accountResetPassword, body)).code).toBe(0);
    expect(messenger().sent.at(-1)).toMatchObject({ channel: 'sms', to: '13677778888' });
    await login(visitor(), user.username, 'another77');
  });

  it('answers an unknown name, or a channel not bound, exactly as a real account', async () => {
    const user = await createUser(server, { email: null });
    const answers = [];
    const sentBefore = messenger().sent.length;
    for (const [account, type] of [
      [user.username, 'phone'],
      ['ghost_account', 'phone'],
      [user.username, 'email'],
      ['ghost@example.com', 'email'],
    ] as const) {
      const client = visitor();
      const asked = await askCode(client, account, type);
      const again = await askCode(client, account, type);
      const guess = await client.post(Api.accountResetPassword, {
        account,
        type,
        code: '123456',
        password: 'whatever11',
      });
      answers.push([asked, again, guess]);
    }
    for (const a of answers) {
      expect(a).toEqual([
        { code: 0 },
        { code: Code.TICKET_TOO_FREQUENT, message: Msg.CODE_TOO_FREQUENT },
        { code: Code.TICKET_WRONG, message: Msg.CODE_WRONG },
      ]);
    }
    // Only the real account's phone got a code.
    await codeSentTo(user.phone ?? '', sentBefore);
    expect(
      messenger()
        .sent.slice(sentBefore)
        .map((m) => m.to),
    ).toEqual([user.phone]);
  });

  it('is throttled: ten requests an hour per address; wrong codes count as failed sign-ins', async () => {
    const client = visitor();
    for (let i = 0; i < 10; i++) expect((await askCode(client, `nobody_${i}`, 'email')).code).toBe(0);
    expect(await askCode(client, 'nobody_x', 'email')).toEqual({
      code: Code.TICKET_TOO_FREQUENT,
      message: Msg.RESET_TOO_FREQUENT,
    });

    const user = await createUser(server);
    const guesser = visitor();
    const before = messenger().sent.length;
    await askCode(guesser, user.username, 'email');
    const code = await codeSentTo(user.email ?? '', before);
    const body = { account: user.username, type: 'email', password: 'guessed123' };
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await guesser.post(Api.accountResetPassword, { ...body, code: wrong })).code).toBe(
        Code.TICKET_WRONG,
      );
    }
    // Five failures on the account: like the sign-in, the next try needs an image captcha...
    expect((await guesser.post(Api.accountResetPassword, { ...body, code })).code).toBe(
      Code.CAPTCHA_REQUIRED,
    );
    expect(
      (await visitor().post(Api.accountLogin, { account: user.username, password: user.password })).code,
    ).toBe(Code.CAPTCHA_REQUIRED);
    // ...and the fifth wrong try voided the code.
    await passCaptcha(guesser);
    expect((await guesser.post(Api.accountResetPassword, { ...body, code })).code).toBe(Code.TICKET_EXPIRED);
  });

  it('deleting the account drops its reset code with it', async () => {
    const user = await createUser(server);
    const before = messenger().sent.length;
    await askCode(visitor(), user.username, 'email');
    await codeSentTo(user.email ?? '', before);
    const codes = () =>
      server.deps.db
        .selectFrom('verify_codes')
        .select('purpose')
        .where('purpose', '=', `reset:u:${user.id}:email`)
        .execute();
    expect(await codes()).toHaveLength(1);
    const { deleteUser } = await import('../src/modules/users/delete-user.js');
    expect(await deleteUser(server.deps, [], user.id)).toBe(true);
    expect(await codes()).toEqual([]);
  });

  it('a reset code of one account does not open another', async () => {
    const [a, b] = [await createUser(server), await createUser(server)];
    const client = visitor();
    const before = messenger().sent.length;
    await askCode(client, a.username, 'phone');
    const code = await codeSentTo(a.phone ?? '', before);
    expect(
      (
        await client.post(Api.accountResetPassword, {
          account: b.username,
          type: 'phone',
          code,
          password: 'stolen123',
        })
      ).code,
    ).toBe(Code.TICKET_EXPIRED);
    await login(visitor(), b.username, b.password);
  });
});
