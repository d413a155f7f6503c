// Debian's Radicale as the CardDAV reference: our own process on a free loopback port with a
// temp storage folder, no authentication (any user name is accepted; rights owner_only).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server.mjs';

export const RADICALE = '/usr/bin/radicale';
const USER = 'bench';

/** One HTTP request; answers status, the raw body bytes (no compression asked) and the time. */
export function request(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(url, { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, body: Buffer.concat(chunks), ms: performance.now() - t0 }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function startRadicale() {
  if (!existsSync(RADICALE)) throw new Error(`radicale is not installed: apt-get install -y radicale`);
  const dir = mkdtempSync(path.join(tmpdir(), 'pc-bench-radicale-'));
  const port = await freePort();
  writeFileSync(
    path.join(dir, 'config'),
    `[server]
hosts = 127.0.0.1:${port}
[auth]
type = none
[rights]
type = owner_only
[storage]
filesystem_folder = ${dir}/collections
[web]
type = none
[logging]
level = warning
`,
  );
  const child = spawn(RADICALE, ['-C', path.join(dir, 'config')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  const url = `http://127.0.0.1:${port}`;
  const auth = { authorization: `Basic ${Buffer.from(`${USER}:x`).toString('base64')}` };
  let up = false;
  for (let i = 0; i < 100 && !up && child.exitCode === null; i++) {
    up = await request(`${url}/`, { headers: auth }).then(
      () => true,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  if (!up) {
    await stop();
    throw new Error('radicale did not start');
  }
  const book = `${url}/${USER}/book/`;
  return {
    /** Creates the address book from a whole .vcf (Radicale's collection PUT). */
    async upload(vcf) {
      const res = await request(book, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'text/vcard' },
        body: vcf,
      });
      if (res.status !== 201)
        throw new Error(`radicale PUT ${res.status}: ${res.body.toString().slice(0, 200)}`);
    },
    /** CardDAV addressbook-query without a filter: every vCard with its etag. */
    query() {
      return request(book, {
        method: 'REPORT',
        headers: { ...auth, depth: '1', 'content-type': 'application/xml; charset=utf-8' },
        body:
          '<?xml version="1.0" encoding="utf-8"?><C:addressbook-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">' +
          '<D:prop><D:getetag/><C:address-data/></D:prop></C:addressbook-query>',
      });
    },
    stop,
  };
}
