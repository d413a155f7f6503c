import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { BlobTooLargeError } from './blob-store.js';
import { FsBlobStore } from './fs-store.js';
import { StagingBusyError, StagingClosedError } from './staging.js';

const PART = 64 * 1024;
const digests = (b: Buffer) => ({
  key: createHash('sha256').update(b).digest('hex'),
  size: b.length,
  sha256: createHash('sha256').update(b).digest('hex'),
  md5: createHash('md5').update(b).digest('hex'),
  sha1: createHash('sha1').update(b).digest('hex'),
});
const part = (bytes: Buffer, n: number) => bytes.subarray(n * PART, (n + 1) * PART);
let counter = 0;
const newId = () => `upload-${process.pid}-${++counter}`;

describe('FsStaging', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'pc-staging-'));
  const store = new FsBlobStore(root);
  const staging = store.staging;
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('assembles parts written in order into the blob of the whole, with the three digests', async () => {
    const bytes = randomBytes(PART * 3 + 123);
    const id = newId();
    await staging.create(id);
    for (let n = 0; n * PART < bytes.length; n++) {
      const p = part(bytes, n);
      expect(await staging.write(id, n * PART, p.length, Readable.from([p]))).toBe(p.length);
    }
    expect(await staging.commit(id, bytes.length)).toEqual(digests(bytes));
    expect(await buffer(await store.get(digests(bytes).key))).toEqual(bytes);
    expect(await staging.has(id)).toBe(false);
  });

  it('hashes right when parts come out of order, twice, or in parallel', async () => {
    const bytes = randomBytes(PART * 4);
    const id = newId();
    await staging.create(id);
    const put = (n: number, data = part(bytes, n)) =>
      staging.write(id, n * PART, PART, Readable.from([data]));
    await put(2);
    await put(0);
    await Promise.all([put(1), put(3)]);
    // A part already handed to the hasher, sent again (other bytes first, then the right ones).
    await put(0, randomBytes(PART));
    await put(0);
    expect(await staging.commit(id, bytes.length)).toEqual(digests(bytes));
  });

  it('hashes a large part while it streams, and stays right when it is cut short or sent again', async () => {
    // Parts over the hashing step (8 MiB) are handed to the hasher while they stream.
    const BIG = 20 * 1024 * 1024;
    const bytes = randomBytes(BIG * 2 + 5);
    const at = (n: number) => bytes.subarray(n * BIG, Math.min(bytes.length, (n + 1) * BIG));
    const id = newId();
    await staging.create(id);
    // The first part cut off after 12 MiB (the hasher has had some of it), then sent whole.
    const cut = new PassThrough();
    const failing = staging.write(id, 0, BIG, cut).catch((err: unknown) => err);
    for (let o = 0; o < 12 * 1024 * 1024; o += 1024 * 1024) cut.write(randomBytes(1024 * 1024));
    await new Promise((r) => setTimeout(r, 100));
    cut.destroy(new Error('client went away'));
    expect(await failing).toBeInstanceOf(Error);
    expect(await staging.write(id, 0, BIG, Readable.from([at(0)]))).toBe(BIG);
    expect(await staging.write(id, BIG, BIG, Readable.from([at(1)]))).toBe(BIG);
    // The second part again, other bytes first (after the hasher had it all), then the right ones.
    await staging.write(id, BIG, BIG, Readable.from([randomBytes(BIG)]));
    await staging.write(id, BIG, BIG, Readable.from([at(1)]));
    await staging.write(id, BIG * 2, 5, Readable.from([at(2)]));
    expect(await staging.commit(id, bytes.length)).toEqual(digests(bytes));

    // In order, in small chunks, nothing sent twice: the digests the hasher followed.
    const again = newId();
    await staging.create(again);
    for (let n = 0; n < 3; n++) {
      const p = at(n);
      const chunks = Array.from({ length: Math.ceil(p.length / 65536) }, (_, i) =>
        p.subarray(i * 65536, (i + 1) * 65536),
      );
      expect(await staging.write(again, n * BIG, p.length, Readable.from(chunks))).toBe(p.length);
    }
    expect(await staging.commit(again, bytes.length)).toEqual(digests(bytes));
  });

  it('refuses a part longer than announced, reports a short one, and no commit while a part streams', async () => {
    const bytes = randomBytes(PART * 2);
    const id = newId();
    await staging.create(id);
    await expect(staging.write(id, 0, PART, Readable.from([randomBytes(PART + 1)]))).rejects.toBeInstanceOf(
      BlobTooLargeError,
    );
    expect(await staging.write(id, 0, PART, Readable.from([randomBytes(10)]))).toBe(10);
    await staging.write(id, 0, PART, Readable.from([part(bytes, 0)]));
    const slow = new PassThrough();
    slow.write(part(bytes, 1).subarray(0, 100));
    const streaming = staging.write(id, PART, PART, slow);
    await new Promise((r) => setTimeout(r, 20));
    await expect(staging.commit(id, bytes.length)).rejects.toBeInstanceOf(StagingBusyError);
    slow.end(part(bytes, 1).subarray(100));
    expect(await streaming).toBe(PART);
    expect(await staging.commit(id, bytes.length)).toEqual(digests(bytes));
    await expect(staging.write(id, 0, PART, Readable.from([part(bytes, 0)]))).rejects.toBeInstanceOf(
      StagingClosedError,
    );
  });

  it('cuts off a part still streaming when the upload is dropped', async () => {
    const id = newId();
    await staging.create(id);
    const slow = new PassThrough();
    slow.write(randomBytes(100));
    const streaming = staging.write(id, 0, PART, slow).catch((err: unknown) => err);
    await new Promise((r) => setTimeout(r, 20));
    await staging.discard(id);
    expect(await streaming).toBeInstanceOf(StagingClosedError);
    expect(await staging.has(id)).toBe(false);
  });

  it('drops a discarded upload and sweeps day-old leftovers', async () => {
    const id = newId();
    await staging.create(id);
    await staging.write(id, 0, PART, Readable.from([randomBytes(PART)]));
    await staging.discard(id);
    expect(await staging.has(id)).toBe(false);
    const left = newId();
    await staging.create(left);
    await store.sweep(Date.now());
    expect(await staging.has(left)).toBe(true);
    await store.sweep(Date.now() + 3 * 24 * 60 * 60_000);
    expect(readdirSync(path.join(root, 'staging'))).toEqual([]);
  });
});
