import { Api, Code, LOGIN_MAX_FAILURES_PER_ADDRESS } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../src/config.js';
import type { AppModule } from '../src/platform/app-module.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

/** Answers what the server believes about the peer: what limits, logs and links are built from. */
const peerProbe: AppModule = {
  name: 'peer-probe',
  async routes(app) {
    app.get('/probe/peer.do', async (req) => ({ ip: req.ip, host: req.host, protocol: req.protocol }));
  },
};

const FORGED = {
  'x-forwarded-for': '203.0.113.9',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
};

async function peer(server: TestServer, headers: Record<string, string>) {
  const res = await fetch(`${server.baseUrl}/probe/peer.do`, { headers });
  return (await res.json()) as { ip: string; host: string; protocol: string };
}

describe('TRUST_PROXY parsing', () => {
  it('trusts nobody by default, counts hops, lists proxies', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16')).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });
});

describe.each(TEST_DIALECTS)('forwarded headers [%s]', (dialect) => {
  describe('with TRUST_PROXY unset', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect, { modules: [peerProbe] });
    });
    afterAll(() => server.close());

    it('ignores a forged address, host and scheme', async () => {
      const real = new URL(server.baseUrl);
      expect(await peer(server, FORGED)).toEqual({ ip: '127.0.0.1', host: real.host, protocol: 'http' });
    });

    it('blocks an address that forges a new X-Forwarded-For on every wrong sign-in', async () => {
      const client = server.client();
      await client.get('/platform/info.do');
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i += 1) {
        const res = await client.post(
          Api.accountLogin,
          { account: `nobody${i}`, password: 'wrong-password1' },
          { headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } },
        );
        expect(res.code).toBe(Code.BAD_CREDENTIALS);
      }
      const blocked = await client.post(
        Api.accountLogin,
        { account: 'someone-else', password: 'wrong-password1' },
        { headers: { 'x-forwarded-for': '198.51.100.250' } },
      );
      // Past the address's limit a sign-in needs a captcha, whatever address the header claims.
      expect(blocked.code).toBe(Code.CAPTCHA_REQUIRED);
    });
  });

  describe('with TRUST_PROXY naming the proxy', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect, { modules: [peerProbe], env: { TRUST_PROXY: '127.0.0.1' } });
    });
    afterAll(() => server.close());

    it("takes the proxy's word for the client", async () => {
      expect(await peer(server, FORGED)).toEqual({
        ip: '203.0.113.9',
        host: 'evil.example',
        protocol: 'https',
      });
    });
  });

  describe('with TRUST_PROXY as a hop count', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect, { modules: [peerProbe], env: { TRUST_PROXY: '1' } });
    });
    afterAll(() => server.close());

    it('believes one hop and no more', async () => {
      const seen = await peer(server, { 'x-forwarded-for': '192.0.2.7, 203.0.113.9' });
      expect(seen.ip).toBe('203.0.113.9');
    });
  });
});
