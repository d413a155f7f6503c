import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
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
// Below this a compressed copy saves too little to be worth a second buffer. The same floor and
// kinds as the build's copies (apps/web/build/precompress.ts).
const GZIP_MIN_BYTES = 1024;
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.wasm']);

type Encoding = 'br' | 'gzip';

interface Asset {
  type: string;
  body: Buffer;
  /** The compressed copies, the smallest first (Brotli, then gzip). */
  encoded: Map<Encoding, Buffer>;
  /** What negotiation may choose: the copies' encodings, then the bytes as they are. */
  offers: string[];
}

/** The build's own copy (`name.br`, `name.gz`, apps/web/build/precompress.ts) when it made one. */
function readCopy(file: string): Buffer | null {
  return existsSync(file) ? readFileSync(file) : null;
}

/**
 * A file's compressed copies: those the build wrote beside it, and a gzip copy made here for a
 * build without them (compressing every script at each start cost 0.1-0.6 s of it).
 */
function encodedCopies(file: string, ext: string, body: Buffer): Map<Encoding, Buffer> {
  const encoded = new Map<Encoding, Buffer>();
  if (!COMPRESSIBLE.has(ext) || body.length < GZIP_MIN_BYTES) return encoded;
  const br = readCopy(`${file}.br`);
  if (br) encoded.set('br', br);
  encoded.set('gzip', readCopy(`${file}.gz`) ?? gzipSync(body));
  return encoded;
}

/** Reads every file of the build's `assets` folder (hashed names) into memory, with compressed copies. */
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
    const file = path.join(dir, name);
    const body = readFileSync(file);
    const encoded = encodedCopies(file, ext, body);
    assets.set(name, { type, body, encoded, offers: [...encoded.keys(), 'identity'] });
  }
  return assets;
}

/**
 * The portal's scripts and styles straight from memory. They are small (a few MB), never change
 * for a build (their names carry a hash) and sit on the path of every first paint: answered in
 * one turn of the event loop, they are not held up by a large answer streaming out at the same
 * time, and a browser on a slow line gets them compressed (Brotli where it takes it). A name not
 * loaded at start-up (a build made while the server runs) falls through to the static file server.
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
    const chosen = typeof accept === 'string' ? negotiate(accept, asset.offers) : null;
    const encoded = asset.encoded.get(chosen as Encoding);
    if (chosen && encoded) return reply.header('content-encoding', chosen).send(encoded);
    return reply.send(asset.body);
  });
}
