import { writeFileSync } from 'node:fs';
import { DriveMsg, ShareMsg, type V1ListResult, type V2File, type V2ListResult } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBlobs } from '../src/storage/blob-check.js';
import type { FsBlobStore } from '../src/storage/fs-store.js';
import { dav, davAccount } from './support/dav.js';
import { TEST_DIALECTS } from './support/db.js';
import { bytesOf, driveUser, sha256 } from './support/drive.js';
import { startTestServer, type TestServer } from './support/server.js';
import { share, visitor } from './support/share.js';

/**
 * A file whose stored bytes the store check found changed is shown as damaged in every listing
 * and refused on every way out (download link, preview, WebDAV), until the same bytes come again.
 */
describe.each(TEST_DIALECTS)('a damaged file [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  /** Flips a byte of the stored blob and runs the store check over the whole store. */
  async function rot(bytes: Uint8Array) {
    const store = server.deps.blobs as FsBlobStore;
    const rotten = Buffer.from(bytes);
    rotten[3] = (rotten[3] ?? 0) ^ 1;
    writeFileSync(store.fileOf(sha256(bytes)), rotten);
    await check();
  }
  async function check() {
    server.clock.advance(60_000);
    await checkBlobs(server.deps.db, server.deps.blobs, server.clock.now(), Number.POSITIVE_INFINITY);
  }

  it('is marked in the lists, refused for download and preview, and right again once uploaded again', async () => {
    const u = await driveUser(server);
    const bytes = bytesOf(50_000);
    const bad = (await u.uploadV2('报表.txt', bytes)).data as V2File;
    const good = (await u.uploadV2('好的.txt', bytesOf(1_000))).data as V2File;
    await rot(bytes);

    const list = await u.v2<V2ListResult>('/file/list', { parent_file_id: 'root', limit: 100 });
    const byName = new Map(list.data?.items.map((i) => [i.name, i]));
    expect(byName.get('报表.txt')?.damaged).toBe(true);
    expect(byName.get('好的.txt')).not.toHaveProperty('damaged');
    expect((await u.v2<V2File>('/file/get', { file_id: bad.file_id })).data?.damaged).toBe(true);
    const v1 = await u.client.get<V1ListResult>('/v1/files/list.json', { pid: 999 });
    expect(v1.data?.list.find((f) => f.name === '报表.txt')?.damaged).toBe(true);
    const found = await u.v2<V2ListResult>('/file/search', { query: 'name match "报表"' });
    expect(found.data?.items[0]?.damaged).toBe(true);

    const link = (await u.v2<{ url: string }>('/file/get_download_url', { file_id: bad.file_id })).data?.url;
    const refused = await fetch(link ?? '');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ code: 409, message: DriveMsg.FILE_DAMAGED });
    const preview = await u.v2<{ url: string }>('/file/get_preview_url', { file_id: bad.file_id });
    expect((await fetch(preview.data?.url ?? '')).status).toBe(409);
    const fine = await u.v2<{ url: string }>('/file/get_download_url', { file_id: good.file_id });
    expect((await fetch(fine.data?.url ?? '')).status).toBe(200);
    // A zip holding it is refused before its first byte, naming the file.
    const zip = await u.v2<{ url: string }>('/file/get_zip_url', {
      file_id_list: [good.file_id, bad.file_id],
    });
    const zipped = await fetch(zip.data?.url ?? '');
    expect(zipped.status).toBe(409);
    expect(await zipped.json()).toEqual({ code: 409, message: DriveMsg.FILE_DAMAGED, files: ['报表.txt'] });

    // The same bytes uploaded again (another name) put the stored file right for both.
    await u.uploadV2('报表-重传.txt', bytes);
    await check();
    const after = await u.v2<V2ListResult>('/file/list', { parent_file_id: 'root', limit: 100 });
    expect(after.data?.items.some((i) => i.damaged)).toBe(false);
    const back = await fetch(link ?? '');
    expect(back.status).toBe(200);
    expect((await fetch(zip.data?.url ?? '')).status).toBe(200);
    expect(sha256(Buffer.from(await back.arrayBuffer()))).toBe(sha256(bytes));
  });

  it("is tagged on a share's public page and refused to its visitors with the share's text", async () => {
    const u = await driveUser(server);
    const folder = await u.mkdirV2('资料');
    const bytes = bytesOf(20_000);
    const bad = (await u.uploadV2('方案.txt', bytes, folder.file_id)).data as V2File;
    const inside = (await u.uploadV2('附录.txt', bytesOf(3_000), folder.file_id)).data as V2File;
    const top = (await u.uploadV2('封面.txt', bytes.subarray(0, 500))).data as V2File;
    await rot(bytes);
    const link = await share(u, [folder.file_id, bad.file_id, top.file_id]);
    const guest = visitor(server);
    const token = await guest.open(link.share_id, link.share_pwd);

    const topList = await guest.list(link.share_id, token);
    const damagedOf = (list: typeof topList) =>
      Object.fromEntries((list.data?.items ?? []).map((i) => [i.name, i.damaged ?? false]));
    expect(damagedOf(topList)).toEqual({ 资料: false, '方案.txt': true, '封面.txt': false });
    const inFolder = await guest.list(link.share_id, token, folder.file_id);
    expect(damagedOf(inFolder)).toEqual({ '方案.txt': true, '附录.txt': false });

    const url = (await guest.downloadUrl(link.share_id, token, bad.file_id)).data?.url ?? '';
    const refused = await fetch(url);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ code: 409, message: ShareMsg.FILE_DAMAGED });
    // A folder's zip holding it is refused before its first byte, naming it.
    const zip = (await guest.zipUrl(link.share_id, token, [folder.file_id])).data?.url ?? '';
    const zipped = await fetch(zip);
    expect(zipped.status).toBe(409);
    expect(await zipped.json()).toEqual({
      code: 409,
      message: ShareMsg.FILE_DAMAGED,
      files: ['资料/方案.txt'],
    });
    const fine = (await guest.downloadUrl(link.share_id, token, inside.file_id)).data?.url ?? '';
    expect((await fetch(fine)).status).toBe(200);
  });

  it('is refused to a WebDAV client with the reason, so a sync does not put it over a good copy', async () => {
    const account = await davAccount(server);
    const text = '合同第一页，甲方乙方。'.repeat(2000);
    const put = await dav(server, account, 'PUT', '/dav/drive/合同.txt', {
      body: text,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
    expect(put.status).toBe(201);
    await rot(Buffer.from(text));
    const got = await dav(server, account, 'GET', '/dav/drive/合同.txt');
    expect(got.status).toBe(409);
    expect(got.text).toBe(DriveMsg.FILE_DAMAGED);
  });
});
