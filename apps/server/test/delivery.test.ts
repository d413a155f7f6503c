import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Code } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login } from './support/accounts.js';
import { CAPTCHA_TEST_ANSWER, startTestServer, type TestServer } from './support/server.js';
import { codeFor, startSmtpSink, startWebhookSink } from './support/sinks.js';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

describe('code delivery through real SMTP and an SMS webhook', () => {
  let server: TestServer;
  let smtp: Sink;
  let sms: Sink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    sms = await startWebhookSink();
    const env = { SMTP_URL: smtp.url, SMS_WEBHOOK_URL: sms.url };
    server = await startTestServer('sqlite', { env, messenger: 'real' });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
    await sms.close();
  });

  async function sendAndCheck(verifyType: 1 | 2, sink: Sink, to: string) {
    const user = await createUser(server);
    const client = server.client();
    await login(client, user.username, user.password);
    await client.text('/verify/draw.do');
    await client.post('/verify/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER });
    expect((await client.post('/verify/send_ticket.do', { verify_type: verifyType })).code).toBe(0);
    const code = codeFor(sink.messages, verifyType === 1 ? (user.phone ?? '') : (user.email ?? ''));
    expect(
      (await client.post('/verify/check_ticket.do', { verify_type: verifyType, ticket: code })).code,
    ).toBe(0);
    return to;
  }

  it('sends the e-mail code over SMTP', async () => {
    await sendAndCheck(2, smtp, 'email');
    expect(smtp.messages.at(-1)?.subject).toBe('验证码');
  });

  it('posts the SMS code to the webhook as {phone, text}', async () => {
    await sendAndCheck(1, sms, 'sms');
  });

  it('lets the user retry at once when the gateway fails', async () => {
    await sms.close();
    const user = await createUser(server);
    const client = server.client();
    await login(client, user.username, user.password);
    await client.text('/verify/draw.do');
    await client.post('/verify/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER });
    expect((await client.post('/verify/send_ticket.do', { verify_type: 1 })).code).toBe(Code.SERVER_ERROR);
    // The gateway answers again where the server sends: the retry needs a new captcha (the
    // first pass was spent) but no wait, and the code it sends opens the session.
    sms = await startWebhookSink(Number(new URL(sms.url).port));
    await client.text('/verify/draw.do');
    await client.post('/verify/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER });
    expect((await client.post('/verify/send_ticket.do', { verify_type: 1 })).code).toBe(0);
    const code = codeFor(sms.messages, user.phone ?? '');
    expect((await client.post('/verify/check_ticket.do', { verify_type: 1, ticket: code })).code).toBe(0);
  });
});

describe('code delivery without a gateway', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { messenger: 'real' });
  });
  afterAll(() => server.close());

  it('writes codes to DATA_DIR/outbox.log', async () => {
    const user = await createUser(server);
    const client = server.client();
    await login(client, user.username, user.password);
    await client.text('/verify/draw.do');
    await client.post('/verify/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER });
    expect((await client.post('/verify/send_ticket.do', { verify_type: 2 })).code).toBe(0);
    const outbox = readFileSync(path.join(server.deps.config.dataDir, 'outbox.log'), 'utf8');
    const line = outbox.trim().split('\n').at(-1) ?? '';
    expect(line).toContain(`email\t${user.email}`);
    const code = line.match(/\d{6}/)?.[0] ?? '';
    expect((await client.post('/verify/check_ticket.do', { verify_type: 2, ticket: code })).code).toBe(0);
  });
});
