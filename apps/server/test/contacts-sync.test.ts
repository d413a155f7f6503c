import {
  Code,
  type ContactRefresh,
  type MergeResult,
  type RecycleBin,
  type RepeatList,
  type TimeMachineChange,
  type TimeMachineList,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeContacts } from '../src/modules/contacts/housekeeping.js';
import { verifiedClient } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { book, closeServer, names, person, remove, save } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

const MINUTE = 60_000;
const DAY_MS = 24 * 60 * MINUTE;

async function refresh(client: TestClient, since: number) {
  return client.post<ContactRefresh>('/contact/refresh.do', { sync_version: since, flag: 0 });
}
async function nodes(client: TestClient) {
  return ((await client.get<TimeMachineList>('/contact/time_machine/list.do')).data as TimeMachineList).list;
}
async function diff(client: TestClient, objectId: string) {
  const res = await client.post<TimeMachineChange>('/contact/time_machine/change.do', {
    sync_version: 0,
    version_code: objectId,
    object_id: objectId,
  });
  expect(res.code, res.message).toBe(0);
  return res.data as TimeMachineChange;
}
async function recover(client: TestClient, objectId: string) {
  const res = await client.post('/contact/time_machine/recover.do', {
    sync_version: 0,
    time_machine: objectId,
  });
  expect(res.code, res.message).toBe(0);
}

describe.each(TEST_DIALECTS)('contacts: refresh, time machine, merge [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { VERIFY_TTL_MINUTES: String(365 * 24 * 60) } });
  });
  afterAll(() => closeServer(server));

  it('answers what changed since a sync_version, nothing when nothing did, 1009 when it cannot tell', async () => {
    const { client, user } = await verifiedClient(server);
    const a = await save(client, person('阿甲'));
    const b = await save(client, person('阿乙'));
    const since = (await book(client)).sync_version;
    expect((await refresh(client, since)).data).toEqual({ sync_version: since, list: {}, del: [] });

    // A second device of the same user changes the book (its code comes after the 60 s resend wait).
    server.clock.advance(61_000);
    const { client: phone } = await verifiedClient(server, user);
    await save(phone, person('阿甲改'), { server_id: a.server_id, version_code: a.version_code });
    await remove(phone, [b.contact]);
    const c = await save(phone, person('阿丙', { group: [{ groupTitle: '新组' }] }));
    const delta = (await refresh(client, since)).data as ContactRefresh;
    expect(delta.sync_version).toBe((await book(phone)).sync_version);
    expect(Object.keys(delta.list).sort()).toEqual([a.server_id, c.server_id].sort());
    expect(delta.list[a.server_id]?.content.name[0]?.display_name).toBe('阿甲改');
    expect(delta.del).toEqual([b.server_id]);
    expect(delta.group).toEqual({ 新组: [c.server_id] });
    expect(delta.letter_index?.A?.sort()).toEqual([a.server_id, c.server_id].sort());
    expect((await refresh(client, delta.sync_version)).data?.list).toEqual({});

    expect((await refresh(client, delta.sync_version + 1)).code).toBe(Code.FULL_RELOAD);
    // Once the log is compacted past a version, a client still there must reload everything.
    // (Both sessions are used within their 30 idle days.)
    server.clock.advance(29 * DAY_MS);
    await book(client);
    await book(phone);
    server.clock.advance(2 * DAY_MS);
    await save(phone, person('阿丁'));
    await purgeContacts(server.deps);
    expect((await refresh(client, since)).code).toBe(Code.FULL_RELOAD);
    const now = (await book(client)).sync_version;
    expect((await refresh(client, now)).code).toBe(0);
    expect(await names(client)).toEqual(['阿丁', '阿丙', '阿甲改'].sort());
  });

  it('folds changes into version nodes, diffs a node against the book, restores it, and undoes the restore', async () => {
    const { client } = await verifiedClient(server);
    expect(await nodes(client)).toEqual([]);
    const a = await save(client, person('节点甲'));
    server.clock.advance(MINUTE);
    const b = await save(client, person('节点乙'));
    const c = await save(client, person('节点丙'));
    // The state after the latest change is a restore point at once.
    const [n1] = await nodes(client);
    expect(n1).toMatchObject({ changes: 3, version_code: c.version_code });
    expect(n1?.time).toBe(server.clock.now());
    expect(n1?.start_time).toBe(server.clock.now() - MINUTE);
    server.clock.advance(11 * MINUTE);
    expect((await diff(client, n1?.object_id ?? '')).letter_index).toEqual({ del: [], add: [], upd: [] });

    // Second batch: edit, delete (and empty the bin, so the contact is gone for good), add.
    await save(client, person('节点甲（改）'), { server_id: a.server_id, version_code: a.version_code });
    await remove(client, [b.contact]);
    await client.post('/contact/recycle_bin/empty.do', { sync_version: 0 });
    // Within 10 minutes of the node's first change: the same node.
    server.clock.advance(8 * MINUTE);
    const d = await save(client, person('节点丁'));
    const list = await nodes(client);
    expect(list).toHaveLength(2);
    expect(list[1]).toMatchObject({ version_code: d.version_code });
    const n2 = list[1];
    const changes = await diff(client, n1?.object_id ?? '');
    expect(changes.letter_index).toEqual({ del: [b.server_id], add: [d.server_id], upd: [a.server_id] });
    expect(changes.list[b.server_id]?.content.name[0]?.display_name).toBe('节点乙');
    expect(changes.list[a.server_id]?.content.name[0]?.display_name).toBe('节点甲');
    expect(changes.list[d.server_id]?.content.name[0]?.display_name).toBe('节点丁');
    expect((await diff(client, n2?.object_id ?? '')).letter_index).toEqual({ del: [], add: [], upd: [] });

    server.clock.advance(11 * MINUTE);
    await recover(client, n1?.object_id ?? '');
    expect(await names(client)).toEqual(['节点丙', '节点乙', '节点甲'].sort());
    expect(Object.keys((await book(client)).list).sort()).toEqual(
      [a.server_id, b.server_id, c.server_id].sort(),
    );
    const bin = (await client.get<RecycleBin>('/contact/recycle_bin/list.do')).data as RecycleBin;
    expect(Object.keys(bin.list)).toEqual([d.server_id]);

    // The restore is a change like any other: a node of its own at once (it came more than 10
    // minutes after the previous node opened), and undone by the node before it.
    const after = await nodes(client);
    expect(after).toHaveLength(3);
    await recover(client, n2?.object_id ?? '');
    expect(await names(client)).toEqual(['节点丁', '节点丙', '节点甲（改）'].sort());
    expect((await client.post('/contact/time_machine/change.do', { object_id: '999999' })).code).toBe(
      Code.INVALID,
    );
  });

  it('keeps nodes at least 30 days and drops older ones after compaction', async () => {
    const { client } = await verifiedClient(server);
    await save(client, person('很久以前'));
    server.clock.advance(20 * DAY_MS);
    await save(client, person('二十天前'));
    server.clock.advance(15 * DAY_MS);
    await purgeContacts(server.deps);
    const list = await nodes(client);
    expect(list).toHaveLength(1);
    expect(list[0]?.time).toBe(server.clock.now() - 15 * DAY_MS);
    // The compacted base still rebuilds that node: nothing changed since.
    expect((await diff(client, list[0]?.object_id ?? '')).letter_index).toEqual({
      del: [],
      add: [],
      upd: [],
    });
    expect(await names(client)).toEqual(['二十天前', '很久以前'].sort());
  });

  it('finds identical and possibly duplicate contacts, and merges chosen groups', async () => {
    const { client } = await verifiedClient(server);
    const twin = person('王小明', {
      phone: [{ number: '138 0013 8000' }],
      email: [{ address: 'xm@example.com' }],
    });
    const x1 = await save(client, twin);
    const x2 = await save(
      client,
      person('王小明', { phone: [{ number: '+86 138-0013-8000' }], email: [{ address: 'XM@example.com' }] }),
    );
    const y1 = await save(client, person('李雷', { phone: [{ number: '+86 139-0000-0000' }] }));
    const y2 = await save(
      client,
      person('李雷（工作）', { phone: [{ number: '13900000000', type: 3 }], note: [{ note: '工作号' }] }),
    );
    const z1 = await save(client, person('韩梅梅', { email: [{ address: 'mm@example.com' }] }));
    const z2 = await save(client, person('Meimei Han', { email: [{ address: 'MM@Example.com' }] }));
    const w1 = await save(
      client,
      person('张伟', { phone: [{ number: '13100000001' }], group: [{ groupTitle: '同学' }] }),
    );
    const w2 = await save(
      client,
      person('张伟', { phone: [{ number: '13100000002' }], organization: [{ company: '某公司' }] }),
    );
    await save(client, person('独一无二'));

    const repeat = (await client.get<RepeatList>('/contact/repeat_list.do')).data as RepeatList;
    expect(repeat.same_ids).toEqual([[x1.server_id, x2.server_id]]);
    expect(repeat.repeat_ids).toEqual([
      [y1.server_id, y2.server_id],
      [z1.server_id, z2.server_id],
      [w1.server_id, w2.server_id],
    ]);
    expect(repeat.repeat_same_name).toEqual([false, false, true]);
    expect(Object.keys(repeat.repeat_info).sort()).toEqual(
      [x1, x2, y1, y2, z1, z2, w1, w2].map((c) => c.server_id).sort(),
    );

    const merged = await client.post<MergeResult>('/contact/merge.do', {
      sync_version: 0,
      data: JSON.stringify({
        repeat_ids: [
          [w1.server_id, w2.server_id],
          [y1.server_id, y2.server_id],
          [x1.server_id, x2.server_id],
        ],
      }),
    });
    expect(merged.data).toMatchObject({ merged: 3, server_ids: [w1.server_id, y1.server_id, x1.server_id] });
    const b = await book(client);
    expect(Object.keys(b.list)).not.toContain(w2.server_id);
    const w = b.list[w1.server_id]?.content;
    expect(w?.phone.map((p) => p.number)).toEqual(['13100000001', '13100000002']);
    expect(w?.organization[0]?.company).toBe('某公司');
    expect(w?.group).toEqual([{ groupTitle: '同学' }]);
    const y = b.list[y1.server_id]?.content;
    expect(y?.name[0]?.display_name).toBe('李雷');
    expect(y?.phone).toHaveLength(1);
    expect(y?.note).toEqual([{ note: '工作号' }]);
    expect(b.list[x1.server_id]?.content.phone).toHaveLength(1);
    const bin = (await client.get<RecycleBin>('/contact/recycle_bin/list.do')).data as RecycleBin;
    expect(Object.keys(bin.list).sort()).toEqual([w2.server_id, y2.server_id, x2.server_id].sort());

    const again = (await client.get<RepeatList>('/contact/repeat_list.do')).data as RepeatList;
    expect(again.same_ids).toEqual([]);
    expect(again.repeat_ids).toEqual([[z1.server_id, z2.server_id]]);
    const single = await client.post('/contact/merge.do', {
      data: JSON.stringify({ repeat_ids: [[z1.server_id]] }),
    });
    expect(single.code).toBe(Code.INVALID);
  });
});
