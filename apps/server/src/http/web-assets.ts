import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};
// Below this a gzip copy saves too little to be worth a second buffer.
const GZIP_MIN_BYTES = 1024;
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.wasm']);

interface Asset {
  type: string;
  body: Buffer;
  gzip: Buffer | null;
}

/** Reads every file of the build's `assets` folder (hashed names) into memory, with gzip copies. */
function loadAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return assets;
  }
  for (const name of names) {
    const ext = path.extname(name);
    const type = TYPES[ext];
    if (!type) continue;
    const body = readFileSync(path.join(dir, name));
    const gzip = COMPRESSIBLE.has(ext) && body.length >= GZIP_MIN_BYTES ? gzipSync(body) : null;
    assets.set(name, { type, body, gzip });
  }
  return assets;
}

/**
 * The portal's scripts and styles straight from memory. They are small (a few MB), never change
 * for a build (their names carry a hash) and sit on the path of every first paint: answered in
 * one turn of the event loop, they are not held up by a large answer streaming out at the same
 * time, and a browser on a slow line gets them gzipped. A name not loaded at start-up (a build
 * made while the server runs) falls through to the static file server.
 */
export function serveAssetsFromMemory(app: FastifyInstance, webDist: string): void {
  const assets = loadAssets(path.join(webDist, 'assets'));
  app.get<{ Params: { name: string } }>('/assets/:name', (req, reply) => {
    const asset = assets.get(req.params.name);
    if (!asset) return reply.sendFile(path.join('assets', req.params.name));
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('vary', 'accept-encoding')
      .type(asset.type);
    const accept = req.headers['accept-encoding'];
    if (asset.gzip && typeof accept === 'string' && /\bgzip\b/.test(accept)) {
      return reply.header('content-encoding', 'gzip').send(asset.gzip);
    }
    return reply.send(asset.body);
  });
}
