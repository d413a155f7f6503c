import {
  DriveCode,
  SHARE_CODE_ALPHABET,
  ShareCode,
  ShareMsg,
  type V1Share,
  type V1ShareRecord,
  type V2Share,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareModule, shareService } from '../src/modules/share/module.js';
import { statusOf } from '../src/modules/share/service.js';
import { TEST_DIALECTS } from './support/db.js';
import { driveUser } from './support/drive.js';
import { startTestServer, type TestServer } from './support/server.js';
import { fetchBytes, share, tree, unzip, visitor } from './support/share.js';

const DAY = 24 * 60 * 60_000;

describe.each(TEST_DIALECTS)('share links [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => server.close());

  it('creates a link with a random code by default, listed in both faces with its counts', async () => {
    const u = await driveUser(server);
    const t = await tree(u);
    const s = await share(u, [t.album.file_id, t.top.file_id]);
    expect(s.share_pwd).toMatch(new RegExp(`^[${SHARE_CODE_ALPHABET}]{4}$`));
    expect(s.share_url).toBe(`${server.baseUrl}/s/${s.share_id}`);
    expect(s.share_name).toBe('相册等2个文件');
    expect(s.expire_days).toBe(7);
    expect(Date.parse(s.expiration) - server.clock.now()).toBe(7 * DAY);
    expect(s.status).toBe('valid');
    expect(s.file_id_list).toEqual([t.album.file_id, t.top.file_id]);

    const v2 = await u.v2<{ items: V2Share[]; next_marker: string }>('/share_link/list', {});
    expect(v2.data?.items.map((i) => i.share_id)).toEqual([s.share_id]);
    const v1 = await u.client.get<V1ShareRecord>('/v1/share/record.json');
    expect(v1.code).toBe(0);
    expect(v1.data?.total).toBe(1);
    expect(v1.data?.list[0]).toMatchObject({
      shareId: s.share_id,
      pwd: s.share_pwd,
      period: 7,
      fids: [Number(t.album.file_id), Number(t.top.file_id)],
      viewCount: 0,
      downloadCount: 0,
      status: 'valid',
    });

    // A visit and two downloads show in the counts.
    const v = visitor(server, '198.51.100.10');
    const token = await v.open(s.share_id, s.share_pwd);
    expect((await v.downloadUrl(s.share_id, token, t.top.file_id)).code).toBe(0);
    expect((await v.zipUrl(s.share_id, token, [t.album.file_id, t.top.file_id])).code).toBe(0);
    const after = await u.v2<{ items: V2Share[] }>('/share_link/list', {});
    expect(after.data?.items[0]).toMatchObject({ view_count: 1, download_count: 2 });
  });

  it('creates from the older face with a form: chosen period and code, or none', async () => {
    const u = await driveUser(server);
    const file = (await u.uploadV2('表格.csv', Buffer.from('a,b'))).data;
    const made = await u.client.post<V1Share>('/v1/share/set.json', {
      fids: String(file?.file_id),
      period: 30,
      pwd: 'Ab12',
    });
    expect(made.code, made.message).toBe(0);
    expect(made.data?.pwd).toBe('ab12');
    expect(made.data?.period).toBe(30);
    expect((made.data?.expiredTime ?? 0) - server.clock.now()).toBe(30 * DAY);
    expect(made.data?.link).toBe(`${server.baseUrl}/s/${made.data?.shareId}`);

    const open = await u.client.post<V1Share>('/v1/share/set.json', {
      fids: String(file?.file_id),
      period: 0,
      pwd: '',
    });
    expect(open.data?.pwd).toBe('');
    expect(open.data?.expiredTime).toBe(0);
    const random = await u.client.post<V1Share>('/v1/share/set.json', {
      fids: String(file?.file_id),
      period: 1,
    });
    expect(random.data?.pwd).toMatch(/^[a-z2-9]{4}$/);

    // Wrong periods and codes are refused with their texts, and nothing is made.
    expect((await u.client.post('/v1/share/set.json', { fids: String(file?.file_id), period: 3 })).code).toBe(
      1000,
    );
    const bad = await u.client.post('/v1/share/set.json', {
      fids: String(file?.file_id),
      period: 1,
      pwd: 'a1',
    });
    expect(bad).toMatchObject({ code: ShareCode.CODE_FORMAT, message: ShareMsg.CODE_FORMAT });
    expect(
      (await u.client.post('/v1/share/set.json', { fids: String(file?.file_id), period: 1, pwd: '中文密码' }))
        .code,
    ).toBe(ShareCode.CODE_FORMAT);
    expect((await u.client.get<V1ShareRecord>('/v1/share/record.json')).data?.total).toBe(3);
    // The older face needs its drive session, as every v1 call.
    const bare = u.client.fork();
    for (const [k, val] of u.client.cookies) if (k !== 'pc_yun') bare.cookies.set(k, val);
    const res = await bare.raw('/v1/share/record.json');
    expect(res.status).toBe(401);
  });

  it('asks for the code (case does not count), then lists, browses and downloads', async () => {
    const u = await driveUser(server);
    const t = await tree(u);
    const s = await share(u, [t.album.file_id, t.top.file_id], { pwd: 'Q7x2' });
    expect(s.share_pwd).toBe('q7x2');
    const v = visitor(server, '198.51.100.11');

    // Before the code: no names, only whether a code is needed and when it ends.
    const info = await v.info(s.share_id);
    expect(info.data).toEqual({
      share_id: s.share_id,
      has_pwd: true,
      expiration: s.expiration,
      file_count: 2,
    });
    expect(JSON.stringify(info)).not.toContain('相册');
    expect((await v.list(s.share_id, '')).code).toBe(ShareCode.VISIT_EXPIRED);
    expect(await v.token(s.share_id)).toMatchObject({
      code: ShareCode.CODE_WRONG,
      message: ShareMsg.CODE_REQUIRED,
    });
    expect(await v.token(s.share_id, 'q7x3')).toMatchObject({
      code: ShareCode.CODE_WRONG,
      message: ShareMsg.CODE_WRONG,
    });
    const token = await v.open(s.share_id, 'Q7X2');

    const top = await v.list(s.share_id, token);
    expect(top.data?.items.map((i) => i.name)).toEqual(['相册', '根.txt']);
    expect(top.data?.path).toEqual([]);
    const inAlbum = await v.list(s.share_id, token, t.album.file_id);
    expect(inAlbum.data?.items.map((i) => i.name)).toEqual(['子', '一.txt']);
    const inSub = await v.list(s.share_id, token, t.sub.file_id);
    expect(inSub.data?.items.map((i) => i.name)).toEqual(['二.txt']);
    expect(inSub.data?.path).toEqual([
      { file_id: t.album.file_id, name: '相册' },
      { file_id: t.sub.file_id, name: '子' },
    ]);

    const url = await v.downloadUrl(s.share_id, token, t.two.file_id);
    expect(url.code).toBe(0);
    const got = await fetchBytes(url.data?.url ?? '');
    expect(got.res.status).toBe(200);
    expect(got.bytes.toString()).toBe('第二');
    expect(got.res.headers.get('content-disposition')).toContain('attachment');
    expect(got.res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.res.headers.get('content-security-policy')).toContain('sandbox');
    const part = await fetchBytes(url.data?.url ?? '', { range: 'bytes=3-5' });
    expect(part.res.status).toBe(206);
    expect(part.bytes.toString()).toBe('二');

    // Several items: one zip, folders with their content.
    const zip = await v.zipUrl(s.share_id, token, [t.album.file_id, t.top.file_id]);
    expect(zip.data?.name).toBe('相册等2个文件.zip');
    const z = await fetchBytes(zip.data?.url ?? '');
    expect(z.res.headers.get('content-type')).toBe('application/zip');
    const entries = await unzip(z.bytes);
    expect([...entries.keys()].sort()).toEqual(
      ['根.txt', '相册/', '相册/一.txt', '相册/子/', '相册/子/二.txt'].sort(),
    );
    expect(entries.get('相册/子/二.txt')?.toString()).toBe('第二');

    // A link without a code opens with none.
    const free = await share(u, [t.beside.file_id], { pwd: '' });
    expect(free.share_pwd).toBe('');
    expect((await v.info(free.share_id)).data?.has_pwd).toBe(false);
    const freeToken = await v.open(free.share_id);
    expect((await v.list(free.share_id, freeToken)).data?.items.map((i) => i.name)).toEqual(['旁边']);
  });

  it("previews files of the share by the drive's rules, checked again when fetched", async () => {
    const u = await driveUser(server);
    const t = await tree(u);
    const page = (await u.uploadV2('页面.html', Buffer.from('<script>alert(1)</script>'), t.album.file_id))
      .data;
    const png = (await u.uploadV2('图.png', Buffer.from('not really a png'), t.album.file_id)).data;
    const bin = (await u.uploadV2('数据.bin', Buffer.from([1, 2, 3]), t.album.file_id)).data;
    const s = await share(u, [t.album.file_id], { pwd: 'pv01' });
    const v = visitor(server, '198.51.100.14');
    const token = await v.open(s.share_id, 'pv01');
    const preview = (id: string) =>
      v.call<{ url: string; kind: string; content_type: string }>(
        '/share/preview_url',
        { share_id: s.share_id, file_id: id },
        token,
      );

    const text = await preview(t.one.file_id);
    expect(text.data).toMatchObject({ kind: 'text', content_type: 'text/plain; charset=utf-8' });
    const got = await fetchBytes(text.data?.url ?? '');
    expect(got.bytes.toString()).toBe('第一');
    expect(got.res.headers.get('content-disposition')).toMatch(/^inline/);
    expect(got.res.headers.get('content-security-policy')).toContain('sandbox');
    expect(got.res.headers.get('x-content-type-options')).toBe('nosniff');
    // Markup is shown as its text, never run.
    const html = await preview(String(page?.file_id));
    const h = await fetchBytes(html.data?.url ?? '');
    expect(h.res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect((await preview(String(png?.file_id))).data?.kind).toBe('image');
    expect((await preview(String(bin?.file_id))).data).toMatchObject({ kind: 'none', url: '' });
    // Outside the share, or without a visit: nothing.
    expect((await preview(t.three.file_id)).code).toBe(ShareCode.ITEM_GONE);
    expect((await preview(t.sub.file_id)).code).toBe(ShareCode.ITEM_GONE);
    expect((await v.call('/share/preview_url', { share_id: s.share_id, file_id: t.one.file_id })).code).toBe(
      ShareCode.VISIT_EXPIRED,
    );
    // A preview URL is no download URL and no drive preview URL.
    expect(
      (await fetchBytes((text.data?.url ?? '').replace('/share/preview?', '/share/file?'))).res.status,
    ).toBe(403);
    expect(
      (await fetchBytes((text.data?.url ?? '').replace('/share/preview?', '/drive/preview?'))).res.status,
    ).toBe(403);
    // Moved out, then the link cancelled: the URL given before stops.
    expect((await u.v2('/file/move', { file_id: t.one.file_id, to_parent_file_id: 'root' })).code).toBe(0);
    expect((await fetchBytes(text.data?.url ?? '')).res.status).toBe(404);
    await u.v2('/share_link/cancel', { share_id: s.share_id });
    expect((await fetchBytes(html.data?.url ?? '')).res.status).toBe(410);
  });

  it('expires after 1, 7 or 30 days; "never" does not; other periods are refused', async () => {
    const u = await driveUser(server);
    const f = (await u.uploadV2('期限.txt', Buffer.from('x'))).data;
    const id = String(f?.file_id);
    const day = await share(u, [id], { days: 1, pwd: 'aaaa' });
    const week = await share(u, [id], { days: 7, pwd: 'aaaa' });
    const month = await share(u, [id], { days: 30, pwd: 'aaaa' });
    const never = await share(u, [id], { days: 0, pwd: 'aaaa' });
    expect(never.expiration).toBe('');
    expect((await u.v2('/share_link/create', { file_id_list: [id], expire_days: 2 })).code).toBe(1000);

    const v = visitor(server, '198.51.100.12');
    const token = await v.open(day.share_id, 'aaaa');
    server.clock.advance(DAY + 1);
    expect(await v.info(day.share_id)).toMatchObject({ code: ShareCode.EXPIRED, message: ShareMsg.EXPIRED });
    expect((await v.token(day.share_id, 'aaaa')).code).toBe(ShareCode.EXPIRED);
    expect((await v.list(day.share_id, token)).code).toBe(ShareCode.EXPIRED);
    expect((await v.info(week.share_id)).code).toBe(0);
    server.clock.advance(6 * DAY);
    expect((await v.info(week.share_id)).code).toBe(ShareCode.EXPIRED);
    expect((await v.info(month.share_id)).code).toBe(0);
    server.clock.advance(23 * DAY);
    expect((await v.info(month.share_id)).code).toBe(ShareCode.EXPIRED);
    server.clock.advance(400 * DAY);
    expect((await v.info(never.share_id)).code).toBe(0);
    // The owner's drive token has long expired by now: the list is read through the service.
    const rows = await shareService(server.deps).list(u.user.id, 10);
    const now = server.clock.now();
    expect(rows.map((r) => statusOf(r, now)).sort()).toEqual(['expired', 'expired', 'expired', 'valid']);
  });

  it('cancels: the link, its visits and its download URLs stop; only the owner may cancel', async () => {
    const u = await driveUser(server);
    const other = await driveUser(server);
    const t = await tree(u);
    const s = await share(u, [t.album.file_id], { pwd: 'c4c4' });
    const v = visitor(server, '198.51.100.13');
    const token = await v.open(s.share_id, 'c4c4');
    const url = (await v.downloadUrl(s.share_id, token, t.one.file_id)).data?.url ?? '';
    const zip = (await v.zipUrl(s.share_id, token, [t.album.file_id])).data?.url ?? '';

    expect((await other.v2('/share_link/cancel', { share_id: s.share_id })).code).toBe(ShareCode.NOT_FOUND);
    expect((await other.client.post('/v1/share/cancel.json', { shareIds: s.share_id })).code).toBe(
      ShareCode.NOT_FOUND,
    );
    expect((await v.info(s.share_id)).code).toBe(0);

    const done = await u.v2<{ share_id_list: string[] }>('/share_link/cancel', { share_id: s.share_id });
    expect(done.data?.share_id_list).toEqual([s.share_id]);
    expect(await v.info(s.share_id)).toMatchObject({
      code: ShareCode.CANCELLED,
      message: ShareMsg.CANCELLED,
    });
    expect((await v.token(s.share_id, 'c4c4')).code).toBe(ShareCode.CANCELLED);
    expect((await v.list(s.share_id, token)).code).toBe(ShareCode.CANCELLED);
    expect((await fetchBytes(url)).res.status).toBe(410);
    expect((await fetchBytes(zip)).res.status).toBe(410);
    const listed = await u.v2<{ items: V2Share[] }>('/share_link/list', {});
    expect(listed.data?.items[0]?.status).toBe('cancelled');

    // The older face cancels several at once.
    const a = await share(u, [t.top.file_id]);
    const b = await share(u, [t.beside.file_id]);
    const r = await u.client.post<{ count: number }>('/v1/share/cancel.json', {
      shareIds: `${a.share_id},${b.share_id}`,
    });
    expect(r.data?.count).toBe(2);
    expect((await v.info(a.share_id)).code).toBe(ShareCode.CANCELLED);
    expect((await v.info(b.share_id)).code).toBe(ShareCode.CANCELLED);
    // Unknown and malformed ids.
    expect((await v.info('doesnotexist1234')).code).toBe(ShareCode.NOT_FOUND);
    expect((await v.info('../../etc')).code).toBe(ShareCode.NOT_FOUND);
  });

  it('keeps cancelled and expired links listed for 30 days, then housekeeping drops them', async () => {
    const u = await driveUser(server);
    const f = (await u.uploadV2('旧.txt', Buffer.from('x'))).data;
    const s = await share(u, [String(f?.file_id)], { days: 1 });
    const keep = await share(u, [String(f?.file_id)], { days: 0 });
    const shares = shareService(server.deps);
    server.clock.advance(20 * DAY);
    await shareModule.housekeeping?.(server.deps);
    expect(await shares.list(u.user.id, 10)).toHaveLength(2);
    server.clock.advance(20 * DAY);
    await shareModule.housekeeping?.(server.deps);
    const left = await shares.list(u.user.id, 10);
    expect(left.map((i) => i.public_id)).toEqual([keep.share_id]);
    expect((await visitor(server).info(s.share_id)).code).toBe(ShareCode.NOT_FOUND);
  });

  it('pages the owner list by marker (v2) and page (v1)', async () => {
    const u = await driveUser(server);
    const f = (await u.uploadV2('多.txt', Buffer.from('x'))).data;
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      made.push((await share(u, [String(f?.file_id)])).share_id);
      server.clock.advance(1000);
    }
    const seen: string[] = [];
    let marker = '';
    do {
      const page = await u.v2<{ items: V2Share[]; next_marker: string }>('/share_link/list', {
        limit: 2,
        marker,
      });
      seen.push(...(page.data?.items.map((i) => i.share_id) ?? []));
      marker = page.data?.next_marker ?? '';
    } while (marker);
    expect(seen).toEqual([...made].reverse());
    const p2 = await u.client.get<V1ShareRecord>('/v1/share/record.json', { page: 2, size: 2 });
    expect(p2.data?.list.map((i) => i.shareId)).toEqual([made[2], made[1]]);
    expect(p2.data?.total).toBe(5);
  });

  it('opens /s/<id> on the portal page, the code of a copied link carried along', async () => {
    const res = await fetch(`${server.baseUrl}/s/AbCdEfGh12345678?pwd=ab12`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/#/s/AbCdEfGh12345678?pwd=ab12');
    const odd = await fetch(`${server.baseUrl}/s/a.b?pwd=<script>`, { redirect: 'manual' });
    expect(odd.headers.get('location')).toBe('/#/s/invalid');
  });

  it("refuses to share nothing, the root, too many items, or another drive's items", async () => {
    const u = await driveUser(server);
    const other = await driveUser(server);
    const theirs = (await other.uploadV2('别人的.txt', Buffer.from('x'))).data;
    expect((await u.v2('/share_link/create', { file_id_list: [] })).code).toBe(1000);
    expect((await u.v2('/share_link/create', { file_id_list: ['root'] })).code).toBe(1000);
    expect((await u.v2('/share_link/create', { file_id_list: [String(theirs?.file_id)] })).code).toBe(
      DriveCode.NOT_FOUND,
    );
    expect(
      (await u.client.post('/v1/share/set.json', { fids: String(theirs?.file_id), period: 7 })).code,
    ).toBe(DriveCode.NOT_FOUND);
    const many = Array.from({ length: 101 }, (_, i) => String(1000 + i));
    expect((await u.v2('/share_link/create', { file_id_list: many })).code).toBe(ShareCode.TOO_MANY_ITEMS);
    expect((await u.v2<{ items: V2Share[] }>('/share_link/list', {})).data?.items).toEqual([]);
  });
});
