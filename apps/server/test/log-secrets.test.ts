import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { DeviceApi, VerifyType } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, passVerification, type TestUser } from './support/accounts.js';
import { TEST_DIALECTS } from './support/db.js';
import { deviceCall, signInDevice } from './support/find.js';
import {
  CAPTCHA_TEST_ANSWER,
  type CapturingMessenger,
  startTestServer,
  type TestServer,
} from './support/server.js';

/** Every line the server's logger writes, kept for the test to read. */
class CapturedLog extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

/**
 * Codes read where an operator without a gateway reads them (DATA_DIR/outbox.log), shaped like
 * the capturing messenger the account helpers expect.
 */
function outboxReader(server: TestServer): Pick<CapturingMessenger, 'lastCode'> & { all(): string[] } {
  const lines = () =>
    readFileSync(path.join(server.deps.config.dataDir, 'outbox.log'), 'utf8').trim().split('\n');
  return {
    lastCode(to: string) {
      const line = lines()
        .reverse()
        .find((l) => l.split('\t')[2] === to);
      const code = line?.split('\t')[3]?.match(/\d{6}/)?.[0];
      if (!code) throw new Error(`no code was written for ${to}`);
      return code;
    },
    all: () => lines().flatMap((l) => l.split('\t')[3]?.match(/\d{6}/g) ?? []),
  };
}

describe.each(TEST_DIALECTS.flatMap((d) => (['json', 'pretty'] as const).map((f) => [d, f] as const)))(
  'no secret in the log [%s, LOG_FORMAT=%s]',
  (dialect, format) => {
    const log = new CapturedLog();
    let server: TestServer;
    let user: TestUser;
    beforeAll(async () => {
      server = await startTestServer(dialect, {
        env: { LOG_LEVEL: 'debug', LOG_FORMAT: format },
        messenger: 'real',
        logStream: log,
      });
      user = await createUser(server, { password: 'Pw-in-log-9876', email: 'logged@example.com' });
    });
    afterAll(() => server.close());

    it('a sign-in, SMS and e-mail codes and a phone sign-in leave no password, code, token or cookie', async () => {
      const outbox = outboxReader(server);
      const viaOutbox = { ...server, messenger: outbox as unknown as CapturingMessenger };
      const client = server.client();
      await login(client, user.username, user.password);
      await passVerification(viaOutbox, client, user);
      // An e-mail code for the finder's own verification, requested and checked.
      await client.text('/verify/draw.do');
      expect((await client.post('/verify/check_draw.do', { captcha: CAPTCHA_TEST_ANSWER })).code).toBe(0);
      expect(
        (await client.post('/finder/verify/send_ticket.do', { verify_type: VerifyType.EMAIL })).code,
      ).toBe(0);
      const mailed = outbox.lastCode(user.email ?? '');
      const checked = await client.post('/finder/verify/check_ticket.do', {
        verify_type: VerifyType.EMAIL,
        ticket: mailed,
      });
      expect(checked.code).toBe(0);
      const token = await signInDevice(viaOutbox, user);
      expect((await deviceCall(server.baseUrl, DeviceApi.heartbeat, {}, token)).code).toBe(0);
      // A secret in a query string too: the URL's value is replaced.
      await client.raw(`/platform/info.do?token=${token}&code=${mailed}`);

      const secrets = [
        user.password,
        token,
        ...outbox.all(),
        ...[...client.cookies.values()].filter((v) => v.length >= 16),
      ];
      expect(outbox.all().length).toBeGreaterThanOrEqual(3);
      expect(secrets.length).toBeGreaterThanOrEqual(6);
      const text = log.text;
      // The log did record those requests, each line with its request's id.
      expect(text).toContain('/account/login.do');
      expect(text).toContain('/verify/send_ticket.do');
      expect(text).toContain('code written to');
      expect(text).toContain('[redacted]');
      for (const secret of secrets)
        expect(text, `a secret (${secret.slice(0, 3)}…) is in the log`).not.toContain(secret);
      expect(text.toLowerCase()).not.toContain('cookie');
      expect(text.toLowerCase()).not.toContain('authorization');
      const requestLines = text.split('\n').filter((l) => l.includes('/account/login.do'));
      for (const line of requestLines)
        expect(line).toMatch(format === 'json' ? /"reqId":"[0-9a-f-]{36}"/ : /\[[0-9a-f-]{36}\]/);
      if (format === 'pretty') expect(requestLines).toHaveLength(1);
    });
  },
);
