import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecycle } from '../src/lib/lifecycle.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';

describe.each(TEST_DIALECTS)('health, readiness and metrics [%s]', (dialect) => {
  let server: TestServer;
  let plain: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { METRICS_TOKEN: TOKEN } });
    plain = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
    await plain.close();
  });
  const get = (s: TestServer, path: string, headers: Record<string, string> = {}) =>
    fetch(`${s.baseUrl}${path}`, { headers });

  it('/healthz answers while the process runs; /readyz when database and blob store answer', async () => {
    const health = await get(server, '/healthz');
    expect(await health.json()).toEqual({ status: 'ok' });
    // Every answer names its request, a proxy's id kept.
    expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      (await get(server, '/healthz', { 'x-request-id': 'nginx-abcdef123456' })).headers.get('x-request-id'),
    ).toBe('nginx-abcdef123456');
    const ready = await get(server, '/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('/readyz answers 503 while shutting down and when the blob store does not answer', async () => {
    lifecycle.draining = true;
    try {
      const draining = await get(server, '/readyz');
      expect(draining.status).toBe(503);
      expect(await draining.json()).toEqual({ status: 'unavailable', reason: 'shutting down' });
    } finally {
      lifecycle.draining = false;
    }
    const stat = server.deps.blobs.stat.bind(server.deps.blobs);
    server.deps.blobs.stat = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    try {
      const blobless = await get(server, '/readyz');
      expect(blobless.status).toBe(503);
      expect(await blobless.json()).toMatchObject({ reason: 'blob store unreachable' });
    } finally {
      server.deps.blobs.stat = stat;
    }
    expect((await get(server, '/readyz')).status).toBe(200);
  });

  it('/metrics answers only the bearer of METRICS_TOKEN, by route template, never by URL', async () => {
    expect((await get(plain, '/metrics')).status).toBe(404);
    expect((await get(plain, '/metrics', { authorization: `Bearer ${TOKEN}` })).status).toBe(404);
    expect((await get(server, '/metrics')).status).toBe(404);
    expect((await get(server, '/metrics', { authorization: 'Bearer wrong-token-wrong-token' })).status).toBe(
      404,
    );
    await get(server, '/healthz');
    await get(server, '/dav/addressbooks/someone/contacts/card-123.vcf');
    const res = await get(server, '/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/phonecloud_http_requests_total\{route="\/healthz",method="GET",status="200"\} \d+/);
    expect(text).toContain('phonecloud_http_request_duration_seconds_bucket');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    // A path's ids and names never become series of their own.
    expect(text).not.toContain('card-123');
  });
});
