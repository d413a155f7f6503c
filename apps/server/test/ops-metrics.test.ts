import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeviceApi } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBackupFile } from '../src/modules/sms/backup/import.js';
import { createUser, verifiedClient } from './support/accounts.js';
import { importFiles } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { bytesOf, driveUser } from './support/drive.js';
import { signInDevice } from './support/find.js';
import { startTestServer, type TestServer } from './support/server.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** The value of one series in /metrics (0 when the series has not been written yet). */
async function series(server: TestServer, name: string, labels = ''): Promise<number> {
  const res = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  const text = await res.text();
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** Resolves once `check` answers true, asking again every 20 ms for up to 10 s. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in 10 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(TEST_DIALECTS)('metrics of polls, uploads and imports [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => server.close());

  it('counts a phone command poll while it is held open, and not after it ends', async () => {
    const user = await createUser(server);
    const token = await signInDevice(server, user);
    const before = await series(server, 'phonecloud_device_polls_open');
    const hangUp = new AbortController();
    const poll = fetch(`${server.baseUrl}${DeviceApi.commandsPoll}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ wait_ms: 20_000 }),
      signal: hangUp.signal,
    }).catch(() => null);
    await until(async () => (await series(server, 'phonecloud_device_polls_open')) === before + 1);
    hangUp.abort();
    await poll;
    await until(async () => (await series(server, 'phonecloud_device_polls_open')) === before);
  });

  it('adds the bytes of finished uploads, by face', async () => {
    const d = await driveUser(server);
    const v2Before = await series(server, 'phonecloud_upload_bytes_total', 'face="v2"');
    const bytes = bytesOf(123_457);
    expect((await d.uploadV2('counted.bin', bytes)).code).toBe(0);
    expect(await series(server, 'phonecloud_upload_bytes_total', 'face="v2"')).toBe(v2Before + bytes.length);
  });

  it('counts contacts and SMS imports by result, none left running', async () => {
    const { client, user } = await verifiedClient(server);
    const okBefore = await series(server, 'phonecloud_import_jobs_total', 'kind="contacts",result="ok"');
    const imported = await importFiles(client, [
      { name: 'a.vcf', text: 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:导入计数\r\nEND:VCARD\r\n' },
    ]);
    expect(imported.code).toBe(0);
    expect(await series(server, 'phonecloud_import_jobs_total', 'kind="contacts",result="ok"')).toBe(
      okBefore + 1,
    );

    const dir = mkdtempSync(path.join(tmpdir(), 'pc-import-metric-'));
    try {
      const file = path.join(dir, 'sms.xml');
      writeFileSync(
        file,
        `<?xml version='1.0' encoding='UTF-8'?><smses count="1"><sms address="10086" date="1700000000000" type="1" body="hi" /></smses>`,
      );
      const smsOk = await series(server, 'phonecloud_import_jobs_total', 'kind="sms",result="ok"');
      await importBackupFile(server.deps, user.id, file);
      expect(await series(server, 'phonecloud_import_jobs_total', 'kind="sms",result="ok"')).toBe(smsOk + 1);
      const smsFailed = await series(server, 'phonecloud_import_jobs_total', 'kind="sms",result="failed"');
      await expect(importBackupFile(server.deps, user.id, path.join(dir, 'missing.xml'))).rejects.toThrow();
      expect(await series(server, 'phonecloud_import_jobs_total', 'kind="sms",result="failed"')).toBe(
        smsFailed + 1,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(await series(server, 'phonecloud_import_jobs_running', 'kind="contacts"')).toBe(0);
    expect(await series(server, 'phonecloud_import_jobs_running', 'kind="sms"')).toBe(0);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('database pool metrics [postgres]', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('postgres', { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => server.close());

  it("gives the PostgreSQL pool's open, idle and waiting connections", async () => {
    await until(async () => (await series(server, 'phonecloud_db_pool_connections', 'state="total"')) >= 1);
    const idle = await series(server, 'phonecloud_db_pool_connections', 'state="idle"');
    const total = await series(server, 'phonecloud_db_pool_connections', 'state="total"');
    expect(idle).toBeLessThanOrEqual(total);
    expect(await series(server, 'phonecloud_db_pool_connections', 'state="waiting"')).toBe(0);
    // Ten queries at once hold ten connections: the pool opens up to its size.
    await Promise.all(
      Array.from({ length: 10 }, () => server.deps.db.selectFrom('users').select('id').execute()),
    );
    expect(await series(server, 'phonecloud_db_pool_connections', 'state="total"')).toBeGreaterThanOrEqual(2);
  });
});
