import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { SESSION_COOKIE } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/index.js';
import { verifiedClient } from './support/accounts.js';
import { buildServer, freePort, seedVerifiedSession, startBuiltServer } from './support/built-server.js';
import { TestClient } from './support/client.js';
import { book, closeServer, importFiles } from './support/contacts.js';
import { startTestServer, type TestServer } from './support/server.js';

/** 1,500 cards: 3.0 and Android 2.1, duplicates, a bad e-mail, an empty card, one without END, groups. */
function bigFile(): string {
  const cards: string[] = [];
  for (let i = 0; i < 1500; i++) {
    if (i % 100 === 7) {
      cards.push(
        'BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E5=BC=A0;=E4=B8=89;;;\r\n' +
          `TEL;CELL:138${String(i).padStart(8, '0')}\r\nEND:VCARD`,
      );
    } else if (i === 900) {
      cards.push('BEGIN:VCARD\r\nVERSION:3.0\r\nX-NOTHING:1\r\nEND:VCARD');
    } else if (i === 901) {
      cards.push('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:没有结尾\r\n');
    } else {
      const n = i % 250 === 3 ? 3 : i;
      cards.push(
        [
          'BEGIN:VCARD',
          'VERSION:3.0',
          `FN:${n % 2 ? `王${n}` : `Anna ${n}`}`,
          `TEL;TYPE=CELL:139${String(n).padStart(8, '0')}`,
          n % 5 === 0 ? `EMAIL:${n % 10 === 0 ? 'not-an-address' : `u${n}@example.com`}` : '',
          n % 7 === 0 ? `CATEGORIES:组${n % 3}` : '',
          'END:VCARD',
        ]
          .filter(Boolean)
          .join('\r\n'),
      );
    }
  }
  return `${cards.join('\r\n')}\r\n`;
}

/**
 * The import spreads large files over worker threads only in the bundled server (the worker is a
 * file of its own there). The same file imported by the built server and by the in-process test
 * server must give the same answer and the same book.
 */
describe('vCard import on worker threads (built server)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pc-workers-'));
  const cookie = randomBytes(32).toString('base64url');
  let child: ChildProcess | null = null;
  let port = 0;
  let local: TestServer;

  beforeAll(async () => {
    buildServer();
    const handle = await openDb({ dataDir });
    await seedVerifiedSession(handle, 'workers', cookie, '13911113333');
    await handle.close();
    port = await freePort();
    child = (await startBuiltServer(port, { DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web') }))
      .proc;
    local = await startTestServer('sqlite');
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child?.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (local) await closeServer(local);
  });

  it('answers the same report and makes the same book as the import on one thread', {
    timeout: 60_000,
  }, async () => {
    const files = [{ name: '通讯录.vcf', text: bigFile() }];
    const built = new TestClient(`http://127.0.0.1:${port}`);
    built.cookies.set(SESSION_COOKIE, cookie);
    const { client } = await verifiedClient(local);

    const a = await importFiles(built, files);
    const b = await importFiles(client, files);
    expect(a.code, a.message).toBe(0);
    expect(b.code, b.message).toBe(0);
    expect(a.data?.added).toBeGreaterThan(1000);
    expect(a.data?.failed.length).toBe(1);
    expect(a.data?.duplicates).toBeGreaterThan(0);
    expect({ ...a.data, sync_version: 0 }).toEqual({ ...b.data, sync_version: 0 });
    const [bookA, bookB] = [await book(built), await book(client)];
    expect(Object.keys(bookA.list).length).toBe(a.data?.added);
    expect(bookA.list).toEqual(bookB.list);
    expect(bookA.group).toEqual(bookB.group);
    // On a machine with one core the built server prepares on its own thread too; still the same.
    if (availableParallelism() < 2) console.log('one core: the worker threads were not used');
  });
});
