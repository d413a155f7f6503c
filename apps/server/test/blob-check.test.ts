import { randomBytes } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/index.js';
import { registry } from '../src/lib/metrics.js';
import { checkBlobs, damagedCountQuery, damagedRowsQuery } from '../src/storage/blob-check.js';
import { BlobIndex } from '../src/storage/blob-index.js';
import { FsBlobStore } from '../src/storage/fs-store.js';
import { runAdmin } from './support/backup.js';
import { buildServer } from './support/built-server.js';
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
    expect(first.damaged.map((d) => d.key).sort()).toEqual([flipped, cut, gone].sort());
    expect(first.damaged.find((d) => d.key === gone)?.problem).toBe('missing');
    expect(first.damaged.find((d) => d.key === cut)?.problem).toBe(
      `1000 bytes where the index says ${64 * KIB}`,
    );
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
    expect(second.damaged.map((d) => d.key).sort()).toEqual([cut, gone].sort());
    expect((await rowOf(flipped)).damaged_at).toBeNull();
    expect(Number((await rowOf(cut)).damaged_at)).toBe(since);
    expect(await damagedGauge()).toBe(2);
  });

  /** Writes every blob's bytes back and checks them all: no blob is marked damaged after. */
  async function allRight() {
    for (const key of keys) writeFileSync(store.fileOf(key), bytesOf.get(key) ?? Buffer.alloc(0));
    server.clock.advance(60_000);
    expect((await checkBlobs(server.deps.db, store, server.clock.now(), 1024 * KIB)).damaged).toEqual([]);
  }

  it('reads a budget per run and goes on from the least recently checked', async () => {
    await allRight();
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

  it('re-reads the damaged ones first each run, with at most half its budget', async () => {
    await allRight();
    const [put, left, ...healthy] = keys as [string, string, ...string[]];
    for (const key of [put, left]) {
      const bytes = Buffer.from(bytesOf.get(key) ?? Buffer.alloc(0));
      bytes[7] = (bytes[7] ?? 0) ^ 1;
      writeFileSync(store.fileOf(key), bytes);
    }
    server.clock.advance(60_000);
    const since = server.clock.now();
    await checkBlobs(server.deps.db, store, since, 1024 * KIB);
    // The healthy ones' last check is the oldest: the walk alone would read them first.
    await server.deps.db
      .updateTable('drive_blobs')
      .set({ checked_at: 1 })
      .where('key', 'in', healthy)
      .execute();

    server.clock.advance(60_000);
    const half = await checkBlobs(server.deps.db, store, server.clock.now(), 128 * KIB);
    expect(half.checked).toBe(2);
    expect(half.damaged).toHaveLength(1);

    // Put right (the same bytes stored again): cleared by the next run, however long the walk.
    await store.put(Readable.from([bytesOf.get(put) ?? Buffer.alloc(0)]));
    server.clock.advance(60_000);
    const next = await checkBlobs(server.deps.db, store, server.clock.now(), 256 * KIB);
    expect(next.checked).toBe(4);
    expect(next.damaged.map((d) => d.key)).toEqual([left]);
    expect((await rowOf(put)).damaged_at).toBeNull();
    expect(Number((await rowOf(left)).damaged_at)).toBe(since);
    expect(await damagedGauge()).toBe(1);
  });

  it('counts the damaged blobs through their own index, not a scan of every blob', async () => {
    const db = server.deps.db;
    if (dialect === 'sqlite') {
      for (const query of [damagedCountQuery(db), damagedRowsQuery(db)]) {
        const { sql: text, parameters } = query.compile();
        const values = [...parameters];
        const plan = await sql
          .raw(`EXPLAIN QUERY PLAN ${text}`.replace(/\?/g, () => String(values.shift())))
          .execute(db);
        const steps = (plan.rows as Array<{ detail: string }>).map((r) => r.detail).join('; ');
        expect(steps).toContain('drive_blobs_damaged');
        expect(steps).not.toMatch(/SCAN drive_blobs(?! USING)/);
      }
    } else {
      const { rows } = await sql<{ indexdef: string }>`
        select indexdef from pg_indexes where indexname = 'drive_blobs_damaged'`.execute(db);
      expect(rows[0]?.indexdef).toMatch(/WHERE \(damaged_at IS NOT NULL\)/);
    }
  });
});

describe('npm run admin -- blobs check [sqlite]', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'pc-blob-check-'));
  const dataDir = path.join(work, 'data');
  const backupDir = path.join(work, 'backup');
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  async function storeBlobs(store: FsBlobStore, count: number) {
    mkdirSync(dataDir, { recursive: true });
    const handle = await openDb({ dataDir });
    try {
      const made: Array<{ key: string; bytes: Buffer }> = [];
      for (let i = 0; i < count; i++) {
        const bytes = randomBytes(32 * KIB);
        const info = await store.put(Readable.from([bytes]));
        await new BlobIndex(handle.db).ref(handle.db, info, Date.now());
        made.push({ key: info.key, bytes });
      }
      return made;
    } finally {
      await handle.close();
    }
  }

  it('reads the whole store at once, names what is damaged or missing, puts back what a backup holds', {
    timeout: 120_000,
  }, async () => {
    const store = new FsBlobStore(path.join(dataDir, 'blobs'));
    const [flipped, gone] = (await storeBlobs(store, 3)) as Array<{ key: string; bytes: Buffer }>;
    buildServer();
    expect((await runAdmin({ DATA_DIR: dataDir }, ['backup', 'create', backupDir])).code).toBe(0);
    const [later] = (await storeBlobs(store, 1)) as Array<{ key: string; bytes: Buffer }>;
    if (!flipped || !gone || !later) throw new Error('blobs not stored');
    for (const b of [flipped, later]) {
      const bytes = Buffer.from(b.bytes);
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      writeFileSync(store.fileOf(b.key), bytes);
    }
    unlinkSync(store.fileOf(gone.key));

    const failed = await runAdmin({ DATA_DIR: dataDir }, ['blobs', 'check']);
    expect(failed.code, failed.err).toBe(1);
    expect(failed.err).toContain(`blob ${flipped.key}: its bytes hash to`);
    expect(failed.err).toContain(`blob ${gone.key}: missing`);
    expect(failed.err).toContain(`blobs check FAILED: 3 of 4 blobs`);

    // The blob stored after the backup has no copy there: it stays damaged, the others come back.
    const repaired = await runAdmin({ DATA_DIR: dataDir }, ['blobs', 'check', '--repair-from', backupDir]);
    expect(repaired.code).toBe(1);
    expect(repaired.out).toContain(`blob ${flipped.key}: its bytes hash to`);
    expect(repaired.out).toContain(`blob ${gone.key}: missing; put back from ${backupDir}`);
    expect(repaired.err).toContain(`blob ${later.key}: its bytes hash to`);
    expect(repaired.err).toContain('not put back: the backup folder has no copy of it');
    expect(readFileSync(store.fileOf(flipped.key))).toEqual(flipped.bytes);
    expect(readFileSync(store.fileOf(gone.key))).toEqual(gone.bytes);

    writeFileSync(store.fileOf(later.key), later.bytes);
    const ok = await runAdmin({ DATA_DIR: dataDir }, ['blobs', 'check']);
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).toContain(`blobs ok: 4 blobs (${4 * 32 * KIB} bytes) read and matched`);
  });
});
