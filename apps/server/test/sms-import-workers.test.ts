import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, SERVER_DIR } from './support/built-server.js';

/** Messages enough for three batches of 10,000: the reader runs ahead of the writer and waits for it. */
const MESSAGES = 25_000;

function backupFile(): string {
  const rows: string[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    rows.push(
      `<sms protocol="0" address="1380013${String(i % 1000).padStart(4, '0')}" date="${1_700_000_000_000 + i * 1000}" type="${1 + (i % 2)}" body="消息 ${i}" read="1" />`,
    );
    if (i === 12_345) rows.push('<sms protocol="0" date="1700000000000" type="1" body="no address" />');
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<smses count="${rows.length}">\n${rows.join('\n')}\n</smses>\n`;
}

/**
 * The SMS import reads on the worker pool only in the bundled command (the reading task is a file
 * of its own there; from the sources it reads on the main thread, as sms-files.test.ts runs it).
 */
describe('SMS import on the worker pool (built command)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pc-sms-workers-'));
  const admin = (...args: string[]) =>
    execFileSync(process.execPath, ['dist/admin.js', ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });

  beforeAll(() => {
    buildServer();
    writeFileSync(path.join(dir, 'backup.xml'), backupFile());
    admin('user', 'add', '--username', 'smsworkers', '--password', 'secret123', '--phone', '13911114444');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('imports every batch in order, reports the broken entry, and adds nothing the second time', () => {
    const file = path.join(dir, 'backup.xml');
    const first = admin('sms', 'import', '--username', 'smsworkers', file);
    expect(first).toContain(
      `${MESSAGES + 1} entries read, ${MESSAGES} messages added, 0 already there, 1 skipped`,
    );
    const again = admin('sms', 'import', '--username', 'smsworkers', file);
    expect(again).toContain(
      `${MESSAGES + 1} entries read, 0 messages added, ${MESSAGES} already there, 1 skipped`,
    );
  });
});
