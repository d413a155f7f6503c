import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/index.js';
import { download, seedAccount, sessionClient, uploadFile } from './support/backup.js';
import {
  type BuiltServer,
  buildServer,
  freePort,
  schemaUrl,
  startBuiltServer,
} from './support/built-server.js';
import type { TestClient } from './support/client.js';
import { person, save } from './support/contacts.js';
import { sha256 } from './support/drive.js';

const NGINX = '/usr/sbin/nginx';
const SAMPLE = path.resolve(import.meta.dirname, '../../../docs/deploy/nginx.conf');
// CI installs nginx-light (.ci/run); a developer's machine without it skips this file.
const skip = !existsSync(NGINX) && !process.env.CI;
/** PostgreSQL where the run has it (CI), SQLite (one data directory for both) elsewhere. */
const base = process.env.TEST_DATABASE_URL ?? '';

/**
 * The deployment sample as nginx runs it here: plain HTTP on a free loopback port (the TLS lines
 * and the redirect left out), its upstream the two instances' ports; the proxy settings as they
 * are, which is what a restart depends on.
 */
function siteConf(sample: string, listen: number, ports: number[]): string {
  return sample
    .replace(/server 127\.0\.0\.1:8081/, `server 127.0.0.1:${ports[0]}`)
    .replace(/server 127\.0\.0\.1:8082/, `server 127.0.0.1:${ports[1]}`)
    .replace(/server \{\n\s+listen 80;[^}]*\}\n/, '')
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${listen};`)
    .replace(/^\s*ssl_\w+.*$/gm, '');
}

describe.skipIf(skip)('a rolling restart behind nginx, under load', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'pc-rolling-'));
  const dataDir = path.join(work, 'data');
  const schema = `rolling_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const instances: BuiltServer[] = [];
  let nginx: ChildProcess | null = null;
  let ports: number[] = [];
  let front = 0;
  let cookie = '';
  const env = () => ({
    DATA_DIR: dataDir,
    WEB_DIST: path.join(work, 'none'),
    TRUST_PROXY: '1',
    PUBLIC_URL: `http://127.0.0.1:${front}`,
    UPLOAD_BASE_URL: `http://127.0.0.1:${front}`,
    // Longer than the sample's upstream keepalive_timeout (4 s), as operations.md asks.
    SHUTDOWN_DRAIN_SECONDS: '5',
    ...(base ? { DATABASE_URL: schemaUrl(base, schema) } : {}),
  });

  beforeAll(async () => {
    buildServer();
    mkdirSync(dataDir);
    const handle = await openDb(base ? { dataDir, databaseUrl: base, pgSchema: schema } : { dataDir });
    cookie = await seedAccount(handle, 'rolling');
    await handle.close();
    ports = [await freePort(), await freePort()];
    front = await freePort();
    for (const port of ports) instances.push(await startBuiltServer(port, env()));
    writeFileSync(path.join(work, 'site.conf'), siteConf(readFileSync(SAMPLE, 'utf8'), front, ports));
    writeFileSync(
      path.join(work, 'nginx.conf'),
      `pid ${work}/nginx.pid;\nerror_log ${work}/error.log;\ndaemon off;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${work}/body;\n  proxy_temp_path ${work}/proxy;\n  include ${work}/site.conf;\n}\n`,
    );
    nginx = spawn(NGINX, ['-p', work, '-c', path.join(work, 'nginx.conf')], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (
      !(await fetch(`http://127.0.0.1:${front}/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline || nginx.exitCode !== null)
        throw new Error(`nginx did not start: ${readFileSync(path.join(work, 'error.log'), 'utf8')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }, 120_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGQUIT');
      await new Promise((r) => nginx?.once('exit', r));
    }
    for (const s of instances) {
      if (s.proc.exitCode === null && s.proc.signalCode === null) {
        s.proc.kill('SIGTERM');
        await new Promise((r) => s.proc.once('exit', r));
      }
    }
    if (base) {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    }
    rmSync(work, { recursive: true, force: true });
  });

  /** SIGTERM to one instance, wait for its exit, start it again on its port, wait for /readyz. */
  async function restart(i: number): Promise<void> {
    const old = instances[i] as BuiltServer;
    const exited = new Promise<number | null>((r) => old.proc.once('exit', (code) => r(code)));
    old.proc.kill('SIGTERM');
    expect(await exited).toBe(0);
    const port = ports[i] as number;
    instances[i] = await startBuiltServer(port, env());
    while (
      !(await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      await new Promise((r) => setTimeout(r, 50));
  }

  it('restarts one instance, then the other: no request fails, every upload is stored', {
    timeout: 90_000,
  }, async () => {
    const c: TestClient = await sessionClient(front, cookie);
    const failures: string[] = [];
    const uploads: Array<{ id: number; sha256: string }> = [];
    let done = 0;
    let running = true;
    const guard = async (what: string, work: () => Promise<void>) => {
      try {
        await work();
        done++;
      } catch (err) {
        failures.push(`${what}: ${(err as Error).message}`);
      }
    };
    const readers = Array.from({ length: 3 }, async () => {
      while (running)
        await guard('list', async () => {
          const r = await c.get('/contact/list.do');
          if (r.code !== 0) throw new Error(`code ${r.code}`);
        });
    });
    const writers = Array.from({ length: 2 }, async (_, w) => {
      for (let k = 0; running; k++)
        await guard('save', async () => void (await save(c, person(`滚动${w}-${k}`))));
    });
    const uploaders = Array.from({ length: 2 }, async (_, w) => {
      for (let k = 0; running; k++)
        await guard('upload', async () => {
          const bytes = randomBytes(150_000 + k);
          uploads.push({ id: await uploadFile(c, `r${w}-${k}.bin`, bytes), sha256: sha256(bytes) });
        });
    });
    const atLeast = async (n: number) => {
      const target = done + n;
      while (done < target && failures.length === 0) await new Promise((r) => setTimeout(r, 20));
    };
    await atLeast(30);
    await restart(0);
    await atLeast(30);
    await restart(1);
    await atLeast(30);
    running = false;
    await Promise.all([...readers, ...writers, ...uploaders]);
    expect(failures).toEqual([]);
    expect(uploads.length).toBeGreaterThan(4);
    for (const u of uploads) expect(sha256(await download(c, u.id))).toBe(u.sha256);
  });
});
