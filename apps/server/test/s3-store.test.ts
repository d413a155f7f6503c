import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobTooLargeError } from '../src/storage/blob-store.js';
import { S3BlobStore } from '../src/storage/s3-store.js';
import { driveUser, sha256 } from './support/drive.js';
import { startTestServer } from './support/server.js';

/** The S3 store against a real S3-protocol server (s3rver) started here, on loopback. */
describe('S3BlobStore', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pc-s3-'));
  let s3: S3rver;
  let endpoint = '';
  let store: S3BlobStore;
  const env = () => ({
    S3_ENDPOINT: endpoint,
    S3_BUCKET: 'blobs',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'pc/',
  });

  beforeAll(async () => {
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'blobs' }],
    });
    const address = await s3.run();
    endpoint = `http://127.0.0.1:${address.port}`;
    store = new S3BlobStore({ ...toOpts(env()) });
  });
  afterAll(async () => {
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const tmpObjects = async () =>
    (await store.client.send(new ListObjectsV2Command({ Bucket: 'blobs', Prefix: 'pc/tmp/' }))).Contents ??
    [];

  it('stores by SHA-256 with MD5 and SHA-1 from the same pass, for small and multi-part sizes', async () => {
    for (const size of [0, 1, 204801, 20 * 1024 * 1024 + 3]) {
      const bytes = randomBytes(size);
      const info = await store.put(Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]));
      expect(info.key).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(info.md5).toBe(createHash('md5').update(bytes).digest('hex'));
      expect(info.sha1).toBe(createHash('sha1').update(bytes).digest('hex'));
      expect(info.size).toBe(size);
      expect(await store.stat(info.key)).toEqual({ size });
      expect(sha256(await buffer(await store.get(info.key)))).toBe(info.key);
      if (size > 20) {
        expect(await buffer(await store.get(info.key, { start: 10, end: 19 }))).toEqual(
          bytes.subarray(10, 20),
        );
      }
    }
    expect(await tmpObjects()).toEqual([]);
  });

  it('keeps one object for the same content, deletes, and reports missing blobs', async () => {
    const bytes = randomBytes(5000);
    const a = await store.put(Readable.from([bytes]));
    const b = await store.put(Readable.from([bytes]));
    expect(b.key).toBe(a.key);
    await store.delete(a.key);
    expect(await store.stat(a.key)).toBeNull();
  });

  it('leaves nothing behind when the stream is too long or fails', async () => {
    await expect(store.put(Readable.from([randomBytes(20_000)]), { maxBytes: 1000 })).rejects.toBeInstanceOf(
      BlobTooLargeError,
    );
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put(failing)).rejects.toThrow('client went away');
    expect(await tmpObjects()).toEqual([]);
  });

  it('sweeps temporary objects older than a day', async () => {
    await store.client.send(
      new PutObjectCommand({ Bucket: 'blobs', Key: 'pc/tmp/left-by-a-crash', Body: 'x' }),
    );
    await store.sweep(Date.now());
    expect((await tmpObjects()).length).toBe(1);
    await store.sweep(Date.now() + 2 * 24 * 60 * 60_000);
    expect(await tmpObjects()).toEqual([]);
  });

  it('serves the drive through the app when S3_* is configured', async () => {
    const server = await startTestServer('sqlite', { env: env() });
    try {
      expect(server.deps.blobs).toBeInstanceOf(S3BlobStore);
      const u = await driveUser(server);
      const bytes = randomBytes(12 * 1024 * 1024 + 5);
      const done = await u.uploadV2('s3.bin', bytes);
      expect(done.code, done.message).toBe(0);
      const url = await u.v2<{ url: string }>('/file/get_download_url', { file_id: done.data?.file_id });
      const got = await u.download(url.data?.url ?? '', { range: 'bytes=100-199' });
      expect(got.bytes).toEqual(bytes.subarray(100, 200));
      expect(sha256((await u.download(url.data?.url ?? '')).bytes)).toBe(sha256(bytes));
    } finally {
      await server.close();
    }
  });
});

function toOpts(e: Record<string, string>) {
  return {
    endpoint: e.S3_ENDPOINT ?? '',
    bucket: e.S3_BUCKET ?? '',
    region: 'us-east-1',
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    prefix: e.S3_PREFIX ?? '',
  };
}
