import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  Api,
  DriveCode,
  PREVIEW_TEXT_MAX_BYTES,
  PreviewApi,
  type V1File,
  type V1ListResult,
  type V1PreviewUrl,
  type V2File,
  type V2ListResult,
  type V2PreviewUrl,
} from '@phonecloud/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/housekeeping.js';
import { TEST_DIALECTS } from './support/db.js';
import { type DriveUser, driveUser, sha256 } from './support/drive.js';
import { GBK_BYTES, GBK_TEXT, imageOf, jpegOf, pdfOf, wavOf } from './support/preview-samples.js';
import { startTestServer, type TestServer } from './support/server.js';

/** The status of a GET, its body read to the end (an unread body keeps the server from closing). */
async function statusOf(url: string, init?: RequestInit): Promise<number> {
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return res.status;
}

describe.each(TEST_DIALECTS)('drive preview and thumbnails [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    // Thumbnails made on request only here, so each test sees exactly what a request made.
    server = await startTestServer(dialect, { env: { THUMBS_AHEAD: '0' } });
  });
  afterAll(() => server.close());

  const upload = async (u: DriveUser, name: string, bytes: Uint8Array, parent = 'root') => {
    const r = await u.uploadV2(name, bytes, parent);
    expect(r.code, r.message).toBe(0);
    return r.data as V2File;
  };
  const listV2 = async (u: DriveUser, parent = 'root') =>
    ((await u.v2<V2ListResult>('/file/list', { parent_file_id: parent })).data as V2ListResult).items;
  const previewOf = async (u: DriveUser, fileId: string) => {
    const r = await u.v2<V2PreviewUrl>('/file/get_preview_url', { file_id: fileId });
    expect(r.code, r.message).toBe(0);
    return r.data as V2PreviewUrl;
  };
  /** The user's thumbnail rows once `n` are stored (a made thumbnail is stored just after its answer). */
  const storedRows = async (u: DriveUser, n: number) => {
    await expect.poll(async () => (await thumbRows(u)).length).toBe(n);
    return thumbRows(u);
  };
  const thumbRows = (u: DriveUser) =>
    server.deps.db
      .selectFrom('drive_thumbs')
      .selectAll()
      .where('user_id', '=', u.user.id)
      .orderBy('size')
      .execute();

  it('lists images with signed thumbnails in both sizes, made once and then read from the store', async () => {
    const u = await driveUser(server);
    const folder = await u.mkdirV2('相册');
    const photo = await upload(u, '海边.jpg', await jpegOf(2000, 1500), folder.file_id);
    await upload(u, 'logo.png', await imageOf('png', 300, 600), folder.file_id);
    await upload(u, 'anim.gif', await imageOf('gif', 64, 32), folder.file_id);
    await upload(u, 'pic.webp', await imageOf('webp', 1200, 100), folder.file_id);
    await upload(u, 'readme.txt', Buffer.from('hello'), folder.file_id);

    const items = await listV2(u, folder.file_id);
    const byName = new Map(items.map((i) => [i.name, i]));
    expect(byName.get('readme.txt')?.thumbnail).toBeUndefined();
    const jpg = byName.get('海边.jpg') as V2File;
    expect(jpg.thumbnail).toMatch(new RegExp(`^${server.baseUrl}${PreviewApi.thumb}\\?t=.+&s=256$`));
    expect(jpg.thumbnail_large).toMatch(/&s=1024$/);
    // Listed again within the same 10-minute step: the same URLs (the browser's cache answers).
    expect((await listV2(u, folder.file_id)).find((i) => i.name === '海边.jpg')?.thumbnail).toBe(
      jpg.thumbnail,
    );
    // file/get carries them too.
    const got = await u.v2<V2File>('/file/get', { file_id: photo.file_id });
    expect(got.data?.thumbnail).toBeTruthy();

    const small = await fetch(jpg.thumbnail as string);
    expect(small.status).toBe(200);
    expect(small.headers.get('content-type')).toBe('image/jpeg');
    expect(small.headers.get('content-security-policy')).toContain('sandbox');
    expect(small.headers.get('x-content-type-options')).toBe('nosniff');
    const smallMeta = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect([smallMeta.format, smallMeta.width, smallMeta.height]).toEqual(['jpeg', 256, 192]);
    // Made on this first request (no ETag yet) and stored: one row holding a blob.
    expect(small.headers.get('etag')).toBeNull();
    const first = await storedRows(u, 1);
    expect(first.map((r) => [r.size, r.width, r.height])).toEqual([[256, 256, 192]]);

    const large = await fetch(jpg.thumbnail_large as string);
    expect((await sharp(Buffer.from(await large.arrayBuffer())).metadata()).width).toBe(1024);
    const rows = await storedRows(u, 2);
    expect(rows.map((r) => [r.size, r.width, r.height])).toEqual([
      [256, 256, 192],
      [1024, 1024, 768],
    ]);
    // Asked again: read from the store, not made again (the stored blob's ETag, the same rows).
    for (const [n, url] of [jpg.thumbnail, jpg.thumbnail_large].entries()) {
      const again = await fetch(url as string);
      const bytes = Buffer.from(await again.arrayBuffer());
      expect(again.headers.get('etag')).toBe(`"${rows[n]?.thumb_key}"`);
      expect(sha256(bytes)).toBe(rows[n]?.thumb_key);
    }
    expect(await thumbRows(u)).toEqual(rows);
    expect(await server.deps.blobs.stat(rows[0]?.thumb_key ?? '')).not.toBeNull();
    const revalidated = await fetch(jpg.thumbnail as string, {
      headers: { 'if-none-match': `"${rows[0]?.thumb_key}"` },
    });
    expect(revalidated.status).toBe(304);

    // Other formats: within the box, never enlarged; transparency on white.
    const sized = async (name: string, s: 'thumbnail' | 'thumbnail_large') => {
      const res = await fetch(byName.get(name)?.[s] as string);
      expect(res.status, name).toBe(200);
      const m = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      return [m.width, m.height];
    };
    expect(await sized('logo.png', 'thumbnail')).toEqual([128, 256]);
    expect(await sized('logo.png', 'thumbnail_large')).toEqual([300, 600]);
    expect(await sized('anim.gif', 'thumbnail')).toEqual([64, 32]);
    expect(await sized('pic.webp', 'thumbnail_large')).toEqual([1024, 85]);
  });

  it('makes thumbnails of HEIC photos (HEVC) the image library cannot read itself', async () => {
    const u = await driveUser(server);
    const heic = readFileSync(path.join(import.meta.dirname, 'fixtures', 'preview', 'two-colours.heic'));
    await upload(u, 'IMG_0001.HEIC', heic);
    const item = (await listV2(u)).find((i) => i.name === 'IMG_0001.HEIC') as V2File;
    const res = await fetch(item.thumbnail as string);
    expect(res.status).toBe(200);
    const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([96, 64]);
    const at = (x: number) => [...data.subarray((32 * 96 + x) * 3, (32 * 96 + x) * 3 + 3)];
    const [r1, , b1] = at(10) as [number, number, number];
    const [r2, , b2] = at(85) as [number, number, number];
    expect(r1).toBeGreaterThan(150);
    expect(b1).toBeLessThan(90);
    expect(r2).toBeLessThan(90);
    expect(b2).toBeGreaterThan(170);
    // The viewer shows a HEIC by its large thumbnail.
    expect((await previewOf(u, item.file_id)).kind).toBe('image');
    expect(await statusOf(item.thumbnail_large as string)).toBe(200);
  });

  it('gives v1 items thumbs {url1, url2} and refuses what cannot be read or was tampered with', async () => {
    const u = await driveUser(server);
    const up = await u.uploadV1('猫.png', await imageOf('png', 800, 400));
    expect(up.status).toBe(200);
    await u.uploadV1('broken.jpg', Buffer.from('not a picture at all'));
    const list = (await u.client.get<V1ListResult>('/v1/files/list.json', { pid: 999 })).data as V1ListResult;
    const cat = list.list.find((i) => i.name === '猫.png') as V1File;
    expect(cat.thumbs?.url1).toMatch(/&s=256$/);
    expect(cat.thumbs?.url2).toMatch(/&s=1024$/);
    const m = await sharp(
      Buffer.from(await (await fetch(cat.thumbs?.url1 as string)).arrayBuffer()),
    ).metadata();
    expect([m.width, m.height]).toEqual([256, 128]);
    const byId = await u.client.get<V1File>('/v1/files/infoById.json', { id: cat.id });
    expect(byId.data?.thumbs?.url2).toBeTruthy();

    const broken = list.list.find((i) => i.name === 'broken.jpg') as V1File;
    expect(await statusOf(broken.thumbs?.url1 as string)).toBe(415);
    // A size that is not offered, a forged token, an expired link.
    expect(await statusOf(String(cat.thumbs?.url1).replace(/s=256$/, 's=300'))).toBe(404);
    expect(await statusOf(String(cat.thumbs?.url1).replace('t=', 't=x'))).toBe(403);
    server.clock.advance(75 * 60_000);
    expect(await statusOf(cat.thumbs?.url1 as string)).toBe(403);
  });

  it('serves each kind inline with CSP sandbox and nosniff; html and svg only as text', async () => {
    const u = await driveUser(server);
    const cases: Array<[string, Buffer, string, string]> = [
      ['a.png', await imageOf('png', 10, 10), 'image', 'image/png'],
      ['clip.webm', Buffer.alloc(4000, 7), 'video', 'video/webm'],
      ['song.wav', wavOf(0.5), 'audio', 'audio/wav'],
      ['报告.pdf', pdfOf('Hello PDF'), 'pdf', 'application/pdf'],
      [
        'page.html',
        Buffer.from('<script>parent.steal()</script><b>hi</b>'),
        'text',
        'text/plain; charset=utf-8',
      ],
      [
        'pic.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        'text',
        'text/plain; charset=utf-8',
      ],
      ['data.json', Buffer.from('{"a": "中文"}'), 'text', 'text/plain; charset=utf-8'],
      ['list.csv', Buffer.from('名字,电话\n张三,138\n'), 'text', 'text/plain; charset=utf-8'],
      ['main.ts', Buffer.from('export const x = 1;\n'), 'text', 'text/plain; charset=utf-8'],
      ['说明.md', Buffer.from('# 标题\n\n正文'), 'text', 'text/plain; charset=utf-8'],
      ['archive.zip', Buffer.from('PK\x03\x04'), 'none', 'application/zip'],
    ];
    for (const [name, bytes, kind, type] of cases) {
      const f = await upload(u, name, bytes);
      const p = await previewOf(u, f.file_id);
      expect([name, p.kind, p.content_type, p.size]).toEqual([name, kind, type, bytes.length]);
      const res = await fetch(p.url);
      expect(res.headers.get('content-security-policy'), name).toContain('sandbox');
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
      if (kind === 'none') {
        await res.arrayBuffer();
        expect(res.status).toBe(415);
        continue;
      }
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-type'), name).toBe(type);
      expect(res.headers.get('content-disposition'), name).toMatch(/^inline; /);
      const body = Buffer.from(await res.arrayBuffer());
      if (kind === 'text') expect(body.toString('utf8')).toBe(bytes.toString('utf8'));
      else expect(body.equals(bytes), name).toBe(true);
    }
    // The same files still download as attachments.
    const html = (await listV2(u)).find((i) => i.name === 'page.html') as V2File;
    const dl = await u.v2<{ url: string }>('/file/get_download_url', { file_id: html.file_id });
    const res = await fetch(dl.data?.url as string);
    await res.arrayBuffer();
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('decodes GBK and UTF-8 text, cuts at 1 MB, and answers Range with 206 for seeking', async () => {
    const u = await driveUser(server);
    const gbk = await upload(u, '古诗.txt', GBK_BYTES);
    const res = await fetch((await previewOf(u, gbk.file_id)).url);
    expect(res.headers.get('x-preview-encoding')).toBe('GBK');
    expect(await res.text()).toBe(GBK_TEXT);

    const utf8 = await upload(u, 'utf8.txt', Buffer.from('\uFEFF中文 UTF-8 文本'));
    const r8 = await fetch((await previewOf(u, utf8.file_id)).url);
    expect(r8.headers.get('x-preview-encoding')).toBe('UTF-8');
    expect(await r8.text()).toBe('中文 UTF-8 文本');

    // 1 MB and a bit of three-byte characters: cut at 1 MB, never inside a character.
    const big = Buffer.from('汉'.repeat(Math.ceil(PREVIEW_TEXT_MAX_BYTES / 3) + 100));
    const bigItem = await upload(u, 'big.log', big);
    const rb = await fetch((await previewOf(u, bigItem.file_id)).url);
    expect(rb.headers.get('x-preview-truncated')).toBe('1');
    const text = await rb.text();
    expect(text).toBe('汉'.repeat(Math.floor(PREVIEW_TEXT_MAX_BYTES / 3)));

    const video = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    const clip = await upload(u, 'clip.mp4', video);
    const url = (await previewOf(u, clip.file_id)).url;
    const part = await fetch(url, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 1000-1999/5000');
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true);
    const tail = await fetch(url, { headers: { range: 'bytes=4990-' } });
    expect(tail.status).toBe(206);
    expect((await tail.arrayBuffer()).byteLength).toBe(10);
    expect(await statusOf(url, { headers: { range: 'bytes=6000-' } })).toBe(416);
  });

  it("refuses another user's files in both faces, and links of items deleted meanwhile", async () => {
    const a = await driveUser(server);
    const b = await driveUser(server);
    const photo = await upload(a, 'private.jpg', await jpegOf(300, 200));
    const other = await b.v2('/file/get_preview_url', { file_id: photo.file_id });
    expect(other.code).toBe(DriveCode.NOT_FOUND);
    const v1 = await b.client.post<V1PreviewUrl>(PreviewApi.v1PreviewUrl, { id: photo.file_id });
    expect(v1.code).toBe(DriveCode.NOT_FOUND);
    const mine = await a.client.post<V1PreviewUrl>(PreviewApi.v1PreviewUrl, { id: photo.file_id });
    expect(mine.data?.kind).toBe('image');
    // A's link works for anyone holding it (it is the credential), until the item goes to the bin.
    const thumb = (await listV2(a)).find((i) => i.name === 'private.jpg')?.thumbnail as string;
    expect(await statusOf(thumb)).toBe(200);
    expect((await a.v2('/file/delete', { file_id: photo.file_id })).code).toBe(0);
    expect(await statusOf(thumb)).toBe(404);
    expect(await statusOf(mine.data?.url as string)).toBe(404);
  });

  it('releases thumbnails when their image is purged from the bin', async () => {
    const a = await driveUser(server);
    const photo = await upload(a, 'gone.jpg', await jpegOf(640, 480));
    await upload(a, 'keep.png', await imageOf('png', 500, 500, { r: 1, g: 2, b: 3, alpha: 1 }));
    for (const i of await listV2(a)) {
      for (const url of [i.thumbnail, i.thumbnail_large]) if (url) expect(await statusOf(url)).toBe(200);
    }
    const before = await storedRows(a, 4);
    expect(before).toHaveLength(4);

    // In the bin the thumbnails stay (a restore shows them again); purged, they go.
    expect((await a.v2('/file/delete', { file_id: photo.file_id })).code).toBe(0);
    await purgeExpired(server.deps);
    expect(await thumbRows(a)).toHaveLength(4);
    expect((await a.v2('/recyclebin/delete', { file_id: photo.file_id })).code).toBe(0);
    await purgeExpired(server.deps);
    const after = await thumbRows(a);
    expect(after).toHaveLength(2);
    expect(new Set(after.map((r) => r.source_key)).size).toBe(1);
    const dropped = before.filter((r) => !after.some((k) => k.thumb_key === r.thumb_key));
    expect(dropped).toHaveLength(2);
    // The collector removes the bytes once the grace has passed.
    server.clock.advance(2 * 60 * 60_000);
    await purgeExpired(server.deps);
    for (const r of dropped) expect(await server.deps.blobs.stat(r.thumb_key)).toBeNull();
    for (const r of after) expect(await server.deps.blobs.stat(r.thumb_key)).not.toBeNull();
  });

  it('makes the grid thumbnail of an uploaded picture in the background, before it is asked for', async () => {
    const ahead = await startTestServer(dialect);
    try {
      const u = await driveUser(ahead);
      const r = await u.uploadV2('新照片.jpg', await jpegOf(1200, 900));
      expect(r.code).toBe(0);
      const rows = () =>
        ahead.deps.db.selectFrom('drive_thumbs').selectAll().where('user_id', '=', u.user.id).execute();
      await expect.poll(async () => (await rows()).map((t) => t.size), { timeout: 40_000 }).toEqual([256]);
      const item = ((await u.v2<V2ListResult>('/file/list', { parent_file_id: 'root' })).data as V2ListResult)
        .items[0] as V2File;
      const res = await fetch(item.thumbnail as string);
      await res.arrayBuffer();
      // Read from the store: its ETag is the stored blob's.
      expect(res.headers.get('etag')).toBe(`"${(await rows())[0]?.thumb_key}"`);
    } finally {
      await ahead.close();
    }
  }, 60_000);

  it('releases thumbnails with the account', async () => {
    const a = await driveUser(server);
    await upload(a, 'mine.jpg', await jpegOf(320, 320));
    for (const i of await listV2(a)) {
      for (const url of [i.thumbnail, i.thumbnail_large]) if (url) expect(await statusOf(url)).toBe(200);
    }
    const rows = await storedRows(a, 2);
    expect((await a.client.post(Api.userDelete, { password: a.user.password })).code).toBe(0);
    expect(await thumbRows(a)).toEqual([]);
    server.clock.advance(2 * 60 * 60_000);
    await purgeExpired(server.deps);
    for (const r of rows) expect(await server.deps.blobs.stat(r.thumb_key)).toBeNull();
  });
});
