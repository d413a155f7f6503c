import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSP_NONCE_PLACEHOLDER, WEBDAV_DRIVE_PATH } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_POLICY } from '../src/http/csp.js';
import { PERMISSIONS_POLICY } from '../src/http/security-headers.js';
import { AppPasswordsService } from '../src/modules/app-passwords/service.js';
import { createUser } from './support/accounts.js';
import { startTestServer, type TestServer } from './support/server.js';

const HTTPS_PROXY = { 'x-forwarded-proto': 'https' };

/** The headers every answer carries, whatever answers it. */
function expectSecurityHeaders(res: Response) {
  expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(res.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('same-origin');
  expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(res.headers.get('x-powered-by')).toBeNull();
}

describe('security headers', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'pc-headers-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><meta name="csp-nonce" content="${CSP_NONCE_PLACEHOLDER}"><title>portal</title>`,
    );
    writeFileSync(path.join(dist, 'assets', 'a-1.js'), 'export {}');
    server = await startTestServer('sqlite', { env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('go with API answers, pages, assets and unknown paths, beside the CSP of each', async () => {
    const api = await fetch(`${server.baseUrl}/platform/info.do`);
    expectSecurityHeaders(api);
    expect(api.headers.get('content-security-policy')).toBe(FILE_POLICY);
    const page = await fetch(`${server.baseUrl}/`);
    expectSecurityHeaders(page);
    // The page keeps the portal's own policy, with its nonce: helmet's is off.
    expect(page.headers.get('content-security-policy')).toMatch(/'nonce-[^']+'/);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    for (const url of ['/assets/a-1.js', '/no-such.do']) {
      const res = await fetch(server.baseUrl + url);
      expectSecurityHeaders(res);
      expect(res.headers.get('content-security-policy')).toBe(FILE_POLICY);
    }
  });

  it('go with WebDAV answers and the files it sends, which still reach a DAV client', async () => {
    const user = await createUser(server);
    const { password } = await new AppPasswordsService(server.deps).create(user.id, 'headers');
    const authorization = `Basic ${Buffer.from(`${user.username}:${password}`).toString('base64')}`;
    const file = `${server.baseUrl}${WEBDAV_DRIVE_PATH}/headers.txt`;
    const put = await fetch(file, { method: 'PUT', headers: { authorization }, body: 'hello' });
    expect(put.status).toBe(201);
    const list = await fetch(`${server.baseUrl}${WEBDAV_DRIVE_PATH}/`, {
      method: 'PROPFIND',
      headers: { authorization, depth: '1' },
    });
    expect(list.status).toBe(207);
    expect(await list.text()).toContain('headers.txt');
    expectSecurityHeaders(list);
    const get = await fetch(file, { headers: { authorization } });
    expect(get.status).toBe(200);
    expect(await get.text()).toBe('hello');
    expectSecurityHeaders(get);
  });

  it('send no Strict-Transport-Security over plain HTTP, nor for a client claiming HTTPS', async () => {
    expect(
      (await fetch(`${server.baseUrl}/platform/info.do`)).headers.get('strict-transport-security'),
    ).toBeNull();
    // TRUST_PROXY is unset: nobody's X-Forwarded-Proto counts.
    const forged = await fetch(`${server.baseUrl}/platform/info.do`, { headers: HTTPS_PROXY });
    expect(forged.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('Strict-Transport-Security behind a trusted proxy', () => {
  let server: TestServer;
  afterAll(() => server.close());

  it('is sent when the proxy says HTTPS, for HSTS_MAX_AGE seconds (a year unless set)', async () => {
    server = await startTestServer('sqlite', { env: { TRUST_PROXY: '1' } });
    const https = await fetch(`${server.baseUrl}/platform/info.do`, { headers: HTTPS_PROXY });
    expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expectSecurityHeaders(https);
    const http = await fetch(`${server.baseUrl}/platform/info.do`, {
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(http.headers.get('strict-transport-security')).toBeNull();
    await server.close();
    server = await startTestServer('sqlite', { env: { TRUST_PROXY: '1', HSTS_MAX_AGE: '600' } });
    const short = await fetch(`${server.baseUrl}/platform/info.do`, { headers: HTTPS_PROXY });
    expect(short.headers.get('strict-transport-security')).toBe('max-age=600');
  });
});
