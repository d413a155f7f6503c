import { randomBytes } from 'node:crypto';
import { truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../src/lib/metrics.js';
import { checkBlobs } from '../src/storage/blob-check.js';
import { BlobIndex } from '../src/storage/blob-index.js';
import type { FsBlobStore } from '../src/storage/fs-store.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

const KIB = 1024;

async function damagedGauge(): Promise<number> {
  const metric = await registry.getSingleMetric('phonecloud_blobs_damaged')?.get();
  return Number(metric?.values[0]?.value);
}

/**
 * The store check finds what a backup no longer re-reads: live blobs whose bytes changed on disk,
 * were cut short or went missing, a budget's worth per run, the least recently checked first.
 */
describe.each(TEST_DIALECTS)('the store check re-reads blobs against their names [%s]', (dialect) => {
  let server: TestServer;
  let store: FsBlobStore;
  const keys: string[] = [];
  const bytesOf = new Map<string, Buffer>();

  beforeAll(async () => {
    server = await startTestServer(dialect);
    store = server.deps.blobs as FsBlobStore;
    const index = new BlobIndex(server.deps.db);
    for (let i = 0; i < 6; i++) {
      const bytes = randomBytes(64 * KIB);
      const info = await store.put(Readable.from([bytes]));
      await index.ref(server.deps.db, info, server.clock.now());
      keys.push(info.key);
      bytesOf.set(info.key, bytes);
    }
  });
  afterAll(() => server.close());

  const rowOf = (key: string) =>
    server.deps.db
      .selectFrom('drive_blobs')
      .select(['checked_at', 'damaged_at'])
      .where('key', '=', key)
      .executeTakeFirstOrThrow();

  it('marks a flipped byte, a cut file and a missing one damaged, and clears a blob put right', async () => {
    const [flipped, cut, gone] = keys as [string, string, string];
    const flippedBytes = Buffer.from(bytesOf.get(flipped) ?? Buffer.alloc(0));
    flippedBytes[100] = (flippedBytes[100] ?? 0) ^ 1;
    writeFileSync(store.fileOf(flipped), flippedBytes);
    truncateSync(store.fileOf(cut), 1000);
    unlinkSync(store.fileOf(gone));

    server.clock.advance(60_000);
    const first = await checkBlobs(server.deps.db, store, server.clock.now(), 1024 * KIB);
    expect(first.checked).toBe(6);
    expect(first.damaged.sort()).toEqual([flipped, cut, gone].sort());
    const since = server.clock.now();
    for (const key of [flipped, cut, gone]) expect(Number((await rowOf(key)).damaged_at)).toBe(since);
    for (const key of keys.slice(3)) {
      const row = await rowOf(key);
      expect(row.damaged_at).toBeNull();
      expect(Number(row.checked_at)).toBe(since);
    }
    expect(await damagedGauge()).toBe(3);

    // The same bytes uploaded again put the file right; a blob still damaged keeps its first day.
    await store.put(Readable.from([bytesOf.get(flipped) ?? Buffer.alloc(0)]));
    server.clock.advance(60_000);
    const second = await checkBlobs(server.deps.db, store, server.clock.now(), 1024 * KIB);
    expect(second.damaged.sort()).toEqual([cut, gone].sort());
    expect((await rowOf(flipped)).damaged_at).toBeNull();
    expect(Number((await rowOf(cut)).damaged_at)).toBe(since);
    expect(await damagedGauge()).toBe(2);
  });

  it('reads a budget per run and goes on from the least recently checked', async () => {
    server.clock.advance(60_000);
    const a = await checkBlobs(server.deps.db, store, server.clock.now(), 128 * KIB);
    expect(a.checked).toBe(2);
    server.clock.advance(60_000);
    const b = await checkBlobs(server.deps.db, store, server.clock.now(), 128 * KIB);
    expect(b.checked).toBe(2);
    server.clock.advance(60_000);
    const c = await checkBlobs(server.deps.db, store, server.clock.now(), 128 * KIB);
    expect(c.checked).toBe(2);
    const checkedAt = await Promise.all(keys.map(async (k) => Number((await rowOf(k)).checked_at)));
    // Three runs of two: each blob once, none twice.
    expect(new Set(checkedAt).size).toBe(3);
    expect(checkedAt.filter((t) => t === server.clock.now())).toHaveLength(2);
    const off = await checkBlobs(server.deps.db, store, server.clock.now() + 1, 0);
    expect(off.checked).toBe(0);
  });
});
