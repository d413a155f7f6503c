import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What the server sends compressed (http/web-assets.ts keeps the same list and floor). */
export const COMPRESSIBLE = /\.(?:js|css|svg|json|wasm)$/;
/** Below this a compressed copy saves too little to be worth a second file. */
export const MIN_BYTES = 1024;

/** The Brotli (quality 11) and gzip (level 9) copies of one file's bytes. */
export async function compressedCopies(bytes: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gzipped] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gz(bytes, { level: 9 }),
  ]);
  return { br, gz: gzipped };
}

/**
 * Writes `name.br` and `name.gz` beside each script, style sheet and data file of the build's
 * `assets`: the server sends them as they are (Brotli to a browser that takes it, about a
 * quarter smaller than gzip on this portal's scripts) instead of compressing every file at each
 * start. Quality 11 costs seconds once per build, which a server could not spend per start.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'phonecloud:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter(
        (name) => name.startsWith('assets/') && COMPRESSIBLE.test(name),
      );
      // zlib's async calls run on libuv's threads: the files are compressed side by side.
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          if ((await stat(file)).size < MIN_BYTES) return;
          const copies = await compressedCopies(await readFile(file));
          await Promise.all([writeFile(`${file}.br`, copies.br), writeFile(`${file}.gz`, copies.gz)]);
        }),
      );
    },
  };
}
