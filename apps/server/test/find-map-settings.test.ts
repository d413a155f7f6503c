import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSP_NONCE_PLACEHOLDER, type PlatformInfo } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tileImageSource } from '../src/config.js';
import { startTestServer, type TestServer } from './support/server.js';

describe('find-my-phone map settings', () => {
  let dist: string;
  const servers: TestServer[] = [];
  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'pc-map-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      `<meta name="csp-nonce" content="${CSP_NONCE_PLACEHOLDER}">`,
    );
    mkdirSync(path.join(dist, 'assets'));
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('without MAP_TILE_URL: no tiles, the pages allow no outside images', async () => {
    const server = await startTestServer('sqlite', { env: { WEB_DIST: dist } });
    servers.push(server);
    const info = await server.client().get<PlatformInfo>('/platform/info.do');
    expect(info.data?.find).toEqual({
      tileUrl: '',
      tileCoords: 'wgs84',
      tileAttribution: '',
      tileSubdomains: '',
    });
    const policy = (await server.client().raw('/')).headers.get('content-security-policy') ?? '';
    expect(policy).toContain("img-src 'self' data: blob:;");
  });

  it('a tile source is exposed with its coordinate system and allowed as images', async () => {
    const url = 'https://webrd0{s}.is.autonavi.com/appmaptile?style=8&x={x}&y={y}&z={z}';
    const server = await startTestServer('sqlite', {
      env: { WEB_DIST: dist, MAP_TILE_URL: url, MAP_TILE_COORDS: 'gcj02', MAP_TILE_SUBDOMAINS: '1234' },
    });
    servers.push(server);
    const info = await server.client().get<PlatformInfo>('/platform/info.do');
    expect(info.data?.find).toEqual({
      tileUrl: url,
      tileCoords: 'gcj02',
      tileAttribution: '',
      tileSubdomains: '1234',
    });
    const policy = (await server.client().raw('/')).headers.get('content-security-policy') ?? '';
    expect(policy).toContain("img-src 'self' data: blob: https://*.is.autonavi.com;");
  });

  it('find is null when the deployment does not serve find-my-phone', async () => {
    const server = await startTestServer('sqlite', { areas: [] });
    servers.push(server);
    const info = await server.client().get<PlatformInfo>('/platform/info.do');
    expect(info.data?.find).toBeNull();
  });

  it('reads the CSP source of a template', () => {
    expect(tileImageSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileImageSource('https://{s}.tile.example.com/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.example.com',
    );
    expect(() => tileImageSource('ftp://x/{z}')).toThrow();
  });
});
