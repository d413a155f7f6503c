import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SESSION_COOKIE, type V1ListResult, type V1UploadUrl } from '@phonecloud/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/index.js';
import {
  buildServer,
  freePort,
  schemaUrl,
  seedVerifiedSession,
  startBuiltServer,
} from './support/built-server.js';
import { TestClient } from './support/client.js';
import { TEST_DIALECTS, type TestDialect } from './support/db.js';
import { sha256 } from './support/drive.js';

const SECRET = 'crash-test-secret-'.padEnd(40, 'x');

/** Every file under a folder (the blob store's). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

/** A server process killed with SIGKILL mid-upload, then restarted on the same data. */
describe.each(TEST_DIALECTS)('drive crash safety [%s]', (dialect: TestDialect) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pc-crash-'));
  const schema = `crash_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const databaseUrl =
    dialect === 'postgres' ? schemaUrl(process.env.TEST_DATABASE_URL ?? '', schema) : undefined;
  let port = 0;
  let child: ChildProcess | null = null;
  const cookie = randomBytes(32).toString('base64url');

  const start = async () => {
    const { proc } = await startBuiltServer(port, {
      DATA_DIR: dataDir,
      SESSION_SECRET: SECRET,
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    child = proc;
    return proc;
  };

  beforeAll(async () => {
    buildServer();
    port = await freePort();
    if (dialect === 'postgres') {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`CREATE SCHEMA "${schema}"`);
      await c.end();
    }
    // The account and a verified session, written where the server will find them.
    const handle = await openDb({
      dataDir,
      databaseUrl,
      pgSchema: dialect === 'postgres' ? schema : undefined,
    });
    await seedVerifiedSession(handle, 'crash', cookie, '13911112222');
    await handle.close();
  });

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGTERM');
    if (dialect === 'postgres') {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no item, no half blob and no used space', { timeout: 150_000 }, async () => {
    const first = await start();
    const client = new TestClient(`http://127.0.0.1:${port}`);
    client.cookies.set(SESSION_COOKIE, cookie);
    expect((await client.get('/user/refreshYun.do')).code).toBe(0);
    const up = (await client.post<V1UploadUrl>('/v1/files/uploadUrl.json')).data as V1UploadUrl;

    // 20 MB announced; 6 MB sent, then the process dies while the rest is awaited.
    const size = 20 * 1024 * 1024;
    const boundary = 'crashboundary';
    const req = http.request(
      `${up.secureUploadDomain}/rest/4.0/file?size=${size}&filename=big.bin&pid=999&duplicatePolicy=2&token=${up.token}`,
      { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
    );
    req.on('error', () => undefined);
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    req.write(randomBytes(6 * 1024 * 1024));
    const tmp = path.join(dataDir, 'blobs', 'tmp');
    for (let i = 0; i < 200; i++) {
      const written = filesUnder(tmp).reduce((n, f) => n + statSync(f).size, 0);
      if (written > 1024 * 1024) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(filesUnder(tmp).length).toBe(1);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    req.destroy();
    // The restart comes after the dead write went quiet past the upload lease (two minutes): a
    // younger temp file may be another instance's write in progress, and is left alone.
    const quiet = new Date(Date.now() - 3 * 60_000);
    for (const f of filesUnder(tmp)) utimesSync(f, quiet, quiet);

    await start();
    expect(filesUnder(path.join(dataDir, 'blobs'))).toEqual([]);
    expect((await client.get('/user/refreshYun.do')).code).toBe(0);
    const list = await client.get<V1ListResult>('/v1/files/list.json', { pid: 999 });
    expect(list.data?.list).toEqual([]);
    expect((await client.get<{ used: number }>('/v1/users/queryQuota.json')).data?.used).toBe(0);

    // The drive still works: the same upload, whole this time.
    const bytes = randomBytes(3 * 1024 * 1024);
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'big.bin');
    const again = await fetch(
      `${up.secureUploadDomain}/rest/4.0/file?size=${bytes.length}&filename=big.bin&pid=999&duplicatePolicy=2&token=${up.token}`,
      { method: 'POST', body: form },
    );
    expect(((await again.json()) as { code: number }).code).toBe(0);
    const blobs = filesUnder(path.join(dataDir, 'blobs'));
    expect(blobs.map((f) => path.basename(f))).toEqual([sha256(bytes)]);
    expect((await client.get<{ used: number }>('/v1/users/queryQuota.json')).data?.used).toBe(bytes.length);
  });
});
