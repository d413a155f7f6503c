import { Code, CSRF_COOKIE, Msg, SESSION_COOKIE } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login } from './support/accounts.js';
import { TEST_DIALECTS } from './support/db.js';
import {
  CAPTCHA_TEST_ANSWER,
  type CapturingMessenger,
  startTestServer,
  type TestServer,
} from './support/server.js';

describe.each(TEST_DIALECTS)('central login [%s]', (dialect) => {
  let server: TestServer;
  const codes = () => server.messenger as CapturingMessenger;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  async function passAccountCaptcha(client: ReturnType<TestServer['client']>) {
    await client.text('/account/draw.do');
    expect((await client.post('/account/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER })).data).toEqual({
      success: true,
    });
  }

  it('signs in by user name, phone and e-mail, and out', async () => {
    const user = await createUser(server, { phone: '13700001111', email: 'mixed@example.com' });
    for (const account of [user.username, '137-0000-1111', '+8613700001111', 'Mixed@Example.COM']) {
      const client = server.client();
      const res = await client.post('/account/login.do', { account, password: user.password });
      expect(res, account).toEqual({ code: 0, data: { username: user.username } });
      expect(client.cookies.has(SESSION_COOKIE)).toBe(true);
      expect((await client.get('/user/detail.do')).data).toEqual({ username: user.username, flag: 1 });
      expect((await client.get('/account/logout.do')).code).toBe(0);
      expect((await client.get('/user/detail.do')).code).toBe(Code.NOT_LOGGED_IN);
    }
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, the CSRF cookie readable', async () => {
    const user = await createUser(server);
    const client = server.client();
    await client.raw('/platform/info.do');
    const res = await client.raw('/account/login.do', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account: user.username, password: user.password }),
    });
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    const csrf = cookies.find((c) => c.startsWith(`${CSRF_COOKIE}=`)) ?? '';
    expect(csrf).not.toMatch(/HttpOnly/i);
  });

  it('answers 1013 alike for a wrong password and a missing account', async () => {
    const user = await createUser(server);
    const client = server.client();
    const wrong = await client.post('/account/login.do', { account: user.username, password: 'nope12345' });
    const missing = await client.post('/account/login.do', { account: 'nobody_here', password: 'nope12345' });
    expect(wrong).toEqual({ code: Code.BAD_CREDENTIALS, message: Msg.BAD_CREDENTIALS });
    expect(missing).toEqual(wrong);
  });

  it('after 5 failures on an account, by any of its names, asks for a captcha; nobody is locked out', async () => {
    const user = await createUser(server, { phone: '13766665555', email: 'owner@example.com' });
    const attacker = server.client();
    // Five wrong passwords spread over the user name, the phone and the e-mail: one count.
    for (const name of [user.username, '13766665555', 'owner@example.com', '137-6666-5555', user.username]) {
      expect((await attacker.post('/account/login.do', { account: name, password: 'bad' })).code).toBe(
        Code.BAD_CREDENTIALS,
      );
    }
    const warned = codes().sent.filter((m) => m.to === 'owner@example.com');
    expect(warned).toHaveLength(1);
    expect(warned[0]?.text).toContain('5次密码错误');
    // Past the limit every name of the account needs a captcha, even with the right password...
    const owner = server.client();
    for (const name of [user.username, '13766665555', 'owner@example.com']) {
      expect(await owner.post('/account/login.do', { account: name, password: user.password })).toEqual({
        code: Code.CAPTCHA_REQUIRED,
        message: Msg.CAPTCHA_REQUIRED,
      });
    }
    // ...and the owner, who passes one, signs in: a stranger cannot lock the account.
    await passAccountCaptcha(owner);
    const t0 = Date.now();
    expect(
      (await owner.post('/account/login.do', { account: user.username, password: user.password })).code,
    ).toBe(0);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(200);
    // The owner's sign-in cleared the account's count.
    expect((await attacker.post('/account/login.do', { account: user.username, password: 'bad' })).code).toBe(
      Code.BAD_CREDENTIALS,
    );
    // An unknown name behaves the same way, so the answer tells nothing.
    for (let i = 0; i < 5; i++)
      await attacker.post('/account/login.do', { account: 'ghost_user', password: 'bad' });
    expect((await attacker.post('/account/login.do', { account: 'ghost_user', password: 'bad' })).code).toBe(
      Code.CAPTCHA_REQUIRED,
    );
    server.clock.advance(15 * 60_000 + 1);
    expect((await attacker.post('/account/login.do', { account: 'ghost_user', password: 'bad' })).code).toBe(
      Code.BAD_CREDENTIALS,
    );
  });

  it('refuses POSTs without the CSRF header, with a foreign token or a foreign Origin', async () => {
    const user = await createUser(server);
    const client = server.client();
    const form = { account: user.username, password: user.password };
    expect((await client.post('/account/login.do', form, { csrf: false })).code, 'no header').toBe(Code.CSRF);
    expect(
      (await client.post('/account/login.do', form, { headers: { origin: 'https://evil.example' } })).code,
      'origin',
    ).toBe(Code.CSRF);
    const stranger = server.client();
    await stranger.raw('/platform/info.do');
    client.cookies.set(CSRF_COOKIE, stranger.cookies.get(CSRF_COOKIE) ?? '');
    const forged = await client.raw('/account/login.do', {
      method: 'POST',
      csrf: false,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-xsrf-token': 'abc.def',
        origin: server.baseUrl,
      },
      body: new URLSearchParams(form),
    });
    expect(((await forged.json()) as { code: number }).code, 'forged').toBe(Code.CSRF);
    expect((await client.post('/account/login.do', form)).code).toBe(0);
    // A token from before sign-in is bound to the anonymous visitor and no longer works.
    const before = client.cookies.get(CSRF_COOKIE);
    expect(before).toBeTruthy();
    const other = server.client();
    await other.raw('/platform/info.do');
    other.cookies.set(SESSION_COOKIE, client.cookies.get(SESSION_COOKIE) ?? '');
    expect((await other.post('/setting/save.do', { skin: '02' })).code, 'anonymous token').toBe(Code.CSRF);
  });

  it('signs up with an e-mail code behind the captcha', async () => {
    const client = server.client();
    const email = 'newbie@example.com';
    const send = { purpose: 'register', type: 'email', target: email };
    expect((await client.post('/account/send_code.do', send)).code).toBe(Code.CAPTCHA_REQUIRED);
    await passAccountCaptcha(client);
    expect((await client.post('/account/send_code.do', send)).code).toBe(0);
    const code = codes().lastCode(email);
    const base = { username: 'newbie', password: 'goodpass1', type: 'email', target: email };
    expect((await client.post('/account/register.do', { ...base, code, password: 'short' })).message).toBe(
      Msg.PASSWORD_INVALID,
    );
    expect((await client.post('/account/register.do', { ...base, code, username: '1bad' })).message).toBe(
      Msg.USERNAME_INVALID,
    );
    expect(
      (await client.post('/account/register.do', { ...base, code: '999999' === code ? '999998' : '999999' }))
        .code,
    ).toBe(Code.TICKET_WRONG);
    expect(await client.post('/account/register.do', { ...base, code })).toEqual({
      code: 0,
      data: { username: 'newbie' },
    });
    expect((await client.get('/user/detail.do')).data).toEqual({ username: 'newbie', flag: 1 });
    expect((await client.get('/account/profile.do')).data).toEqual({ username: 'newbie', phone: '', email });
    // Taken names and addresses.
    const again = server.client();
    await passAccountCaptcha(again);
    expect((await again.post('/account/send_code.do', send)).message).toBe(Msg.EMAIL_TAKEN);
    await passAccountCaptcha(again);
    await again.post('/account/send_code.do', { purpose: 'register', type: 'phone', target: '13611112222' });
    const phoneCode = codes().lastCode('13611112222');
    const dup = await again.post('/account/register.do', {
      username: 'newbie',
      password: 'goodpass1',
      type: 'phone',
      target: '13611112222',
      code: phoneCode,
    });
    expect(dup.message).toBe(Msg.USERNAME_TAKEN);
    // The code is still good for a free name: a taken name costs a new name, not a new code.
    const free = await again.post('/account/register.do', {
      username: 'newbie2',
      password: 'goodpass1',
      type: 'phone',
      target: '13611112222',
      code: phoneCode,
    });
    expect(free.code, free.message).toBe(0);
    // Without a code, a taken name and a free one answer alike: nothing tells which names exist.
    const stranger = server.client();
    for (const username of ['newbie', 'nobodyhere']) {
      const res = await stranger.post('/account/register.do', {
        username,
        password: 'goodpass1',
        type: 'phone',
        target: '13699998888',
        code: '123456',
      });
      expect(res.code, username).toBe(Code.TICKET_EXPIRED);
    }
  });

  it('binds and changes phone and e-mail with a code sent to the new address', async () => {
    const user = await createUser(server, { phone: null, email: null });
    const client = server.client();
    await login(client, user.username, user.password);
    expect((await client.get('/user/detail.do')).data).toEqual({ username: user.username, flag: 0 });
    expect((await client.get('/verify/verify_info.do')).data).toEqual({ phone: '', email: '', types: [] });
    await passAccountCaptcha(client);
    expect(
      (await client.post('/account/send_code.do', { purpose: 'bind', type: 'phone', target: 'abc' })).message,
    ).toBe(Msg.PHONE_INVALID);
    expect(
      (await client.post('/account/send_code.do', { purpose: 'bind', type: 'phone', target: '13522223333' }))
        .code,
    ).toBe(0);
    const code = codes().lastCode('13522223333');
    // The code proves that very number.
    expect((await client.post('/account/bind.do', { type: 'phone', target: '13522224444', code })).code).toBe(
      Code.TICKET_WRONG,
    );
    expect((await client.post('/account/bind.do', { type: 'phone', target: '13522223333', code })).code).toBe(
      0,
    );
    expect((await client.get('/verify/verify_info.do')).data).toEqual({
      phone: '135****3333',
      email: '',
      types: [1],
    });
    // A bind code opens only the session that asked for it.
    const second = server.client();
    await login(second, user.username, user.password);
    await passAccountCaptcha(client);
    expect(
      (
        await client.post('/account/send_code.do', {
          purpose: 'bind',
          type: 'email',
          target: 'b@example.com',
        })
      ).code,
    ).toBe(0);
    const mailCode = codes().lastCode('b@example.com');
    expect(
      (await second.post('/account/bind.do', { type: 'email', target: 'b@example.com', code: mailCode }))
        .code,
    ).toBe(Code.TICKET_EXPIRED);
    expect(
      (await client.post('/account/bind.do', { type: 'email', target: 'b@example.com', code: mailCode }))
        .code,
    ).toBe(0);
    // Bind needs a session.
    const anon = server.client();
    await passAccountCaptcha(anon);
    expect(
      (await anon.post('/account/send_code.do', { purpose: 'bind', type: 'email', target: 'x@example.com' }))
        .code,
    ).toBe(Code.NOT_LOGGED_IN);
  });

  it('changes the password and ends the other sessions', async () => {
    const user = await createUser(server);
    const a = server.client();
    const b = server.client();
    await login(a, user.username, user.password);
    await login(b, user.username, user.password);
    expect(
      (await a.post('/account/password.do', { old_password: 'wrong', password: 'newpass123' })).message,
    ).toBe(Msg.OLD_PASSWORD_WRONG);
    expect(
      (await a.post('/account/password.do', { old_password: user.password, password: 'newpass123' })).code,
    ).toBe(0);
    expect((await a.get('/user/detail.do')).code).toBe(0);
    expect((await b.get('/user/detail.do')).code).toBe(Code.NOT_LOGGED_IN);
    await login(server.client(), user.username, 'newpass123');
  });
});
