import { Code, Msg } from '@phonecloud/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser, login } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { TEST_DIALECTS } from './support/db.js';
import {
  CAPTCHA_TEST_ANSWER,
  type CapturingMessenger,
  startTestServer,
  type TestServer,
} from './support/server.js';

const LIMITS = {
  SMS_HOURLY_PER_ADDRESS: '100',
  SMS_HOURLY_PER_ACCOUNT: '100',
  SMS_HOURLY_PER_PREFIX: '100',
  SMS_HOURLY_GLOBAL: '100',
};

async function signUpCode(client: TestClient, phone: string, headers: Record<string, string> = {}) {
  await client.text('/account/draw.do');
  await client.post('/account/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER });
  return client.post(
    '/account/send_code.do',
    { purpose: 'register', type: 'phone', target: phone },
    { headers },
  );
}

describe.each(TEST_DIALECTS)('hourly SMS limits [%s]', (dialect) => {
  let server: TestServer;
  afterEach(() => server.close());

  it('per client address: a new session or a forged X-Forwarded-For does not dodge it', async () => {
    server = await startTestServer(dialect, { env: { ...LIMITS, SMS_HOURLY_PER_ADDRESS: '3' } });
    const phones = ['13911110001', '13822220002', '13733330003', '13644440004'];
    for (const phone of phones.slice(0, 3)) expect((await signUpCode(server.client(), phone)).code).toBe(0);
    const refused = await signUpCode(server.client(), phones[3] ?? '', { 'x-forwarded-for': '198.51.100.7' });
    expect(refused).toMatchObject({ code: Code.TICKET_TOO_FREQUENT, message: Msg.SMS_HOURLY_LIMIT });
    server.clock.advance(61 * 60_000);
    expect((await signUpCode(server.client(), phones[3] ?? '')).code).toBe(0);
  });

  it('per number block: many numbers of one block are refused, another block is not', async () => {
    server = await startTestServer(dialect, { env: { ...LIMITS, SMS_HOURLY_PER_PREFIX: '2' } });
    expect((await signUpCode(server.client(), '13900001001')).code).toBe(0);
    expect((await signUpCode(server.client(), '13900001002')).code).toBe(0);
    expect((await signUpCode(server.client(), '13900001003')).code).toBe(Code.TICKET_TOO_FREQUENT);
    expect((await signUpCode(server.client(), '13500001003')).code).toBe(0);
  });

  it('per account: verification codes of one user, whichever session asks', async () => {
    server = await startTestServer(dialect, { env: { ...LIMITS, SMS_HOURLY_PER_ACCOUNT: '2' } });
    const user = await createUser(server);
    const send = async () => {
      const client = server.client();
      await login(client, user.username, user.password);
      await client.text('/verify/draw.do');
      await client.post('/verify/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER });
      const res = await client.post('/verify/send_ticket.do', { verify_type: 1 });
      server.clock.advance(61_000);
      return res;
    };
    expect((await send()).code).toBe(0);
    expect((await send()).code).toBe(0);
    expect(await send()).toMatchObject({ code: Code.TICKET_TOO_FREQUENT, message: Msg.SMS_HOURLY_LIMIT });
  });

  it('in all: the cap refuses everyone and warns the operator once by e-mail', async () => {
    server = await startTestServer(dialect, {
      env: { ...LIMITS, SMS_HOURLY_GLOBAL: '2', OPERATOR_EMAIL: 'ops@example.com' },
    });
    const sent = (server.messenger as CapturingMessenger).sent;
    expect((await signUpCode(server.client(), '13911112001')).code).toBe(0);
    expect((await signUpCode(server.client(), '13522223002')).code).toBe(0);
    expect((await signUpCode(server.client(), '13633334003')).code).toBe(Code.TICKET_TOO_FREQUENT);
    expect((await signUpCode(server.client(), '13744445004')).code).toBe(Code.TICKET_TOO_FREQUENT);
    const warnings = sent.filter((m) => m.to === 'ops@example.com');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.text).toContain('SMS_HOURLY_GLOBAL=2');
    // E-mail codes cost nothing: the SMS cap does not stop them.
    const mail = server.client();
    await mail.text('/account/draw.do');
    await mail.post('/account/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER });
    const byMail = await mail.post('/account/send_code.do', {
      purpose: 'register',
      type: 'email',
      target: 'new@example.com',
    });
    expect(byMail.code).toBe(0);
  });
});
