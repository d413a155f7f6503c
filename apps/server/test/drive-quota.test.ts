import { DriveCode, DriveMsg, UPLOAD_IDLE_MINUTES, type V2File } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/housekeeping.js';
import { DriveService } from '../src/modules/drive/service.js';
import { TEST_DIALECTS } from './support/db.js';
import { bytesOf, driveUser, sha256 } from './support/drive.js';
import { startTestServer, type TestServer } from './support/server.js';

const TOTAL = Math.round(0.001 * 1024 ** 3);

describe.each(TEST_DIALECTS)('drive quota and housekeeping [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { FREE_SPACE_GB: '0.001' } });
  });
  afterAll(() => server.close());
  const usage = (userId: number) => new DriveService(server.deps).quota.usage(userId);

  it('refuses an upload over the quota in both faces; the bin counts until purged', async () => {
    const u = await driveUser(server);
    const first = await u.uploadV2('a.bin', bytesOf(600_000));
    expect(first.code).toBe(0);
    expect(await u.uploadV2('b.bin', bytesOf(600_000))).toMatchObject({
      code: DriveCode.QUOTA_EXCEEDED,
      message: DriveMsg.QUOTA_EXCEEDED,
    });
    const v1 = await u.uploadV1('b.bin', bytesOf(600_000));
    expect(v1.body.code).toBe(DriveCode.QUOTA_EXCEEDED);
    expect((await u.v2('/file/delete', { file_id: first.data?.file_id })).code).toBe(0);
    expect((await u.uploadV2('b.bin', bytesOf(600_000))).code).toBe(DriveCode.QUOTA_EXCEEDED);
    expect((await u.v2('/recyclebin/delete', { file_id: first.data?.file_id })).code).toBe(0);
    expect((await u.uploadV2('b.bin', bytesOf(600_000))).code).toBe(0);
    expect(await usage(u.user.id)).toEqual({ used: 600_000, reserved: 0, total: TOTAL });
    // The home page's drive figure is the same number.
    expect((await u.client.get<{ used: number }>('/space/drive_quota.do')).data?.used).toBe(600_000);
  });

  it('never goes over the quota with parallel uploads in both faces', async () => {
    const u = await driveUser(server);
    const size = 200_000;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0
          ? u.uploadV1(`p${i}.bin`, bytesOf(size)).then((r) => r.body.code)
          : u.uploadV2(`p${i}.bin`, bytesOf(size)).then((r) => r.code),
      ),
    );
    const fits = Math.floor(TOTAL / size);
    expect(results.filter((c) => c === 0)).toHaveLength(fits);
    expect(results.filter((c) => c === DriveCode.QUOTA_EXCEEDED)).toHaveLength(12 - fits);
    const q = await usage(u.user.id);
    expect(q.used).toBe(fits * size);
    expect(q.used).toBeLessThanOrEqual(TOTAL);
    expect(q.reserved).toBe(0);
  });

  it('drops a part upload idle for an hour, keeps one whose parts keep coming', async () => {
    const u = await driveUser(server);
    type Created = { upload_id: string; part_info_list: Array<{ upload_url: string; part_size: number }> };
    const size = 300_000;
    const idle = await u.v2<Created>('/file/create', {
      parent_file_id: 'root',
      name: 'idle.bin',
      type: 'file',
      size,
    });
    const moving = await u.v2<Created>('/file/create', {
      parent_file_id: 'root',
      name: 'moving.bin',
      type: 'file',
      size,
    });
    expect(idle.code, idle.message).toBe(0);
    expect((await usage(u.user.id)).reserved).toBe(2 * size);
    server.clock.advance((UPLOAD_IDLE_MINUTES - 10) * 60_000);
    const first = moving.data?.part_info_list[0];
    const put = await fetch(first?.upload_url ?? '', { method: 'PUT', body: bytesOf(first?.part_size ?? 0) });
    expect(put.status).toBe(200);
    server.clock.advance(11 * 60_000);
    await purgeExpired(server.deps);
    expect((await usage(u.user.id)).reserved).toBe(size);
    const stale = idle.data?.part_info_list[0];
    const late = await fetch(stale?.upload_url ?? '', {
      method: 'PUT',
      body: bytesOf(stale?.part_size ?? 0),
    });
    expect(((await late.json()) as { code: number }).code).not.toBe(0);
    server.clock.advance(UPLOAD_IDLE_MINUTES * 60_000);
    await purgeExpired(server.deps);
    expect((await usage(u.user.id)).reserved).toBe(0);
  });

  it('drops abandoned uploads after 24 h, purges the bin after 30 days, removes unreferenced blobs', async () => {
    const u = await driveUser(server);
    const created = await u.v2<{ upload_id: string; part_info_list: Array<{ upload_url: string }> }>(
      '/file/create',
      {
        parent_file_id: 'root',
        name: 'half.bin',
        type: 'file',
        size: 300_000,
      },
    );
    expect((await usage(u.user.id)).reserved).toBe(300_000);
    const bytes = bytesOf(123_457);
    const kept = await u.uploadV2('kept.bin', bytes);
    const gone = await u.uploadV2('gone.bin', bytesOf(5000));
    await u.v2('/file/delete', { file_id: gone.data?.file_id });
    const goneKey = (
      await new DriveService(server.deps).items.get(server.deps.db, u.user.id, Number(gone.data?.file_id))
    )?.blob_key as string;
    expect(await server.deps.blobs.stat(goneKey)).toEqual({ size: 5000 });

    server.clock.advance(25 * 60 * 60_000);
    await purgeExpired(server.deps);
    expect(await usage(u.user.id)).toMatchObject({ reserved: 0, used: 123_457 + 5000 });
    const url = created.data?.part_info_list[0]?.upload_url ?? '';
    expect(
      ((await (await fetch(url, { method: 'PUT', body: bytesOf(300_000) })).json()) as { code: number }).code,
    ).not.toBe(0);

    server.clock.advance(30 * 24 * 60 * 60_000);
    await purgeExpired(server.deps);
    expect((await usage(u.user.id)).used).toBe(123_457);
    // The bin is empty and the content of the purged file is removed once the grace passed.
    server.clock.advance(2 * 60 * 60_000);
    await purgeExpired(server.deps);
    expect(await server.deps.blobs.stat(goneKey)).toBeNull();
    const row = await server.deps.db
      .selectFrom('drive_blobs')
      .select('key')
      .where('key', '=', goneKey)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    const keptRow = await new DriveService(server.deps).items.get(
      server.deps.db,
      u.user.id,
      Number(kept.data?.file_id),
    );
    expect(keptRow?.blob_key).toBe(sha256(bytes));
    expect(await server.deps.blobs.stat(sha256(bytes))).toEqual({ size: bytes.length });
  });

  it('keeps the quota per user: one user filling up does not touch another', async () => {
    const a = await driveUser(server);
    const b = await driveUser(server, { paidGb: 1 });
    expect((await a.uploadV2('a.bin', bytesOf(1_000_000))).code).toBe(0);
    const big = await b.uploadV2('b.bin', bytesOf(2_000_000));
    expect(big.code).toBe(0);
    expect((big.data as V2File).size).toBe(2_000_000);
    expect((await b.v2<{ total_size: number }>('/drive/get')).data?.total_size).toBe(TOTAL + 1024 ** 3);
  });
});
