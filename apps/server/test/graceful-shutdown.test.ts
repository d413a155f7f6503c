import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, buildServer, freePort, startBuiltServer } from './support/built-server.js';

/**
 * A rolling restart's SIGTERM: /readyz says 503 at once while requests are still served, a
 * request in flight is answered, then the process exits by itself.
 */
describe('graceful shutdown of the built server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pc-shutdown-'));
  let server: BuiltServer;
  beforeAll(async () => {
    buildServer();
    server = await startBuiltServer(await freePort(), {
      DATA_DIR: dataDir,
      SESSION_SECRET: 'shutdown-test-secret-'.padEnd(40, 'x'),
      WEB_DIST: path.join(dataDir, 'no-web'),
      SHUTDOWN_DRAIN_SECONDS: '2',
    });
  });
  afterAll(() => {
    if (server.proc.exitCode === null) server.proc.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('drains: ready 503 but still serving, the request in flight answered, then exits 0', async () => {
    const base = `http://127.0.0.1:${server.port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    // A request whose body is still arriving when the signal comes (an upload in flight).
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${base}/platform/info.do`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '2' } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.write('{');
      // The rest of the body comes once the drain has begun.
      waitForReady503(base).then(() => req.end('}'), reject);
    });
    // A proxy's kept-alive connection, opened before the signal and idle through the drain.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(`${base}/healthz`, agent)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => server.proc.once('exit', (code) => resolve(code)));
    server.proc.kill('SIGTERM');
    await waitForReady503(base);
    // Draining, yet serving: the balancer's last requests are answered, not refused.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await inFlight).toBeGreaterThan(0);
    // Past the drain no connection is taken, but a request written on one still open is
    // answered (not reset with the connection) and told the connection closes.
    await refusing(server.port);
    const late = await get(`${base}/healthz`, agent);
    expect(late).toEqual({ status: 200, connection: 'close' });
    expect(await exited).toBe(0);
  });
});

/** A GET through `agent` (its kept-alive socket): the status and the Connection header. */
function get(url: string, agent: http.Agent): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      })
      .on('error', reject);
  });
}

/** Resolves once a new connection to `port` is refused (the listener closed). */
async function refusing(port: number): Promise<void> {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    if (refused) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Resolves once /readyz answers 503 (the drain began). */
async function waitForReady503(base: string): Promise<void> {
  for (;;) {
    const status = await fetch(`${base}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 503) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}
