import {
  DriveCode,
  DriveMsg,
  type V2CreateFileResult,
  type V2File,
  type V2ListResult,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './support/db.js';
import { bytesOf, driveUser, sha256 } from './support/drive.js';
import { startTestServer, type TestServer } from './support/server.js';

describe.each(TEST_DIALECTS)('drive v2 [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('gives a drive token only after the second verification', async () => {
    const client = server.client();
    expect((await client.get('/user/ali_oauth_token.do')).code).toBe(2002);
    const u = await driveUser(server);
    expect(u.token).toMatch(/\./);
    expect(u.driveId).toBe(String(u.user.id));
    const drive = await u.v2<{ used_size: number; total_size: number }>('/drive/get');
    expect(drive.data).toEqual({ drive_id: u.driveId, used_size: 0, total_size: 5 * 1024 ** 3 });
  });

  it('returns the same bytes it was given, for every size around the chunk size', async () => {
    const u = await driveUser(server);
    for (const size of [0, 1, 204799, 204800, 204801]) {
      const bytes = bytesOf(size);
      const done = await u.uploadV2(`f${size}.bin`, bytes);
      expect(done.code, done.message).toBe(0);
      expect(done.data?.size).toBe(size);
      const url = await u.v2<{ url: string }>('/file/get_download_url', { file_id: done.data?.file_id });
      const { res, bytes: got } = await u.download(url.data?.url ?? '');
      expect(res.status).toBe(200);
      expect(sha256(got)).toBe(sha256(bytes));
    }
    const used = await u.v2<{ used_size: number }>('/drive/get');
    expect(used.data?.used_size).toBe(204799 + 204800 + 204801 + 1);
  });

  it('uploads a file of tens of MB in several parts, re-PUT harmless, and serves ranges', async () => {
    const u = await driveUser(server);
    const bytes = bytesOf(25 * 1024 * 1024 + 17);
    const created = await u.v2<{
      file_id: string;
      upload_id: string;
      part_info_list: Array<{ upload_url: string; part_size: number }>;
    }>('/file/create', { parent_file_id: 'root', name: '大文件.mp4', type: 'file', size: bytes.length });
    const parts = created.data?.part_info_list ?? [];
    expect(parts.length).toBe(3);
    // Completing early is refused: parts are missing.
    expect(
      (await u.v2('/file/complete', { file_id: created.data?.file_id, upload_id: created.data?.upload_id }))
        .code,
    ).toBe(DriveCode.UPLOAD_MISMATCH);
    let offset = 0;
    for (const [i, p] of parts.entries()) {
      const body = bytes.subarray(offset, offset + p.part_size);
      offset += p.part_size;
      expect((await fetch(p.upload_url, { method: 'PUT', body })).status).toBe(200);
      if (i === 0) expect((await fetch(p.upload_url, { method: 'PUT', body })).status).toBe(200);
    }
    // A part of the wrong length is refused and changes nothing.
    const wrong = await fetch(parts[0]?.upload_url ?? '', { method: 'PUT', body: bytes.subarray(0, 10) });
    expect(((await wrong.json()) as { code: number }).code).toBe(DriveCode.UPLOAD_MISMATCH);
    const done = await u.v2<V2File>('/file/complete', {
      file_id: created.data?.file_id,
      upload_id: created.data?.upload_id,
    });
    expect(done.code, done.message).toBe(0);
    expect(done.data?.content_hash).toMatch(/^[0-9A-F]{40}$/);
    // Completing twice makes nothing more.
    expect(
      (await u.v2('/file/complete', { file_id: created.data?.file_id, upload_id: created.data?.upload_id }))
        .code,
    ).toBe(DriveCode.UPLOAD_GONE);

    const url =
      (await u.v2<{ url: string }>('/file/get_download_url', { file_id: done.data?.file_id })).data?.url ??
      '';
    const whole = await u.download(url);
    expect(sha256(whole.bytes)).toBe(sha256(bytes));
    expect(whole.res.headers.get('content-type')).toBe('video/mp4');
    expect(whole.res.headers.get('content-disposition')).toBe(
      `attachment; filename="___.mp4"; filename*=UTF-8''${encodeURIComponent('大文件.mp4')}`,
    );
    expect(whole.res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.res.headers.get('accept-ranges')).toBe('bytes');
    const etag = whole.res.headers.get('etag') ?? '';
    expect(etag).toBe(`"${sha256(bytes)}"`);

    const mid = await u.download(url, { range: 'bytes=10485750-10485770' });
    expect(mid.res.status).toBe(206);
    expect(mid.res.headers.get('content-range')).toBe(`bytes 10485750-10485770/${bytes.length}`);
    expect(mid.bytes).toEqual(bytes.subarray(10485750, 10485771));
    const tail = await u.download(url, { range: 'bytes=-5' });
    expect(tail.bytes).toEqual(bytes.subarray(bytes.length - 5));
    const open = await u.download(url, { range: `bytes=${bytes.length - 3}-` });
    expect(open.bytes).toEqual(bytes.subarray(bytes.length - 3));
    expect((await u.download(url, { range: `bytes=${bytes.length}-` })).res.status).toBe(416);
    expect((await u.download(url, { 'if-none-match': etag })).res.status).toBe(304);
  });

  it('downloads media with the types the viewer plays, and markup and script only as bytes in a sandboxed attachment', async () => {
    const u = await driveUser(server);
    const types: Record<string, string> = {
      'a.avif': 'image/avif',
      'a.m4v': 'video/x-m4v',
      'a.ogv': 'video/ogg',
      'a.oga': 'audio/ogg',
      'a.opus': 'audio/ogg',
      'a.html': 'text/html; charset=utf-8',
      'a.svg': 'image/svg+xml',
      'a.js': 'text/javascript; charset=utf-8',
      'a.mjs': 'text/javascript; charset=utf-8',
      'a.css': 'text/css; charset=utf-8',
      'a.xml': 'application/xml',
      'a.unknownext': 'application/octet-stream',
    };
    // What a browser would run or render as the portal's is served as bytes only: a page of the
    // portal's origin given a `<script src>` of a user's file gets no script (nosniff).
    const active = new Set(['a.html', 'a.svg', 'a.js', 'a.mjs', 'a.css', 'a.xml']);
    for (const [name, type] of Object.entries(types)) {
      const done = await u.uploadV2(name, bytesOf(16));
      expect(done.code, done.message).toBe(0);
      expect(done.data?.content_type, name).toBe(type);
      const url = await u.v2<{ url: string }>('/file/get_download_url', { file_id: done.data?.file_id });
      const { res } = await u.download(url.data?.url ?? '');
      expect(res.headers.get('content-type'), name).toBe(
        active.has(name) ? 'application/octet-stream' : type,
      );
      expect(res.headers.get('content-disposition'), name).toMatch(/^attachment; /);
      expect(res.headers.get('content-security-policy'), name).toContain('sandbox');
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
    }
  });

  it('lists folders of more than a page with a keyset marker, folders first', async () => {
    const u = await driveUser(server);
    const dir = await u.mkdirV2('多页');
    for (let i = 0; i < 5; i++) await u.mkdirV2(`子${i}`, dir.file_id);
    for (let i = 0; i < 120; i++)
      await u.uploadV2(`文件${String(i).padStart(3, '0')}.txt`, Buffer.from(`n${i}`), dir.file_id);
    const seen: V2File[] = [];
    let marker = '';
    let pages = 0;
    do {
      const page = await u.v2<V2ListResult>('/file/list', {
        parent_file_id: dir.file_id,
        limit: 100,
        marker,
      });
      expect(page.code).toBe(0);
      seen.push(...(page.data?.items ?? []));
      marker = page.data?.next_marker ?? '';
      pages++;
    } while (marker);
    expect(pages).toBe(2);
    expect(seen.length).toBe(125);
    expect(seen.slice(0, 5).every((i) => i.type === 'folder')).toBe(true);
    expect(new Set(seen.map((i) => i.file_id)).size).toBe(125);
    expect((await u.v2('/file/list', { parent_file_id: dir.file_id, limit: 101 })).code).not.toBe(0);
  });

  it('applies the same-name rules: folder refused, file renamed, rename refused', async () => {
    const u = await driveUser(server);
    await u.mkdirV2('相册');
    const again = await u.v2('/file/create', { parent_file_id: 'root', name: '相册', type: 'folder' });
    expect(again).toMatchObject({ code: DriveCode.NAME_EXISTS, message: DriveMsg.FOLDER_EXISTS_V2 });
    const bad = await u.v2('/file/create', { parent_file_id: 'root', name: 'a*b', type: 'folder' });
    expect(bad.message).toBe(DriveMsg.NAME_BAD_CHARS);
    expect(
      (await u.v2('/file/create', { parent_file_id: 'root', name: 'x'.repeat(39), type: 'folder' })).code,
    ).not.toBe(0);
    const a = await u.uploadV2('a.txt', Buffer.from('one'));
    const b = await u.uploadV2('a.txt', Buffer.from('two'));
    expect(b.data?.name).toBe('a(1).txt');
    const refused = await u.uploadV2('a.txt', Buffer.from('three'), 'root', { check_name_mode: 'refuse' });
    expect(refused.code).toBe(DriveCode.NAME_EXISTS);
    const ren = await u.v2('/file/update', { file_id: b.data?.file_id, name: 'a.txt' });
    expect(ren).toMatchObject({ code: DriveCode.NAME_EXISTS, message: DriveMsg.RENAME_EXISTS_V2 });
    const ok = await u.v2<V2File>('/file/update', { file_id: a.data?.file_id, name: '重命名.txt' });
    expect(ok.data?.name).toBe('重命名.txt');
    // Concurrent creates of one name: the database lets exactly one through.
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        u.v2('/file/create', { parent_file_id: 'root', name: '并发', type: 'folder' }),
      ),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
  });

  it('refuses moves into the item itself, its folder and its subfolder', async () => {
    const u = await driveUser(server);
    const a = await u.mkdirV2('A');
    const b = await u.mkdirV2('B', a.file_id);
    const c = await u.mkdirV2('C', b.file_id);
    const move = (file_id: string, to: string) => u.v2('/file/move', { file_id, to_parent_file_id: to });
    expect((await move(a.file_id, a.file_id)).message).toBe(DriveMsg.MOVE_INTO_SELF);
    expect((await move(b.file_id, a.file_id)).message).toBe(DriveMsg.MOVE_INTO_SELF);
    expect(await move(a.file_id, c.file_id)).toMatchObject({
      code: DriveCode.SUBFOLDER_OR_TOO_LARGE,
      message: DriveMsg.MOVE_INTO_SUBFOLDER,
    });
    expect((await move(c.file_id, 'root')).code).toBe(0);
    const listed = await u.v2<V2ListResult>('/file/list', { parent_file_id: 'root' });
    expect(listed.data?.items.map((i) => i.name).sort()).toEqual(['A', 'C']);
    expect((await move(c.file_id, '424242')).code).toBe(DriveCode.FOLDER_MISSING);
  });

  it('lets only one of two crossing moves through (no cycle)', async () => {
    const u = await driveUser(server);
    const a = await u.mkdirV2('甲');
    const b = await u.mkdirV2('乙');
    const results = await Promise.all([
      u.v2('/file/move', { file_id: a.file_id, to_parent_file_id: b.file_id }),
      u.v2('/file/move', { file_id: b.file_id, to_parent_file_id: a.file_id }),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual([DriveCode.SUBFOLDER_OR_TOO_LARGE, 0].sort());
    const root = await u.v2<V2ListResult>('/file/list', { parent_file_id: 'root' });
    expect(root.data?.items.length).toBe(1);
  });

  it('signs upload and download URLs that expire', async () => {
    const u = await driveUser(server);
    const done = await u.uploadV2('x.txt', Buffer.from('x'));
    const url =
      (await u.v2<{ url: string }>('/file/get_download_url', { file_id: done.data?.file_id })).data?.url ??
      '';
    const created = await u.v2<{ part_info_list: Array<{ upload_url: string }> }>('/file/create', {
      parent_file_id: 'root',
      name: 'y.txt',
      type: 'file',
      size: 1,
    });
    server.clock.advance(61 * 60_000);
    expect((await u.download(url)).res.status).toBe(403);
    const put = await fetch(created.data?.part_info_list[0]?.upload_url ?? '', { method: 'PUT', body: 'y' });
    expect(put.status).toBe(403);
    expect((await u.download(url.replace(/t=./, 't=A'))).res.status).toBe(403);
  });

  it('deletes to the bin, restores to the former folder, refuses a restore onto a taken name', async () => {
    const u = await driveUser(server);
    const dir = await u.mkdirV2('资料');
    const f = await u.uploadV2('合同.pdf', Buffer.from('%PDF-1.4'), dir.file_id);
    expect((await u.v2('/file/delete', { file_id: f.data?.file_id })).code).toBe(0);
    expect((await u.v2<V2ListResult>('/file/list', { parent_file_id: dir.file_id })).data?.items).toEqual([]);
    await u.uploadV2('合同.pdf', Buffer.from('other'), dir.file_id);
    const bin = await u.v2<{ items: V2File[] }>('/recyclebin/list', {});
    expect(bin.data?.items.map((i) => i.name)).toEqual(['合同.pdf']);
    expect(await u.v2('/recyclebin/restore', { file_id: f.data?.file_id })).toMatchObject({
      code: DriveCode.NAME_EXISTS,
      message: DriveMsg.RESTORE_EXISTS,
    });
    // Trash counts toward use until purged.
    expect((await u.v2<{ used_size: number }>('/drive/get')).data?.used_size).toBe(8 + 5);
    expect((await u.v2('/recyclebin/delete', { file_id: f.data?.file_id })).code).toBe(0);
    expect((await u.v2<{ used_size: number }>('/drive/get')).data?.used_size).toBe(5);
  });

  it('answers one result per batch request and limits batches to 100', async () => {
    const u = await driveUser(server);
    const dir = await u.mkdirV2('目标');
    const f1 = await u.uploadV2('1.txt', Buffer.from('1'));
    const f2 = await u.uploadV2('2.txt', Buffer.from('2'));
    const r = await u.v2<{ responses: Array<{ id: string; status: number; body: { code: number } }> }>(
      '/batch',
      {
        resource: 'file',
        requests: [
          {
            id: 'm1',
            method: 'POST',
            url: '/file/move',
            body: { drive_id: u.driveId, file_id: f1.data?.file_id, to_parent_file_id: dir.file_id },
          },
          {
            id: 'd2',
            method: 'POST',
            url: '/file/delete',
            body: { drive_id: u.driveId, file_id: f2.data?.file_id },
          },
          { id: 'x', method: 'POST', url: '/file/delete', body: { drive_id: u.driveId, file_id: '98765' } },
        ],
      },
    );
    expect(r.data?.responses.map((x) => [x.id, x.body.code])).toEqual([
      ['m1', 0],
      ['d2', 0],
      ['x', DriveCode.NOT_FOUND],
    ]);
    const many = Array.from({ length: 101 }, (_, i) => ({
      id: String(i),
      method: 'POST',
      url: '/file/delete',
      body: { file_id: '1' },
    }));
    expect((await u.v2('/batch', { resource: 'file', requests: many })).code).toBe(DriveCode.BATCH_TOO_LARGE);
  });

  it('answers 2003 for an expired or bad token, and a refresh works', async () => {
    const u = await driveUser(server);
    server.clock.advance(31 * 60_000);
    expect((await u.v2('/drive/get')).code).toBe(2003);
    expect((await u.refreshToken()).code).toBe(0);
    expect((await u.v2('/drive/get')).code).toBe(0);
    const res = await fetch(`${server.baseUrl}/v2/drive/get`, {
      method: 'POST',
      headers: { authorization: 'Bearer forged.token' },
    });
    expect(((await res.json()) as { code: number }).code).toBe(2003);
    // Signing out ends the drive token at once.
    await u.client.raw('/account/logout.do');
    expect((await u.v2('/drive/get')).code).toBe(2003);
  });

  it("refuses another user's ids and drive", async () => {
    const a = await driveUser(server);
    const b = await driveUser(server);
    const dir = await a.mkdirV2('私密');
    const f = await a.uploadV2('秘密.txt', Buffer.from('secret'), dir.file_id);
    expect((await b.v2('/file/list', { parent_file_id: dir.file_id })).code).toBe(DriveCode.FOLDER_MISSING);
    expect((await b.v2('/file/get_download_url', { file_id: f.data?.file_id })).code).toBe(
      DriveCode.NOT_FOUND,
    );
    expect((await b.v2('/file/delete', { file_id: f.data?.file_id })).code).toBe(DriveCode.NOT_FOUND);
    expect((await b.v2('/file/update', { file_id: f.data?.file_id, name: 'x' })).code).toBe(
      DriveCode.NOT_FOUND,
    );
    expect((await b.v2('/drive/get', { drive_id: a.driveId })).code).toBe(DriveCode.NOT_FOUND);
    expect((await a.v2('/file/get', { file_id: f.data?.file_id })).code).toBe(0);
  });

  it("ends an upload's part links when the session that started it signs out", async () => {
    const a = await driveUser(server);
    const bytes = bytesOf(1000);
    const created = await a.v2<V2CreateFileResult>('/file/create', {
      parent_file_id: 'root',
      name: 'cut.bin',
      type: 'file',
      size: bytes.length,
    });
    const url = created.data?.part_info_list[0]?.upload_url ?? '';
    expect(url).not.toBe('');
    expect((await a.client.get('/account/logout.do')).code).toBe(0);
    const res = await fetch(url, { method: 'PUT', body: bytes });
    expect(res.status).toBe(403);
  });
});
