import {
  DriveApi,
  DriveCode,
  DriveMsg,
  type V1BatchItem,
  type V1File,
  type V1ListResult,
  type V2BatchResponse,
  type V2File,
  type V2ListResult,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './support/db.js';
import { type DriveUser, driveUser } from './support/drive.js';
import { startTestServer, type TestServer } from './support/server.js';

describe.each(TEST_DIALECTS)('drive name conflicts and move reports [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  async function names(u: DriveUser, parent: string): Promise<string[]> {
    const page = await u.v2<V2ListResult>('/file/list', { parent_file_id: parent });
    return (page.data?.items ?? []).map((i) => i.name);
  }
  const upload = async (u: DriveUser, name: string, text: string, parent = 'root') =>
    (await u.uploadV2(name, Buffer.from(text), parent)).data as V2File;

  it('v2 /file/move: refuses a taken name by default; keeps both or replaces when asked', async () => {
    const u = await driveUser(server);
    const dest = await u.mkdirV2('目标');
    await upload(u, 'a.txt', 'old', dest.file_id);
    await upload(u, 'a(1).txt', 'older copy', dest.file_id);
    const first = await upload(u, 'a.txt', 'new one');
    const refused = await u.v2('/file/move', { file_id: first.file_id, to_parent_file_id: dest.file_id });
    expect(refused).toEqual({ code: DriveCode.NAME_EXISTS, message: DriveMsg.SAME_NAME_409 });

    // Keep both: the first free "a(n).txt" ("a(1).txt" is taken already).
    const kept = await u.v2('/file/move', {
      file_id: first.file_id,
      to_parent_file_id: dest.file_id,
      check_name_mode: 'auto_rename',
    });
    expect(kept.code).toBe(0);
    expect((await names(u, dest.file_id)).sort()).toEqual(['a(1).txt', 'a(2).txt', 'a.txt']);

    // Replace: the one there goes to the recycle bin, the moved one keeps its name.
    const second = await upload(u, 'a.txt', 'newest');
    const replaced = await u.v2('/file/move', {
      file_id: second.file_id,
      to_parent_file_id: dest.file_id,
      check_name_mode: 'overwrite',
    });
    expect(replaced.code).toBe(0);
    expect((await names(u, dest.file_id)).sort()).toEqual(['a(1).txt', 'a(2).txt', 'a.txt']);
    const listed = await u.v2<V2ListResult>('/file/list', { parent_file_id: dest.file_id });
    expect(listed.data?.items.find((i) => i.name === 'a.txt')?.file_id).toBe(second.file_id);
    const bin = await u.v2<{ items: V2File[] }>('/recyclebin/list', {});
    expect(bin.data?.items.map((i) => [i.name, i.size])).toEqual([['a.txt', 3]]);

    // A folder never replaces a file of its name (nor the other way): both are kept.
    const folder = await u.mkdirV2('a.txt');
    expect(
      (
        await u.v2('/file/move', {
          file_id: folder.file_id,
          to_parent_file_id: dest.file_id,
          check_name_mode: 'overwrite',
        })
      ).code,
    ).toBe(0);
    expect(await names(u, dest.file_id)).toContain('a.txt(1)');
  });

  it('a batch of moves says, per file, which failed and why', async () => {
    const u = await driveUser(server);
    const dest = await u.mkdirV2('dest');
    const inner = await u.mkdirV2('inner', dest.file_id);
    await upload(u, 'same.txt', 'x', dest.file_id);
    const same = await upload(u, 'same.txt', 'y');
    const free = await upload(u, 'free.txt', 'z');
    const res = await u.v2<{ responses: V2BatchResponse[] }>('/batch', {
      resource: 'file',
      requests: [same, free, dest].map((f, n) => ({
        id: String(n),
        method: 'POST',
        url: '/file/move',
        body: { file_id: f.file_id, to_parent_file_id: f === dest ? inner.file_id : dest.file_id },
      })),
    });
    expect(res.data?.responses.map((r) => [r.id, r.body.code, r.body.message])).toEqual([
      ['0', DriveCode.NAME_EXISTS, DriveMsg.SAME_NAME_409],
      ['1', 0, undefined],
      ['2', DriveCode.SUBFOLDER_OR_TOO_LARGE, DriveMsg.MOVE_INTO_SUBFOLDER],
    ]);
  });

  it('v1: move.json keeps refusing (the partial text, each id with its code and text); moveOndup.json resolves', async () => {
    const u = await driveUser(server);
    const add = async (name: string, pid: number | string = 999) =>
      (await u.client.post<V1File>(DriveApi.v1Add, { name, type: 'folder', pid })).data as V1File;
    const dest = await add('dest');
    await u.uploadV1('n.txt', Buffer.from('there'), dest.id);
    const n = (await u.uploadV1('n.txt', Buffer.from('moving'))).body.data as V1File;
    const ok = (await u.uploadV1('ok.txt', Buffer.from('ok'))).body.data as V1File;
    const moved = await u.client.post<V1BatchItem[]>(DriveApi.v1Move, {
      ids: `${n.id},${ok.id}`,
      targetId: dest.id,
    });
    expect(moved.code).toBe(DriveCode.NAME_EXISTS);
    expect(moved.message).toBe(DriveMsg.MOVE_PARTIAL);
    expect(moved.data).toEqual([
      { srcId: n.id, code: DriveCode.NAME_EXISTS, message: DriveMsg.SAME_NAME_409 },
      { srcId: ok.id, code: 0, targetId: dest.id },
    ]);
    // Even with ondup, the spec's route refuses.
    const still = await u.client.post(DriveApi.v1Move, {
      ids: String(n.id),
      targetId: dest.id,
      ondup: 'newcopy',
    });
    expect(still.code).toBe(DriveCode.NAME_EXISTS);

    const kept = await u.client.post<V1BatchItem[]>(DriveApi.v1MoveOndup, {
      ids: String(n.id),
      targetId: dest.id,
      ondup: 'newcopy',
    });
    expect(kept.code).toBe(0);
    const list = async () =>
      ((await u.client.get<V1ListResult>(DriveApi.v1List, { pid: dest.id })).data?.list ?? []).map(
        (i) => i.name,
      );
    expect((await list()).sort()).toEqual(['n(1).txt', 'n.txt', 'ok.txt']);

    const again = (await u.uploadV1('ok.txt', Buffer.from('newer ok'))).body.data as V1File;
    const over = await u.client.post(DriveApi.v1MoveOndup, {
      ids: String(again.id),
      targetId: dest.id,
      ondup: 'overwrite',
    });
    expect(over.code).toBe(0);
    const items = (await u.client.get<V1ListResult>(DriveApi.v1List, { pid: dest.id })).data?.list ?? [];
    expect(items.find((i) => i.name === 'ok.txt')?.id).toBe(again.id);
    // 'fail' (or nothing) refuses as move.json does.
    const third = (await u.uploadV1('n.txt', Buffer.from('third'))).body.data as V1File;
    expect(
      (await u.client.post(DriveApi.v1MoveOndup, { ids: String(third.id), targetId: dest.id, ondup: 'fail' }))
        .code,
    ).toBe(DriveCode.NAME_EXISTS);
  });

  it("another user's items and folders stay out of reach with any mode", async () => {
    const [a, b] = [await driveUser(server), await driveUser(server)];
    // Ids are per drive: b's third item has an id that a's drive does not hold.
    await b.mkdirV2('one');
    await b.mkdirV2('two');
    const theirs = await b.mkdirV2('theirs');
    const mine = await upload(a, 'm.txt', 'm');
    expect(Number(theirs.file_id)).toBeGreaterThan(Number(mine.file_id));
    for (const check_name_mode of ['overwrite', 'auto_rename']) {
      const into = await a.v2('/file/move', {
        file_id: mine.file_id,
        to_parent_file_id: theirs.file_id,
        check_name_mode,
      });
      expect(into.code).toBe(DriveCode.FOLDER_MISSING);
    }
    const v1 = await a.client.post<V1BatchItem[]>(DriveApi.v1MoveOndup, {
      ids: theirs.file_id,
      targetId: 999,
      ondup: 'overwrite',
    });
    expect(v1.data?.[0]?.code).toBe(DriveCode.NOT_FOUND);
  });

  it('upload auto_rename picks the first free name past "name(1)" too', async () => {
    const u = await driveUser(server);
    await upload(u, 'p.jpg', '1');
    await upload(u, 'p(1).jpg', '2');
    const third = (await u.uploadV2('p.jpg', Buffer.from('3'), 'root', { check_name_mode: 'auto_rename' }))
      .data;
    expect(third?.name).toBe('p(2).jpg');
  });
});
