import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';

describe('the portal build', () => {
  let server: TestServer;
  let dist: string;
  const script = `console.log(${JSON.stringify('门户'.repeat(800))});\n`;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'pc-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(path.join(dist, 'assets', 'portal-abc123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'tiny-abc123.css'), 'a{}');
    // A production build's copies (apps/web/build/precompress.ts); the gzip one at level 1, so
    // that it can be told from one the server would make.
    writeFileSync(path.join(dist, 'assets', 'built-abc123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'built-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets', 'built-abc123.js.gz'), gzipSync(script, { level: 1 }));
    server = await startTestServer('sqlite', { env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves hashed assets from memory: gzipped when asked, cached for good', async () => {
    const client = server.client();
    const zipped = await client.raw('/assets/portal-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(zipped.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await zipped.text()).toBe(script);

    const plain = await client.raw('/assets/portal-abc123.js', {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
    // Too small to be worth compressing.
    const tiny = await client.raw('/assets/tiny-abc123.css', { headers: { 'accept-encoding': 'gzip' } });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('a{}');
  });

  it("sends the build's Brotli and gzip copies as they are, as the browser takes them", async () => {
    const client = server.client();
    const get = (accept: string) =>
      client.raw('/assets/built-abc123.js', { headers: { 'accept-encoding': accept } });
    const level1 = gzipSync(script, { level: 1 }).length;

    const br = await get('gzip, deflate, br, zstd');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-length')).toBe(String(brotliCompressSync(script).length));
    expect(br.headers.get('vary')).toBe('accept-encoding');
    expect(await br.text()).toBe(script);

    const gz = await get('gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('content-length')).toBe(String(level1));
    expect(await gz.text()).toBe(script);

    // Brotli refused outright: gzip; nothing taken: the bytes as they are.
    expect((await get('br;q=0, gzip')).headers.get('content-encoding')).toBe('gzip');
    const plain = await get('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
    // A build without copies gets none made in Brotli (too slow at start), gzip only.
    const made = await client.raw('/assets/portal-abc123.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(made.headers.get('content-encoding')).toBe('gzip');
  });

  it('sends an unknown page to the portal, and says so instead of looping when the portal page is gone', async () => {
    const client = server.client();
    const html = { headers: { accept: 'text/html' } };
    const unknown = await client.raw('/no/such/page', html);
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get('location')).toBe('/#/home/index');
    expect((await client.raw('/', html)).status).toBe(200);

    rmSync(path.join(dist, 'index.html'));
    try {
      const gone = await client.raw('/', html);
      expect(gone.status).toBe(503);
      expect(await gone.text()).toContain('稍后刷新');
    } finally {
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>portal</title>');
    }
  });

  it('sends /account to /account/ (its page without the slash was blank), keeping the query', async () => {
    const client = server.client();
    const bare = await client.raw('/account?from=home', { headers: { accept: 'text/html' } });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/account/?from=home');
  });

  it('serves a file built after start-up from disk, and 404 for one that does not exist', async () => {
    writeFileSync(path.join(dist, 'assets', 'later-def456.js'), 'export {};');
    const client = server.client();
    const later = await client.raw('/assets/later-def456.js');
    expect(later.status).toBe(200);
    expect(await later.text()).toBe('export {};');
    expect((await client.raw('/assets/missing-000.js')).status).toBe(404);
  });
});
