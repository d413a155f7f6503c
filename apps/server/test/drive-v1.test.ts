import { readFileSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { DriveCode, DriveMsg, type V1File, type V1ListResult } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { DriveService } from '../src/modules/drive/service.js';
import { Uploads } from '../src/modules/drive/upload/uploads.js';
import { checkBlobs } from '../src/storage/blob-check.js';
import { BlobIndex } from '../src/storage/blob-index.js';
import type { FsBlobStore } from '../src/storage/fs-store.js';
import { TEST_DIALECTS } from './support/db.js';
import { bytesOf, type DriveUser, driveUser, md5, sha256 } from './support/drive.js';
import { startTestServer, type TestServer } from './support/server.js';

/** Unzips a buffer: entry name → bytes ('' for folders). */
async function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((ok, fail) =>
    yauzl.fromBuffer(buf, { lazyEntries: true, decodeStrings: true }, (err, z) => (err ? fail(err) : ok(z))),
  );
  const out = new Map<string, Buffer>();
  await new Promise<void>((ok, fail) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) {
        out.set(entry.fileName, Buffer.alloc(0));
        zip.readEntry();
        return;
      }
      zip.openReadStream(entry, async (err, stream) => {
        if (err) return fail(err);
        const chunks: Buffer[] = [];
        for await (const c of stream) chunks.push(c as Buffer);
        out.set(entry.fileName, Buffer.concat(chunks));
        zip.readEntry();
      });
    });
    zip.on('end', ok);
    zip.on('error', fail);
    zip.readEntry();
  });
  return out;
}

describe.each(TEST_DIALECTS)('drive v1 and upload host [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const list = async (
    u: DriveUser,
    pid: number | string = 999,
    extra: Record<string, string | number> = {},
  ) => u.client.get<V1ListResult>('/v1/files/list.json', { pid, ...extra });
  const add = (u: DriveUser, name: string, pid: number | string = 999) =>
    u.client.raw('/v1/files/add.json', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name, type: 'folder', pid: String(pid) }),
    });

  it('answers HTTP 401 until refreshYun.do, and again when the drive session expired', async () => {
    const u = await driveUser(server);
    const fresh = u.client.fork();
    for (const [k, v] of u.client.cookies) if (k !== 'pc_yun') fresh.cookies.set(k, v);
    expect((await fresh.raw('/v1/users/queryQuota.json')).status).toBe(401);
    expect((await list(u)).code).toBe(0);
    server.clock.advance(31 * 60_000);
    expect((await u.client.raw('/v1/users/queryQuota.json')).status).toBe(401);
    expect((await u.client.get('/user/refreshYun.do')).code).toBe(0);
    expect(await u.client.get('/v1/users/queryQuota.json')).toEqual({
      code: 0,
      data: { used: 0, total: 5 * 1024 ** 3 },
    });
    // Without a session: 2002, as every portal call.
    expect((await server.client().get('/v1/files/list.json')).code).toBe(2002);
  });

  it('creates folders, answers 409 with -2003 for a same name, renames, finds by path and id', async () => {
    const u = await driveUser(server);
    const res = await add(u, '旅行');
    const folder = ((await res.json()) as { data: V1File }).data;
    expect(folder).toMatchObject({ name: '旅行', type: 'folder', pid: 999 });
    const clash = await add(u, '旅行');
    expect(clash.status).toBe(409);
    expect(await clash.json()).toEqual({ code: DriveCode.NAME_EXISTS, message: DriveMsg.FOLDER_EXISTS_V1 });
    const sub = ((await (await add(u, '日本', folder.id)).json()) as { data: V1File }).data;
    const renamed = await u.client.post<V1File>('/v1/files/rename.json', { id: sub.id, name: '东京' });
    expect(renamed.data?.name).toBe('东京');
    await add(u, '大阪', folder.id);
    const r409 = await u.client.raw('/v1/files/rename.json', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: String(sub.id), name: '大阪' }),
    });
    expect(r409.status).toBe(409);
    const byPath = await u.client.get<V1File & { path: string }>('/v1/files/infoByPath.json', {
      path: '/旅行/东京',
    });
    expect(byPath.data).toMatchObject({ id: sub.id, path: '/旅行/东京' });
    const byId = await u.client.get<V1File & { path: string }>('/v1/files/infoById.json', { id: sub.id });
    expect(byId.data?.path).toBe('/旅行/东京');
    expect((await list(u, 424242)).code).toBe(DriveCode.FOLDER_MISSING);
    // CSRF stays on for cookie-authenticated v1 POSTs.
    const noCsrf = await u.client.post('/v1/files/add.json', { name: 'x' }, { csrf: false });
    expect(noCsrf.code).toBe(1002);
  });

  it('uploads through the upload host (policy 2) and lists pages of 500', async () => {
    const u = await driveUser(server);
    const up = await u.uploadUrl();
    expect(up.secureUploadDomain).toBe(server.baseUrl);
    for (const size of [0, 1, 204799, 204800, 204801]) {
      const bytes = bytesOf(size);
      const r = await u.uploadV1(`v1-${size}.dat`, bytes);
      expect(r.status).toBe(200);
      expect(r.body.data?.size).toBe(size);
      const url = await u.client.post<{ url: string }>('/v1/files/downloadUrl.json', {
        ids: String(r.body.data?.id),
      });
      const got = await u.download(url.data?.url ?? '');
      expect(sha256(got.bytes)).toBe(sha256(bytes));
    }
    // Same name, same bytes: the same item; same name, other bytes: renamed; policy 0: 409.
    const one = Buffer.from('hello');
    const first = await u.uploadV1('h.txt', one);
    const same = await u.uploadV1('h.txt', one);
    expect(same.body.data?.id).toBe(first.body.data?.id);
    const other = await u.uploadV1('h.txt', Buffer.from('world'));
    expect(other.body.data?.name).toBe('h(1).txt');
    const refused = await u.uploadV1('h.txt', Buffer.from('!!'), 999, 0);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(DriveMsg.SAME_NAME_409);
    // A body longer than the announced size leaves nothing.
    const { token, secureUploadDomain } = await u.uploadUrl();
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('0123456789')]), 'liar.txt');
    const liar = await fetch(
      `${secureUploadDomain}/rest/4.0/file?size=3&filename=liar.txt&pid=999&token=${token}&duplicatePolicy=2`,
      {
        method: 'POST',
        body: form,
      },
    );
    expect(((await liar.json()) as { code: number }).code).toBe(DriveCode.UPLOAD_MISMATCH);

    const drive = new DriveService(server.deps);
    const uploads = new Uploads(drive);
    const dir = await drive.createFolder(u.user.id, 999, '很多', 'v1');
    for (let i = 0; i < 520; i++) {
      await uploads.uploadStream(
        u.user.id,
        { parentId: dir.id, name: `${i}.txt`, size: 1, face: 'v1', nameMode: 'refuse' },
        Readable.from([Buffer.from('x')]),
      );
    }
    const p1 = await list(u, dir.id);
    expect(p1.data?.list.length).toBe(500);
    expect(p1.data?.hasMore).toBe(true);
    const p2 = await list(u, dir.id, { page: 2 });
    expect(p2.data?.list.length).toBe(20);
    const byMarker = await list(u, dir.id, { marker: p1.data?.marker ?? '' });
    expect(byMarker.data?.list.map((f) => f.id)).toEqual(p2.data?.list.map((f) => f.id));
    expect((await list(u, dir.id, { size: 501 })).code).not.toBe(0);
  });

  /** The upload host's quick-upload check (GET file/head): 422 there, 404 unknown, else a challenge. */
  const quickHead = async (u: DriveUser, q: Record<string, string | number>) => {
    const { token } = await u.uploadUrl();
    const qs = new URLSearchParams({
      ...Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])),
      token,
    });
    const res = await fetch(`${server.baseUrl}/rest/4.0/file/head?${qs}`);
    return {
      status: res.status,
      body: (await res.json()) as { code: number; sid?: string; offset?: number; len?: number },
    };
  };
  /** The answer to a challenge (POST file/head). */
  const quickProve = async (u: DriveUser, body: Record<string, string | number>) => {
    const { token } = await u.uploadUrl();
    const res = await fetch(`${server.baseUrl}/rest/4.0/file/head?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as { code: number; data?: V1File; message?: string },
    };
  };

  it('quick upload: 422 in the same folder, 404 unknown, 0 then right and wrong authMd5', async () => {
    const u = await driveUser(server);
    const bytes = bytesOf(300_000);
    const stored = await u.uploadV1('原片.jpg', bytes);
    expect(stored.status).toBe(200);
    const target = ((await (await add(u, '备份')).json()) as { data: V1File }).data;
    const head = (q: Record<string, string | number>) => quickHead(u, q);
    const prove = (body: Record<string, string | number>) => quickProve(u, body);
    expect((await head({ md5: md5(bytes), size: bytes.length, pid: 999, filename: '原片.jpg' })).status).toBe(
      422,
    );
    expect((await head({ md5: md5(bytesOf(10)), size: 10, pid: 999 })).status).toBe(404);

    const challenge = await head({
      md5: md5(bytes),
      size: bytes.length,
      pid: target.id,
      filename: '副本.jpg',
    });
    expect(challenge.status).toBe(200);
    const { sid = '', offset = 0, len = 0 } = challenge.body;
    expect(challenge.body.code).toBe(0);
    expect(len).toBeGreaterThan(0);
    expect(len).toBeLessThan(bytes.length);
    const wrong = await prove({ md5: md5(bytes), size: bytes.length, sid, authMd5: md5(bytes) });
    expect(wrong.body.code).toBe(DriveCode.UPLOAD_MISMATCH);
    // The challenge is spent by a wrong answer.
    const late = await prove({
      md5: md5(bytes),
      size: bytes.length,
      sid,
      authMd5: md5(bytes.subarray(offset, offset + len)),
    });
    expect(late.body.code).toBe(DriveCode.UPLOAD_GONE);

    const again = await head({ md5: md5(bytes), size: bytes.length, pid: target.id, filename: '副本.jpg' });
    const o = again.body.offset ?? 0;
    const right = await prove({
      md5: md5(bytes),
      size: bytes.length,
      sid: again.body.sid ?? '',
      authMd5: md5(bytes.subarray(o, o + (again.body.len ?? 0))),
    });
    expect(right.body.code, right.body.message).toBe(0);
    expect(right.body.data).toMatchObject({ name: '副本.jpg', pid: target.id, size: bytes.length });
    const url = await u.client.post<{ url: string }>('/v1/files/downloadUrl.json', {
      ids: String(right.body.data?.id),
    });
    expect(sha256((await u.download(url.data?.url ?? '')).bytes)).toBe(sha256(bytes));
    // Both copies count.
    expect((await u.client.get<{ used: number }>('/v1/users/queryQuota.json')).data?.used).toBe(
      bytes.length * 2,
    );

    // Another user with the same content is not linked to it (scope 'user'): 404.
    const other = await driveUser(server);
    const { token } = await other.uploadUrl();
    const res = await fetch(
      `${server.baseUrl}/rest/4.0/file/head?md5=${md5(bytes)}&size=${bytes.length}&token=${token}`,
    );
    expect(res.status).toBe(404);
  });

  it('quick upload never links to content the store check found damaged; the bytes sent put it right', async () => {
    const u = await driveUser(server);
    const bytes = bytesOf(200_000);
    expect((await u.uploadV1('合同.pdf', bytes)).status).toBe(200);
    const target = ((await (await add(u, '归档')).json()) as { data: V1File }).data;
    const q = { md5: md5(bytes), size: bytes.length, pid: target.id, filename: '合同副本.pdf' };
    // A challenge handed out before the damage was found.
    const before = await quickHead(u, q);
    expect(before.status).toBe(200);

    const store = server.deps.blobs as FsBlobStore;
    const key = sha256(bytes);
    const rotten = Buffer.from(bytes);
    rotten[10] = (rotten[10] ?? 0) ^ 1;
    writeFileSync(store.fileOf(key), rotten);
    server.clock.advance(60_000);
    const found = await checkBlobs(server.deps.db, store, server.clock.now(), Number.POSITIVE_INFINITY);
    expect(found.damaged.map((d) => d.key)).toContain(key);

    // Right answer, but the content is no longer there to link: gone, and the client sends the bytes.
    const o = before.body.offset ?? 0;
    const late = await quickProve(u, {
      ...q,
      sid: before.body.sid ?? '',
      authMd5: md5(bytes.subarray(o, o + (before.body.len ?? 0))),
    });
    expect(late.body.code).toBe(DriveCode.UPLOAD_GONE);
    expect((await quickHead(u, q)).status).toBe(404);

    expect((await u.uploadV1('合同副本.pdf', bytes, target.id)).status).toBe(200);
    expect(readFileSync(store.fileOf(key)).equals(Buffer.from(bytes))).toBe(true);
    server.clock.advance(60_000);
    await checkBlobs(server.deps.db, store, server.clock.now(), Number.POSITIVE_INFINITY);
    expect((await new BlobIndex(server.deps.db).byKey(key))?.damaged_at).toBeNull();
    expect((await quickHead(u, { ...q, filename: '第三份.pdf' })).status).toBe(200);
  });

  it('moves in batches, recycles, restores with the conflict text, limits batches', async () => {
    const u = await driveUser(server);
    const a = ((await (await add(u, 'A')).json()) as { data: V1File }).data;
    const b = ((await (await add(u, 'B', a.id)).json()) as { data: V1File }).data;
    const f = (await u.uploadV1('f.txt', Buffer.from('f'))).body.data as V1File;
    const g = (await u.uploadV1('g.txt', Buffer.from('g'), a.id)).body.data as V1File;
    const moved = await u.client.post<Array<{ srcId: number; code: number }>>('/v1/files/move.json', {
      ids: `${f.id},${a.id}`,
      targetId: b.id,
    });
    expect(moved.message).toBe(DriveMsg.MOVE_PARTIAL);
    expect(moved.data?.map((r) => [r.srcId, r.code])).toEqual([
      [f.id, 0],
      [a.id, DriveCode.SUBFOLDER_OR_TOO_LARGE],
    ]);
    const self = await u.client.post('/v1/files/move.json', { ids: String(g.id), targetId: a.id });
    expect(self.message).toBe(DriveMsg.MOVE_INTO_SELF);

    expect((await u.client.post('/v1/files/remove.json', { ids: String(g.id) })).code).toBe(0);
    await u.uploadV1('g.txt', Buffer.from('new g'), a.id);
    const bin = await u.client.get<{ list: Array<{ id: number; pid: number; name: string }> }>(
      '/v1/files/recycle.json',
      {
        page: 1,
        size: 500,
      },
    );
    expect(bin.data?.list).toEqual([
      expect.objectContaining({ id: g.id, pid: a.id, name: 'g.txt', type: 'file' }),
    ]);
    const restore = await u.client.post('/v1/files/restore.json', { ids: String(g.id) });
    expect(restore).toMatchObject({ code: DriveCode.NAME_EXISTS, message: DriveMsg.RESTORE_EXISTS });
    const ids101 = Array.from({ length: 101 }, (_, i) => i + 1000).join(',');
    expect((await u.client.post('/v1/files/remove.json', { ids: ids101 })).message).toBe(
      DriveMsg.DELETE_LIMIT,
    );
    expect((await u.client.post('/v1/files/delete.json', { ids: ids101 })).message).toBe(
      DriveMsg.DELETE_LIMIT,
    );
    expect((await u.client.post('/v1/files/restore.json', { ids: ids101 })).message).toBe(
      DriveMsg.RESTORE_LIMIT,
    );
    expect((await u.client.post('/v1/files/delete.json', { ids: String(g.id) })).code).toBe(0);

    // Emptying more than 100 items is refused; 100 is fine.
    const drive = new DriveService(server.deps);
    const dir = await drive.createFolder(u.user.id, 999, '垃圾', 'v1');
    for (let i = 0; i < 101; i++) {
      const item = await drive.createFolder(u.user.id, dir.id, `d${i}`, 'v1');
      await drive.trash(u.user.id, item.id);
    }
    expect((await u.client.post('/v1/files/empty.json')).message).toBe(DriveMsg.EMPTY_LIMIT);
    const first = (await u.client.get<{ list: Array<{ id: number }> }>('/v1/files/recycle.json')).data
      ?.list[0];
    await u.client.post('/v1/files/delete.json', { ids: String(first?.id) });
    expect(await u.client.post('/v1/files/empty.json')).toEqual({ code: 0, data: { deleted: 100 } });
  });

  it('zips files and folders with UTF-8 names, and refuses over 200 files or 500M', async () => {
    const u = await driveUser(server);
    const dir = ((await (await add(u, '相册')).json()) as { data: V1File }).data;
    const sub = ((await (await add(u, '空文件夹', dir.id)).json()) as { data: V1File }).data;
    const p1 = bytesOf(70_000);
    const p2 = Buffer.from('第二张');
    await u.uploadV1('一.jpg', p1, dir.id);
    await u.uploadV1('二.txt', p2, dir.id);
    const loose = (await u.uploadV1('单独.txt', Buffer.from('solo'))).body.data as V1File;
    const pkg = await u.client.post<{ url: string }>('/v1/files/packageUrl.json', {
      ids: `${dir.id},${loose.id}`,
    });
    expect(pkg.code).toBe(0);
    const { res, bytes } = await u.download(pkg.data?.url ?? '');
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''");
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    const entries = await unzip(bytes);
    expect([...entries.keys()].sort()).toEqual(
      ['单独.txt', '相册/', '相册/一.jpg', '相册/二.txt', '相册/空文件夹/'].sort(),
    );
    expect(sha256(entries.get('相册/一.jpg') ?? Buffer.alloc(0))).toBe(sha256(p1));
    expect(entries.get('相册/二.txt')?.toString()).toBe('第二张');
    expect(sub.id).toBeGreaterThan(0);

    const drive = new DriveService(server.deps);
    const uploads = new Uploads(drive);
    const many = await drive.createFolder(u.user.id, 999, '二百零一', 'v1');
    for (let i = 0; i < 201; i++) {
      await uploads.uploadStream(
        u.user.id,
        { parentId: many.id, name: `${i}.txt`, size: 1, face: 'v1', nameMode: 'refuse' },
        Readable.from([Buffer.from('y')]),
      );
    }
    expect(await u.client.post('/v1/files/packageUrl.json', { ids: String(many.id) })).toMatchObject({
      code: DriveCode.TOO_MANY_FILES,
      message: DriveMsg.DOWNLOAD_TOO_MANY,
    });
    // 500M without writing 500M: rows that claim the size (the limit reads sizes only).
    const big = await drive.createFolder(u.user.id, 999, '大', 'v1');
    const ids = await drive.items.allocIds(server.deps.db, u.user.id, 2);
    for (const id of [ids, ids + 1]) {
      await server.deps.db
        .insertInto('drive_items')
        .values({
          user_id: u.user.id,
          id,
          parent_id: big.id,
          name: `${id}.iso`,
          kind: 1,
          size: 300 * 1024 * 1024,
          blob_key: null,
          created_at: 0,
          updated_at: 0,
          trashed_at: null,
        })
        .execute();
    }
    expect(await u.client.post('/v1/files/packageUrl.json', { ids: String(big.id) })).toMatchObject({
      code: DriveCode.SUBFOLDER_OR_TOO_LARGE,
      message: DriveMsg.DOWNLOAD_TOO_LARGE,
    });
  });

  it("refuses another user's ids", async () => {
    const a = await driveUser(server);
    const b = await driveUser(server);
    const f = (await a.uploadV1('a.txt', Buffer.from('a'))).body.data as V1File;
    expect((await b.client.post('/v1/files/downloadUrl.json', { ids: String(f.id) })).code).toBe(
      DriveCode.NOT_FOUND,
    );
    expect((await b.client.post('/v1/files/remove.json', { ids: String(f.id) })).code).toBe(
      DriveCode.NOT_FOUND,
    );
    expect((await b.client.get('/v1/files/infoById.json', { id: f.id })).code).toBe(DriveCode.NOT_FOUND);
    expect((await b.client.post('/v1/files/packageUrl.json', { ids: String(f.id) })).code).toBe(
      DriveCode.NOT_FOUND,
    );
    expect((await a.client.get('/v1/files/infoById.json', { id: f.id })).code).toBe(0);
  });
});
