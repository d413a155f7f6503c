import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { BlobTooLargeError } from './blob-store.js';
import { FsBlobStore } from './fs-store.js';

describe('FsBlobStore', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'pc-blobs-'));
  const store = new FsBlobStore(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('stores by SHA-256 with MD5 and SHA-1 from the same pass, and reads ranges', async () => {
    const bytes = randomBytes(300_000);
    const info = await store.put(Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]));
    expect(info.key).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(info.md5).toBe(createHash('md5').update(bytes).digest('hex'));
    expect(info.sha1).toBe(createHash('sha1').update(bytes).digest('hex'));
    expect(info.size).toBe(bytes.length);
    expect(await buffer(await store.get(info.key))).toEqual(bytes);
    expect(await buffer(await store.get(info.key, { start: 10, end: 19 }))).toEqual(bytes.subarray(10, 20));
    expect(await store.stat(info.key)).toEqual({ size: bytes.length });
    await store.delete(info.key);
    expect(await store.stat(info.key)).toBeNull();
  });

  it('leaves nothing behind when the stream is too long or fails', async () => {
    await expect(store.put(Readable.from([randomBytes(2000)]), { maxBytes: 1000 })).rejects.toBeInstanceOf(
      BlobTooLargeError,
    );
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put(failing)).rejects.toThrow('client went away');
    expect(readdirSync(path.join(root, 'tmp'))).toEqual([]);
  });
});
