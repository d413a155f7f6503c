import type { V1ListResult } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveModule } from '../src/modules/drive/module.js';
import { TEST_DIALECTS } from './support/db.js';
import { driveUser } from './support/drive.js';
import { startTestServer, type TestServer } from './support/server.js';

describe.each(TEST_DIALECTS)('drive demo data [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('gives the demo account folders and files of several kinds and sizes', async () => {
    const u = await driveUser(server);
    await driveModule.seedDemo?.(server.deps, u.user.id);
    const root = await u.client.get<V1ListResult>('/v1/files/list.json', { pid: 999 });
    const names = root.data?.list.map((i) => `${i.type}:${i.name}`) ?? [];
    expect(names).toEqual(
      expect.arrayContaining(['folder:文档', 'folder:照片', 'folder:视频', 'file:欢迎使用云盘.txt']),
    );
    const photos = root.data?.list.find((i) => i.name === '照片');
    const inside = await u.client.get<V1ListResult>('/v1/files/list.json', { pid: photos?.id ?? 0 });
    const png = inside.data?.list.find((i) => i.name === '日落.png');
    const url = await u.client.post<{ url: string }>('/v1/files/downloadUrl.json', { ids: String(png?.id) });
    const got = await u.download(url.data?.url ?? '');
    expect(got.res.headers.get('content-type')).toBe('image/png');
    expect(got.bytes.subarray(1, 4).toString()).toBe('PNG');
    const used = (await u.client.get<{ used: number }>('/v1/users/queryQuota.json')).data?.used ?? 0;
    expect(used).toBeGreaterThan(3 * 1024 * 1024);
  });

  it('names UPLOAD_BASE_URL as the upload host when it is set', async () => {
    const other = await startTestServer(dialect, {
      env: { UPLOAD_BASE_URL: 'https://up.example.com/ignored' },
    });
    try {
      const u = await driveUser(other);
      expect((await u.uploadUrl()).secureUploadDomain).toBe('https://up.example.com');
    } finally {
      await other.close();
    }
  });
});
