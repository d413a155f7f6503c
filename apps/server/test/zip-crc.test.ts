import { execFileSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';

const require = createRequire(import.meta.url);

// buffer-crc32 1.0.0's algorithm (its table loop): what the stand-in must answer.
const TABLE = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});
function reference(buf: Buffer, previous?: number | Buffer): number {
  const prev = Buffer.isBuffer(previous) ? previous.readUInt32BE(0) : (previous ?? 0);
  let crc = ~~prev ^ -1;
  for (let n = 0; n < buf.length; n++) crc = (TABLE[(crc ^ (buf[n] ?? 0)) & 255] ?? 0) ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

/** The zip writer's CRC-32 is the workspace's stand-in over zlib (packages/crc32-zlib). */
describe('CRC-32 of the zips', () => {
  const yazlRequire = createRequire(require.resolve('yazl'));
  const crc32 = yazlRequire('buffer-crc32') as {
    (buf: Buffer, prev?: number | Buffer): Buffer;
    unsigned(buf: Buffer, prev?: number | Buffer): number;
    signed(buf: Buffer, prev?: number | Buffer): number;
  };

  it('is the stand-in for the package yazl asks for', () => {
    expect(yazlRequire.resolve('buffer-crc32')).toMatch(/packages[\\/]crc32-zlib[\\/]index\.cjs$/);
  });

  it("answers buffer-crc32's values for every form of call, empty buffers included", () => {
    expect(crc32.unsigned(Buffer.from('The quick brown fox jumps over the lazy dog'))).toBe(0x414fa339);
    for (let i = 0; i < 100; i++) {
      for (const size of [0, 1, 7, 1000, 65537]) {
        const buf = randomBytes(size);
        const prev = randomInt(0, 2 ** 31);
        const prevBuf = crc32(randomBytes(5));
        expect(crc32.unsigned(buf)).toBe(reference(buf));
        expect(crc32.unsigned(buf, prev)).toBe(reference(buf, prev));
        expect(crc32.unsigned(buf, prevBuf)).toBe(reference(buf, prevBuf));
        expect(crc32.signed(buf, prev)).toBe(reference(buf, prev) | 0);
        expect(crc32(buf, prev).readUInt32BE(0)).toBe(reference(buf, prev));
      }
    }
  });

  it('writes zips that another reader finds whole (python zipfile checks every CRC)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pc-zip-crc-'));
    try {
      const file = path.join(dir, 'a.zip');
      const zip = new yazl.ZipFile();
      zip.addBuffer(randomBytes(3 * 1024 * 1024 + 5), 'stored.bin', { compress: false });
      zip.addBuffer(Buffer.from('便签'.repeat(1000)), 'text.txt');
      zip.addBuffer(Buffer.alloc(0), 'empty.txt');
      zip.end();
      const out = createWriteStream(file);
      zip.outputStream.pipe(out);
      await finished(out);
      const bad = execFileSync('python3', [
        '-c',
        'import sys,zipfile; print(zipfile.ZipFile(sys.argv[1]).testzip())',
        file,
      ])
        .toString()
        .trim();
      expect(bad).toBe('None');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
