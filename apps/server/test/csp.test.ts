import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSP_NONCE_PLACEHOLDER } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';

describe('Content-Security-Policy', () => {
  let server: TestServer;
  let dist: string;
  const inline = 'window.preloaded=1';
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'pc-csp-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, 'account'));
    const page = (title: string) =>
      `<!doctype html><meta name="csp-nonce" content="${CSP_NONCE_PLACEHOLDER}"><script>${inline}</script><title>${title}</title>`;
    writeFileSync(path.join(dist, 'index.html'), page('portal'));
    writeFileSync(path.join(dist, 'account', 'index.html'), page('account'));
    writeFileSync(path.join(dist, 'assets', 'a-1.js'), 'export {}');
    server = await startTestServer('sqlite', { env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('gives the pages a strict policy: own scripts and hashed inline ones, a fresh style nonce', async () => {
    const client = server.client();
    const hash = createHash('sha256').update(inline).digest('base64');
    const nonces = new Set<string>();
    for (const url of ['/', '/account/', '/']) {
      const res = await client.raw(url);
      const policy = res.headers.get('content-security-policy') ?? '';
      const html = await res.text();
      expect(policy).toContain(`script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash}'`);
      for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'self'"]) {
        expect(policy).toContain(directive);
      }
      expect(policy).not.toContain('unsafe-inline');
      const nonce = policy.match(/'nonce-([^']+)'/)?.[1] ?? '';
      expect(nonce.length).toBeGreaterThanOrEqual(16);
      expect(html).toContain(`content="${nonce}"`);
      expect(html).not.toContain(CSP_NONCE_PLACEHOLDER);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
  });

  it('lets nothing else run or load: API answers and files are sandboxed', async () => {
    const client = server.client();
    for (const url of ['/platform/info.do', '/assets/a-1.js', '/no-such.do']) {
      const res = await client.raw(url);
      expect(res.headers.get('content-security-policy')).toBe(
        "default-src 'none'; sandbox; frame-ancestors 'self'",
      );
    }
  });
});
