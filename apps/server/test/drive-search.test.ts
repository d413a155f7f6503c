import {
  DriveFindMsg,
  type DrivePrefs,
  type V1ListResult,
  type V1SearchResult,
  type V2File,
  type V2ListResult,
  type V2SearchResult,
} from '@phonecloud/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './support/db.js';
import { type DriveUser, driveUser } from './support/drive.js';
import { startTestServer, type TestServer } from './support/server.js';

describe.each(TEST_DIALECTS)('drive search, sort and preferences [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const file = (u: DriveUser, name: string, parent = 'root', size = 1) =>
    u.uploadV2(name, new Uint8Array(size).fill(7), parent).then((r) => {
      expect(r.code, r.message).toBe(0);
      return r.data as V2File;
    });
  const searchV2 = (u: DriveUser, query: string, extra: Record<string, unknown> = {}) =>
    u.v2<V2SearchResult>('/file/search', { query, ...extra });
  const searchV1 = (u: DriveUser, key: string, extra: Record<string, string | number> = {}) =>
    u.client.get<V1SearchResult>('/v1/files/search.json', { key, ...extra });
  const names = (r: { data?: { items: { name: string }[] } }) => r.data?.items.map((i) => i.name);

  it('finds partial Chinese and Latin names anywhere in the drive, with the folder of each hit (both faces)', async () => {
    const u = await driveUser(server);
    const work = await u.mkdirV2('工作');
    const deals = await u.mkdirV2('合同', work.file_id);
    await file(u, '2024年度合同草稿.docx', deals.file_id);
    await file(u, '租房合同.pdf');
    await file(u, 'Quarterly REPORT.xlsx', work.file_id);
    await file(u, '旅行照片.jpg');

    const hits = await searchV2(u, '合同');
    expect(hits.code, hits.message).toBe(0);
    // Folders and files alike, in name order (pinyin: 2024… < he… < zu…).
    expect(names(hits)).toEqual(['2024年度合同草稿.docx', '合同', '租房合同.pdf']);
    const draft = hits.data?.items[0];
    expect(draft).toMatchObject({
      parent_file_id: deals.file_id,
      parent_path: '/工作/合同',
      parent_file_id_path: ['root', work.file_id, deals.file_id],
    });
    expect(hits.data?.items[2]).toMatchObject({ parent_path: '/', parent_file_id_path: ['root'] });
    expect(hits.data?.next_marker).toBe('');

    // Case folded, full-width letters as plain ones, Aliyun's query expression.
    expect(names(await searchV2(u, 'report'))).toEqual(['Quarterly REPORT.xlsx']);
    expect(names(await searchV2(u, 'ＲＥＰＯＲＴ'))).toEqual(['Quarterly REPORT.xlsx']);
    expect(names(await searchV2(u, 'name match "旅行"'))).toEqual(['旅行照片.jpg']);
    // One character, and signs that mean something to LIKE taken literally.
    expect(names(await searchV2(u, '租'))).toEqual(['租房合同.pdf']);
    expect(names(await searchV2(u, '%'))).toEqual([]);
    expect(names(await searchV2(u, '_'))).toEqual([]);

    const v1 = await searchV1(u, '合同');
    expect(v1.code, v1.message).toBe(0);
    expect(v1.data?.list.map((i) => i.name)).toEqual(['2024年度合同草稿.docx', '合同', '租房合同.pdf']);
    expect(v1.data?.list[0]).toMatchObject({
      pid: Number(deals.file_id),
      parentPath: '/工作/合同',
      parentIds: [999, Number(work.file_id), Number(deals.file_id)],
    });
    expect(v1.data?.hasMore).toBe(false);

    // An empty query is refused with its text.
    expect(await searchV2(u, '  ')).toMatchObject({ code: 1000, message: DriveFindMsg.QUERY_EMPTY });
    expect((await searchV1(u, '')).message).toBe(DriveFindMsg.QUERY_EMPTY);
  });

  it('pages through many hits with the marker, each hit once', async () => {
    const u = await driveUser(server);
    const folder = await u.mkdirV2('相册');
    for (let i = 1; i <= 7; i++) await file(u, `IMG_${i}.jpg`, i % 2 ? 'root' : folder.file_id);
    await file(u, 'other.txt');
    const seen: string[] = [];
    let marker = '';
    let pages = 0;
    do {
      const r = await searchV2(u, 'img_', { limit: 3, ...(marker ? { marker } : {}) });
      expect(r.code, r.message).toBe(0);
      seen.push(...(names(r) ?? []));
      marker = r.data?.next_marker ?? '';
      pages++;
    } while (marker && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7].map((i) => `IMG_${i}.jpg`));

    const p1 = await searchV1(u, 'IMG', { num: 4 });
    expect(p1.data?.list).toHaveLength(4);
    expect(p1.data?.hasMore).toBe(true);
    const p2 = await searchV1(u, 'IMG', { num: 4, marker: p1.data?.marker ?? '' });
    expect(p2.data?.list.map((i) => i.name)).toEqual(['IMG_5.jpg', 'IMG_6.jpg', 'IMG_7.jpg']);
    expect(p2.data?.hasMore).toBe(false);
    expect((await searchV2(u, 'img', { marker: 'not-a-marker' })).message).toBe(DriveFindMsg.BAD_MARKER);
  });

  it("never returns another user's items, nor items in the recycle bin; follows renames", async () => {
    const a = await driveUser(server);
    const b = await driveUser(server);
    const secret = await a.mkdirV2('机密资料');
    await file(a, '机密合同.pdf', secret.file_id);
    await file(b, '我的文件.txt');
    expect(names(await searchV2(b, '机密'))).toEqual([]);
    expect((await searchV1(b, '机密')).data?.list).toEqual([]);
    // Another drive's id is refused, as everywhere in v2.
    expect((await searchV2(b, '机密', { drive_id: a.driveId })).code).toBe(-2001);

    // A folder in the bin hides itself and everything inside it; restored, they are back.
    expect(names(await searchV2(a, '机密'))).toEqual(['机密合同.pdf', '机密资料']);
    expect((await a.v2('/file/delete', { file_id: secret.file_id })).code).toBe(0);
    expect(names(await searchV2(a, '机密'))).toEqual([]);
    expect((await a.v2('/recyclebin/restore', { file_id: secret.file_id })).code).toBe(0);
    expect(names(await searchV2(a, '机密'))).toEqual(['机密合同.pdf', '机密资料']);

    // A rename (by any face) is searched by its new name only.
    const renamed = await a.client.post('/v1/files/rename.json', { id: secret.file_id, name: '公开资料' });
    expect(renamed.code, renamed.message).toBe(0);
    expect(names(await searchV2(a, '机密'))).toEqual(['机密合同.pdf']);
    expect(names(await searchV2(a, '公开'))).toEqual(['公开资料']);
    expect((await searchV2(a, '机密')).data?.items[0]?.parent_path).toBe('/公开资料');
  });

  it('lists a folder in natural and pinyin name order, by size and by time, both ways, paged by marker', async () => {
    const u = await driveUser(server);
    const parent = await u.mkdirV2('排序');
    const p = parent.file_id;
    await u.mkdirV2('文件夹B', p);
    await u.mkdirV2('a文件夹', p);
    const spec: Array<[string, number]> = [
      ['file10.txt', 5],
      ['file2.txt', 30],
      ['File1.txt', 10],
      ['张三.txt', 40],
      ['阿里.txt', 20],
      ['中国.txt', 1],
      ['b.txt', 3],
    ];
    for (const [name, size] of spec) {
      await file(u, name, p, size);
      server.clock.advance(1000);
    }
    const all = async (order_by: string, order_direction: string, limit = 3) => {
      const out: string[] = [];
      let marker = '';
      for (let i = 0; i < 10; i++) {
        const r = await u.v2<V2ListResult>('/file/list', {
          parent_file_id: p,
          order_by,
          order_direction,
          limit,
          ...(marker ? { marker } : {}),
        });
        expect(r.code, r.message).toBe(0);
        out.push(...(names(r) ?? []));
        marker = r.data?.next_marker ?? '';
        if (!marker) break;
      }
      return out;
    };
    const byName = ['阿里.txt', 'b.txt', 'File1.txt', 'file2.txt', 'file10.txt', '张三.txt', '中国.txt'];
    expect(await all('name', 'ASC')).toEqual(['a文件夹', '文件夹B', ...byName]);
    // Folders stay first when the order turns.
    expect(await all('name', 'DESC')).toEqual(['文件夹B', 'a文件夹', ...[...byName].reverse()]);
    const bySize = [...spec].sort((x, y) => x[1] - y[1]).map(([n]) => n);
    expect((await all('size', 'ASC', 2)).slice(2)).toEqual(bySize);
    expect((await all('size', 'DESC', 4)).slice(2)).toEqual([...bySize].reverse());
    expect((await all('updated_at', 'ASC')).slice(2)).toEqual(spec.map(([n]) => n));
    expect((await all('updated_at', 'DESC')).slice(2)).toEqual(spec.map(([n]) => n).reverse());
    // Without an order the listing is the one it always was (kind, name, id).
    const plain = await u.v2<V2ListResult>('/file/list', { parent_file_id: p });
    expect(plain.data?.items).toHaveLength(9);
    // A marker of another order is refused; an unknown order too.
    const first = await u.v2<V2ListResult>('/file/list', { parent_file_id: p, order_by: 'size', limit: 2 });
    const wrong = await u.v2('/file/list', {
      parent_file_id: p,
      order_by: 'name',
      limit: 2,
      marker: first.data?.next_marker,
    });
    expect(wrong.message).toBe(DriveFindMsg.BAD_MARKER);
    expect((await u.v2('/file/list', { parent_file_id: p, order_by: 'colour' })).message).toBe(
      DriveFindMsg.BAD_ORDER,
    );

    // The older face: order=name|size|time, desc=1, marker paging.
    const v1All = async (order: string, desc: string) => {
      const out: string[] = [];
      let marker = '';
      for (let i = 0; i < 10; i++) {
        const r = await u.client.get<V1ListResult>('/v1/files/list.json', {
          pid: p,
          order,
          desc,
          size: 4,
          ...(marker ? { marker } : {}),
        });
        expect(r.code, r.message).toBe(0);
        out.push(...(r.data?.list.map((x) => x.name) ?? []));
        marker = r.data?.marker ?? '';
        if (!r.data?.hasMore) break;
      }
      return out;
    };
    expect(await v1All('name', '0')).toEqual(['a文件夹', '文件夹B', ...byName]);
    expect((await v1All('name', '1')).slice(2)).toEqual([...byName].reverse());
    expect((await v1All('size', '1')).slice(2)).toEqual([...bySize].reverse());
    expect((await v1All('time', '0')).slice(2)).toEqual(spec.map(([n]) => n));
    // Another user's folder: missing.
    const other = await driveUser(server);
    expect((await other.v2('/file/list', { parent_file_id: p, order_by: 'name' })).code).toBe(-2006);
  });

  it('answers common, rare and missing one- and two-character queries alike, page after page', async () => {
    const u = await driveUser(server);
    expect((await u.v2('/drive/get')).code).toBe(0);
    const { db } = server.db.handle;
    const userId = Number(u.driveId);
    const first = Number(
      (await sql<{ n: number }>`SELECT next_id AS n FROM drives WHERE user_id = ${userId}`.execute(db))
        .rows[0]?.n,
    );
    // 300 names: every third holds 照 (a page fills from the first entries of the index), one
    // holds 鑫 near the end (found by the name's characters, past the first entries).
    const all = Array.from({ length: 300 }, (_, i) =>
      i === 290 ? `鑫源${i}.txt` : i % 3 === 0 ? `照片${i}.jpg` : `文档${i}.txt`,
    );
    const now = server.clock.now();
    for (const [i, name] of all.entries()) {
      await sql`INSERT INTO drive_items (user_id, id, parent_id, name, kind, size, blob_key, created_at, updated_at, trashed_at)
        VALUES (${userId}, ${first + i}, 999, ${name}, 1, 1, NULL, ${now}, ${now}, NULL)`.execute(db);
    }
    await sql`UPDATE drives SET next_id = ${first + all.length} WHERE user_id = ${userId}`.execute(db);

    const photos = all.filter((n) => n.includes('照'));
    const seen: string[] = [];
    let marker = '';
    for (let pages = 0; pages < 20; pages++) {
      const r = await searchV2(u, '照', { limit: 30, ...(marker ? { marker } : {}) });
      expect(r.code, r.message).toBe(0);
      seen.push(...(names(r) ?? []));
      marker = r.data?.next_marker ?? '';
      if (!marker) break;
    }
    // Natural order: 照片0, 照片3, … 照片297 (numbers by value).
    expect(seen).toEqual(photos);
    expect(names(await searchV2(u, '鑫'))).toEqual(['鑫源290.txt']);
    expect(names(await searchV2(u, '源2'))).toEqual(['鑫源290.txt']);
    expect(names(await searchV2(u, '片29'))).toEqual(['照片291.jpg', '照片294.jpg', '照片297.jpg']);
    expect(names(await searchV2(u, '淼'))).toEqual([]);
    expect(names(await searchV2(u, '文照'))).toEqual([]);
  });

  it('has its search index (and on PostgreSQL the trigram index, pg_trgm being installable here)', async () => {
    const { db, dialect: d } = server.db.handle;
    const names =
      d === 'postgres'
        ? (
            await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes
              WHERE schemaname = current_schema() AND tablename = 'drive_items'`.execute(db)
          ).rows.map((r) => r.name)
        : (
            await sql<{
              name: string;
            }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'drive_items'`.execute(db)
          ).rows.map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'drive_items_search',
        'drive_items_by_key',
        'drive_items_by_size',
        'drive_items_by_time',
      ]),
    );
    if (d === 'postgres')
      expect(names).toEqual(expect.arrayContaining(['drive_items_name_trgm', 'drive_items_name_chars']));
  });

  it('remembers the sort and view per user, the same on both faces', async () => {
    const u = await driveUser(server);
    const other = await driveUser(server);
    const fresh = await u.v2<DrivePrefs>('/drive/get_prefs');
    expect(fresh.data).toEqual({ sort: 'name', dir: 'asc', view: 'list' });
    const set = await u.v2<DrivePrefs>('/drive/update_prefs', { view: 'grid', sort: 'time' });
    expect(set.data).toEqual({ sort: 'time', dir: 'asc', view: 'grid' });
    expect((await u.client.get<DrivePrefs>('/v1/users/prefs.json')).data).toEqual(set.data);
    const v1Set = await u.client.post<DrivePrefs>('/v1/users/setPrefs.json', { dir: 'desc' });
    expect(v1Set.data).toEqual({ sort: 'time', dir: 'desc', view: 'grid' });
    expect((await u.v2<DrivePrefs>('/drive/get_prefs')).data).toEqual(v1Set.data);
    expect((await u.v2('/drive/update_prefs', { view: 'tiles' })).message).toBe(DriveFindMsg.BAD_VIEW);
    expect((await u.client.post('/v1/users/setPrefs.json', { sort: 'colour' })).message).toBe(
      DriveFindMsg.BAD_ORDER,
    );
    // Nothing changed by the refused calls; the other user keeps the defaults.
    expect((await u.v2<DrivePrefs>('/drive/get_prefs')).data).toEqual(v1Set.data);
    expect((await other.v2<DrivePrefs>('/drive/get_prefs')).data).toEqual({
      sort: 'name',
      dir: 'asc',
      view: 'list',
    });
    // Cookie POSTs keep their CSRF check.
    expect((await u.client.post('/v1/users/setPrefs.json', { view: 'list' }, { csrf: false })).code).toBe(
      1002,
    );
  });
});
