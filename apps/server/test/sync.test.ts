import { randomUUID } from 'node:crypto';
import {
  Code,
  type Contact,
  ContactApi,
  DeviceApi,
  type Envelope,
  type Note,
  NoteApi,
  type NoteRecycleList,
  type RecycleBin,
  SmsApi,
  type SmsData,
  SyncApi,
  SyncCode,
  type SyncEvent,
  type SyncMessage,
  SyncMsg,
  SyncOutcome,
  SyncPortalApi,
  type SyncPullPage,
  type TimeMachineChange,
  type TimeMachineList,
} from '@phonecloud/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from './support/accounts.js';
import { phoneEvent } from './support/calendar.js';
import { closeServer, person, save } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { saveNote, text } from './support/notes.js';
import { startTestServer, type TestServer } from './support/server.js';
import { syncKit } from './support/sync.js';

const MINUTE = 60_000;
const mobile = (number: string) => ({ number, type: 2, is_primary: 0 });

describe.each(TEST_DIALECTS)('phone sync [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => closeServer(server));

  const { setup, call, push, pushed, pullAll, contactBook } = syncKit(() => server);

  it('contacts: pushed creates reach the portal, pulls page through the book and then only what changed', async () => {
    const { token, portal } = await setup();
    const first = await pullAll(token, 'contacts', '');
    expect(first).toMatchObject({ items: [], full: true });

    const creates = ['张三', '李四', '王五'].map((name, i) => ({
      op: 'create',
      cid: `c${i}`,
      content: person(name, { phone: [mobile(`1380000000${i}`)] }),
    }));
    const done = await pushed(token, 'contacts', creates);
    expect(done.results.map((r) => [r.cid, r.outcome])).toEqual([
      ['c0', SyncOutcome.APPLIED],
      ['c1', SyncOutcome.APPLIED],
      ['c2', SyncOutcome.APPLIED],
    ]);
    const list = await contactBook(portal);
    expect(
      Object.values(list)
        .map((c) => c.content.name[0]?.display_name)
        .sort(),
    ).toEqual(['张三', '李四', '王五'].sort());

    // Pages of two: three contacts come in two pages, and the anchor is the book's version.
    const all = await pullAll(token, 'contacts', '', 2);
    expect(all.items).toHaveLength(3);
    // A page asked again (the answer was lost) comes again.
    const page1 = await call<SyncPullPage<'contacts'>>(
      SyncApi.pull,
      { area: 'contacts', anchor: '', limit: 2 },
      token,
    );
    const again = (cursor: string | null | undefined) =>
      call<SyncPullPage<'contacts'>>(SyncApi.pull, { area: 'contacts', anchor: '', limit: 2, cursor }, token);
    expect((await again(page1.data?.cursor)).data).toEqual((await again(page1.data?.cursor)).data);
    expect(all.anchor).toBe(String(done.sync_version));
    expect((await pullAll(token, 'contacts', all.anchor)).items).toEqual([]);

    // An edit in the portal comes down alone.
    const zhang = Object.values(list).find((c) => c.content.name[0]?.display_name === '张三') as Contact;
    await save(portal, person('张三丰'), { server_id: zhang.server_id, version_code: zhang.version_code });
    const delta = await pullAll(token, 'contacts', all.anchor);
    expect(delta.items.map((c) => c.content.name[0]?.display_name)).toEqual(['张三丰']);
    expect(delta.full).toBe(false);

    // An anchor the log cannot serve: 1009.
    const ahead = await call(SyncApi.pull, { area: 'contacts', anchor: '99999' }, token);
    expect(ahead.code).toBe(Code.FULL_RELOAD);
  });

  it('a batch sent twice applies once; a batch refused mid-way applies nothing', async () => {
    const { token, portal } = await setup();
    const batchId = randomUUID();
    const changes = [{ op: 'create', cid: 'x', content: person('赵六') }];
    const once = await pushed(token, 'contacts', changes, batchId);
    const twice = await pushed(token, 'contacts', changes, batchId);
    expect(twice.replayed).toBe(true);
    expect(twice.results).toEqual(once.results);
    expect(Object.keys(await contactBook(portal))).toHaveLength(1);

    // Two good creates, then one the contacts' rules refuse: the whole batch is rolled back.
    const before = (await pullAll(token, 'contacts', '')).anchor;
    const cut = await push(token, 'contacts', [
      { op: 'create', cid: 'a', content: person('钱七') },
      { op: 'create', cid: 'b', content: person('孙八') },
      {
        op: 'create',
        cid: 'c',
        content: person('周九', { email: [{ address: 'not-an-address', type: 1 }] }),
      },
    ]);
    expect(cut.code).toBe(Code.INVALID);
    expect(cut.data).toEqual({ index: 2 });
    expect(Object.keys(await contactBook(portal))).toHaveLength(1);
    expect((await pullAll(token, 'contacts', '')).anchor).toBe(before);

    // Numbers as phones store them (letters and all) are taken, as cards from devices are.
    const vanity = await pushed(token, 'contacts', [
      { op: 'create', cid: 'v', content: person('传真', { phone: [mobile('+1-800-MYFAX')] }) },
    ]);
    expect(vanity.results[0]?.outcome).toBe(SyncOutcome.APPLIED);
    expect(Object.keys(await contactBook(portal))).toHaveLength(2);

    // Notes too: a note, then an empty one the notes' rules refuse.
    const cutNotes = await push(token, 'notes', [
      { op: 'create', cid: 'n1', note: { title: '第一条', content: [text('内容')] } },
      { op: 'create', cid: 'n2', note: { title: '', content: [] } },
    ]);
    expect(cutNotes.code).toBe(Code.INVALID);
    expect(cutNotes.data).toEqual({ index: 1 });
    expect((await pullAll(token, 'notes', '')).items).toEqual([]);

    // The refused batch's id was not kept: sent again, corrected, it applies.
    const retry = await pushed(token, 'notes', [
      { op: 'create', cid: 'n1', note: { title: '第一条', content: [text('内容')] } },
    ]);
    expect(retry.replayed).toBe(false);

    // A malformed change is named before anything runs; too many changes are refused.
    const bad = await push(token, 'contacts', [
      { op: 'create', cid: 'a', content: person('甲') },
      { op: 'rename' },
    ]);
    expect(bad).toMatchObject({ code: Code.INVALID, message: SyncMsg.CHANGE_INVALID, data: { index: 1 } });
    const many = await push(
      token,
      'contacts',
      Array.from({ length: 501 }, (_, i) => ({ op: 'create', cid: `m${i}`, content: person(`批量${i}`) })),
    );
    expect(many).toMatchObject({ code: Code.INVALID, message: SyncMsg.BATCH_TOO_LARGE });
  });

  it('a batch the database fails mid-way leaves nothing; sent again it applies once', async () => {
    const { token } = await setup();
    // The second note's row fails in the database after the first one was written.
    const db = server.deps.db;
    if (dialect === 'postgres') {
      await sql
        .raw(
          `CREATE OR REPLACE FUNCTION sync_test_cut() RETURNS trigger AS $$ BEGIN
             IF NEW.title = '断线' THEN RAISE EXCEPTION 'connection cut'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
        )
        .execute(db);
      await sql
        .raw(
          'CREATE TRIGGER sync_test_cut BEFORE INSERT ON notes FOR EACH ROW EXECUTE FUNCTION sync_test_cut()',
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `CREATE TRIGGER sync_test_cut BEFORE INSERT ON notes WHEN NEW.title = '断线'
           BEGIN SELECT RAISE(ABORT, 'connection cut'); END`,
        )
        .execute(db);
    }
    const batchId = randomUUID();
    const changes = [
      { op: 'create', cid: 'a', note: { title: '第一条', content: [text('先写入')] } },
      { op: 'create', cid: 'b', note: { title: '断线', content: [text('这里断了')] } },
    ];
    try {
      const cut = await push(token, 'notes', changes, batchId);
      expect(cut.code).toBe(Code.SERVER_ERROR);
      expect((await pullAll(token, 'notes', '')).items).toEqual([]);
    } finally {
      await sql.raw(`DROP TRIGGER sync_test_cut${dialect === 'postgres' ? ' ON notes' : ''}`).execute(db);
      if (dialect === 'postgres') await sql.raw('DROP FUNCTION sync_test_cut()').execute(db);
    }
    const done = await pushed(token, 'notes', changes, batchId);
    expect(done.replayed).toBe(false);
    expect((await pullAll(token, 'notes', '')).items.map((n: Note) => n.title).sort()).toEqual(
      ['断线', '第一条'].sort(),
    );

    // A phone that lost the answer (the connection cut while waiting) sends the batch again:
    // whether or not the first got through, it is applied once.
    const lostId = randomUUID();
    const lost = [{ op: 'create', cid: 'c', note: { title: '第三条', content: [text('x')] } }];
    const aborted = new AbortController();
    const first = fetch(server.baseUrl + SyncApi.push, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ area: 'notes', batch_id: lostId, changes: lost }),
      signal: aborted.signal,
    }).catch(() => null);
    aborted.abort();
    await first;
    await pushed(token, 'notes', lost, lostId);
    await pushed(token, 'notes', lost, lostId);
    const titles = (await pullAll(token, 'notes', '')).items.map((n: Note) => n.title);
    expect(titles.filter((t) => t === '第三条')).toHaveLength(1);
  });

  it('contacts edited on both sides merge field by field and keep both values of one field', async () => {
    const { token, portal } = await setup();
    const created = await pushed(token, 'contacts', [
      {
        op: 'create',
        cid: 'm',
        content: person('刘备', { phone: [mobile('13811112222')], note: [{ note: '老客户' }] }),
      },
    ]);
    const id = created.results[0]?.server_id as string;
    const base = (await pullAll(token, 'contacts', '')).items[0] as Contact;

    // The portal changes the number and adds an e-mail.
    await save(
      portal,
      person('刘备', {
        phone: [mobile('13833334444')],
        email: [{ address: 'liubei@example.com', type: 1, is_primary: 0 }],
        note: [{ note: '老客户' }],
      }),
      { server_id: id, version_code: base.version_code },
    );
    // The phone, from the old version, changes the number differently and adds a company.
    const merged = await pushed(token, 'contacts', [
      {
        op: 'edit',
        server_id: id,
        version_code: base.version_code,
        content: person('刘备', {
          phone: [mobile('13855556666')],
          organization: [{ company: '蜀汉', title: '主公', type: 1, is_primary: 0 }],
          note: [{ note: '老客户' }],
        }),
      },
    ]);
    expect(merged.results[0]?.outcome).toBe(SyncOutcome.MERGED);
    const contact = (await contactBook(portal))[id] as Contact;
    expect(contact.content.phone.map((p) => p.number).sort()).toEqual(['13833334444', '13855556666']);
    expect(contact.content.email.map((e) => e.address)).toEqual(['liubei@example.com']);
    expect(contact.content.organization.map((o) => o.company)).toEqual(['蜀汉']);
    expect(contact.content.note.map((n) => n.note)).toEqual(['老客户']);

    // The name changed on both sides: one name stays, the other becomes a nickname.
    await save(
      portal,
      { ...contact.content, name: [{ display_name: '刘玄德', is_primary: 1 }] },
      {
        server_id: id,
        version_code: contact.version_code,
      },
    );
    await pushed(token, 'contacts', [
      {
        op: 'edit',
        server_id: id,
        version_code: contact.version_code,
        content: { ...contact.content, name: [{ display_name: '刘皇叔', is_primary: 1 }] },
      },
    ]);
    const named = (await contactBook(portal))[id] as Contact;
    expect(named.content.name.map((n) => n.display_name)).toEqual(['刘玄德']);
    expect(named.content.nickname.map((n) => n.name)).toEqual(['刘皇叔']);
  });

  it('contacts deleted on the phone go to the recycle bin and show in the time machine; edited in the cloud they stay', async () => {
    const { token, portal } = await setup();
    const created = await pushed(token, 'contacts', [
      { op: 'create', cid: 'a', content: person('关羽') },
      { op: 'create', cid: 'b', content: person('张飞') },
    ]);
    const [a, b] = created.results.map((r) => ({ id: r.server_id as string, v: r.version_code as number }));
    server.clock.advance(11 * MINUTE);
    const nodes = (await portal.get<TimeMachineList>(ContactApi.timeMachineList)).data;
    const node = nodes?.list[nodes.list.length - 1];

    // 张飞 was edited in the portal after the phone's version: its delete is kept back.
    const zhang = (await contactBook(portal))[b?.id ?? ''] as Contact;
    await save(portal, person('张翼德'), { server_id: zhang.server_id, version_code: zhang.version_code });
    const del = await pushed(token, 'contacts', [
      { op: 'delete', server_id: a?.id, version_code: a?.v },
      { op: 'delete', server_id: b?.id, version_code: b?.v },
    ]);
    expect(del.results.map((r) => r.outcome)).toEqual([SyncOutcome.APPLIED, SyncOutcome.KEPT]);
    const bin = (await portal.get<RecycleBin>(ContactApi.recycleList)).data;
    expect(Object.keys(bin?.list ?? {})).toEqual([a?.id]);
    const change = await portal.post<TimeMachineChange>(ContactApi.timeMachineChange, {
      sync_version: 0,
      version_code: node?.version_code ?? 0,
      object_id: node?.object_id ?? '',
    });
    expect(change.data?.letter_index.del).toContain(a?.id);
    // The phone hears of it on its next pull.
    const after = await pullAll(token, 'contacts', String(created.sync_version));
    expect(after.deleted).toEqual([a?.id]);

    // An edit from the phone of a contact the portal deleted comes back as a new contact.
    const again = await pushed(token, 'contacts', [
      { op: 'edit', server_id: a?.id, version_code: a?.v, content: person('关云长') },
    ]);
    expect(again.results[0]).toMatchObject({ outcome: SyncOutcome.RECREATED, conflict_with: a?.id });
    expect(again.results[0]?.server_id).not.toBe(a?.id);
  });

  it('notes: pushed, pulled, a conflict copy when edited on both sides, deletes into the recycle bin', async () => {
    const { token, portal } = await setup();
    const created = await pushed(token, 'notes', [
      { op: 'create', cid: 'n', note: { title: '购物清单', content: [text('牛奶')] } },
      { op: 'create', cid: 'm', note: { title: '待办', content: [text('交房租')] } },
    ]);
    const [n, m] = created.results.map((r) => ({ id: r.server_id as string, v: r.version_code as number }));
    const pulled = await pullAll(token, 'notes', '');
    expect(pulled.items.map((x: Note) => x.title).sort()).toEqual(['待办', '购物清单']);

    // Edited in the portal, then on the phone from the old version: the portal's stays, the
    // phone's text becomes a conflict copy (the notes' own rule).
    await saveNote(portal, {
      server_id: n?.id,
      version_code: n?.v,
      title: '购物清单',
      content: [text('牛奶、面包')],
    });
    const edit = await pushed(token, 'notes', [
      {
        op: 'edit',
        server_id: n?.id,
        version_code: n?.v,
        note: { title: '购物清单', content: [text('牛奶、鸡蛋')] },
      },
    ]);
    expect(edit.results[0]).toMatchObject({ outcome: SyncOutcome.CONFLICT_COPY, conflict_with: n?.id });
    const delta = await pullAll(token, 'notes', pulled.anchor);
    const titles = delta.items.map((x: Note) => x.title).sort();
    expect(titles).toEqual(['购物清单', '购物清单（冲突副本）']);
    const copy = delta.items.find((x: Note) => x.title.endsWith('（冲突副本）')) as Note;
    expect(copy.content[0]?.content).toBe('牛奶、鸡蛋');

    // A delete goes to the notes' recycle bin.
    const del = await pushed(token, 'notes', [{ op: 'delete', server_id: m?.id, version_code: m?.v }]);
    expect(del.results[0]?.outcome).toBe(SyncOutcome.APPLIED);
    const bin = (await portal.get<NoteRecycleList>(NoteApi.recycleList)).data;
    expect(bin?.note_ids).toEqual([m?.id]);
    expect((await pullAll(token, 'notes', delta.anchor)).deleted).toEqual([m?.id]);
  });

  it('messages only accumulate: a message sent twice is stored once, a phone delete removes nothing', async () => {
    const { token, portal } = await setup();
    const msg = {
      op: 'create',
      address: '+86 138-0013-8000',
      body: '晚上一起吃饭？',
      date: 1_700_000_000_000,
      type: 1,
      read: 1,
    };
    const first = await pushed(token, 'sms', [
      msg,
      { ...msg, body: '好的', type: 2, date: 1_700_000_060_000 },
    ]);
    expect(first.results.map((r) => r.outcome)).toEqual([SyncOutcome.APPLIED, SyncOutcome.APPLIED]);
    const again = await pushed(token, 'sms', [msg]);
    expect(again.results[0]?.outcome).toBe(SyncOutcome.UNCHANGED);
    const pulled = await pullAll(token, 'sms', '');
    expect(pulled.items.map((x: SyncMessage) => [x.address, x.body])).toEqual([
      ['13800138000', '晚上一起吃饭？'],
      ['13800138000', '好的'],
    ]);
    const id = pulled.items[0]?.server_id as string;
    const del = await pushed(token, 'sms', [{ op: 'delete', server_id: id }]);
    expect(del.results[0]?.outcome).toBe(SyncOutcome.KEPT);
    expect((await pullAll(token, 'sms', '')).items).toHaveLength(2);

    // From the anchor: only what came since.
    await pushed(token, 'sms', [{ ...msg, body: '明天见', date: 1_700_000_120_000 }]);
    const delta = await pullAll(token, 'sms', pulled.anchor);
    expect(delta.items.map((x: SyncMessage) => x.body)).toEqual(['明天见']);

    // One message deleted in the portal is told as `{address}.{id}`; the rest of its conversation stays.
    const before = await portal.get<SmsData>(SmsApi.list);
    const one = await portal.post(SmsApi.deleteMessage, {
      sync_version: before.data?.sync_version ?? 0,
      serverId: id,
    });
    expect(one.code, one.message).toBe(0);
    const single = await pullAll(token, 'sms', delta.anchor);
    expect(single).toMatchObject({ items: [], deleted: [`13800138000.${id}`] });
    expect((await pullAll(token, 'sms', '')).items.map((x: SyncMessage) => x.body)).toEqual([
      '好的',
      '明天见',
    ]);

    // A conversation deleted in the portal is told to the phone (its address); the cloud keeps no message of it.
    const box = await portal.get<SmsData>(SmsApi.list);
    const removed = await portal.post(SmsApi.delete, {
      sync_version: box.data?.sync_version ?? 0,
      format_address: '13800138000',
    });
    expect(removed.code, removed.message).toBe(0);
    const gone = await pullAll(token, 'sms', single.anchor);
    expect(gone).toMatchObject({ items: [], deleted: ['13800138000'] });
  });

  it('calendar: events pushed and pulled, a conflict copy when edited on both sides, deletes', async () => {
    const { token } = await setup();
    const created = await pushed(token, 'calendar', [
      { op: 'create', cid: 'e', ical: phoneEvent('ev-1@phone', '周会') },
    ]);
    expect(created.results[0]).toMatchObject({ outcome: SyncOutcome.APPLIED, uid: 'ev-1@phone' });
    const v1 = created.results[0]?.version_code as number;
    const pulled = await pullAll(token, 'calendar', '');
    expect(pulled.items.map((e: SyncEvent) => e.uid)).toEqual(['ev-1@phone']);

    const edited = await pushed(token, 'calendar', [
      { op: 'edit', uid: 'ev-1@phone', version_code: v1, ical: phoneEvent('ev-1@phone', '周会（改到十点）') },
    ]);
    expect(edited.results[0]?.outcome).toBe(SyncOutcome.APPLIED);
    // A second writer still on v1: its text is kept as a copy beside the event.
    const stale = await pushed(token, 'calendar', [
      { op: 'edit', uid: 'ev-1@phone', version_code: v1, ical: phoneEvent('ev-1@phone', '周会（取消）') },
    ]);
    expect(stale.results[0]).toMatchObject({
      outcome: SyncOutcome.CONFLICT_COPY,
      conflict_with: 'ev-1@phone',
    });
    const all = await pullAll(token, 'calendar', '');
    expect(all.items).toHaveLength(2);
    const copy = all.items.find((e: SyncEvent) => e.uid !== 'ev-1@phone') as SyncEvent;
    expect(copy.ical).toContain('周会（取消）（冲突副本）');

    const v2 = edited.results[0]?.version_code as number;
    const del = await pushed(token, 'calendar', [{ op: 'delete', uid: 'ev-1@phone', version_code: v2 }]);
    expect(del.results[0]?.outcome).toBe(SyncOutcome.APPLIED);
    expect((await pullAll(token, 'calendar', all.anchor)).deleted).toEqual(['ev-1@phone']);

    // Edited on the phone after the cloud deleted it: it comes back as the phone has it.
    const back = await pushed(token, 'calendar', [
      { op: 'edit', uid: 'ev-1@phone', version_code: v2, ical: phoneEvent('ev-1@phone', '周会（恢复）') },
    ]);
    expect(back.results[0]?.outcome).toBe(SyncOutcome.RECREATED);
    // An edit of a UID this account never had is refused (1011), not created.
    const never = await push(token, 'calendar', [
      { op: 'edit', uid: 'never@here', version_code: 1, ical: phoneEvent('never@here', '不存在') },
    ]);
    expect(never.code).toBe(SyncCode.NOT_FOUND);
    expect((await pullAll(token, 'calendar', '')).items.map((e: SyncEvent) => e.uid)).not.toContain(
      'never@here',
    );
  });

  it("refuses another account's ids, a revoked device token and the browser session", async () => {
    const a = await setup();
    const b = await setup();
    const created = await pushed(a.token, 'contacts', [{ op: 'create', cid: 'a', content: person('曹操') }]);
    const id = created.results[0]?.server_id as string;
    const v = created.results[0]?.version_code as number;
    const note = await pushed(a.token, 'notes', [
      { op: 'create', cid: 'n', note: { title: '秘密', content: [text('x')] } },
    ]);
    const noteId = note.results[0]?.server_id as string;

    for (const change of [
      { op: 'edit', server_id: id, version_code: v, content: person('被改') },
      { op: 'delete', server_id: id, version_code: v },
    ]) {
      const res = await push(b.token, 'contacts', [change]);
      expect(res.code).toBe(SyncCode.NOT_FOUND);
      expect(res.message).toBe(SyncMsg.NOT_FOUND);
    }
    expect((await push(b.token, 'notes', [{ op: 'delete', server_id: noteId, version_code: 1 }])).code).toBe(
      SyncCode.NOT_FOUND,
    );
    expect(((await contactBook(a.portal))[id] as Contact).content.name[0]?.display_name).toBe('曹操');
    expect((await pullAll(b.token, 'contacts', '')).items).toEqual([]);

    // The browser's session does not open the device API's sync.
    const browser = await a.portal.raw(SyncApi.pull, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ area: 'contacts', anchor: '' }),
    });
    expect(((await browser.json()) as Envelope).code).toBe(Code.NOT_LOGGED_IN);
    // Nor does a device token open the portal's held-sync calls.
    const res = await fetch(`${server.baseUrl}${SyncPortalApi.heldList}?area=contacts`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(((await res.json()) as Envelope).code).toBe(Code.NOT_LOGGED_IN);
    // A session without the second verification: 6001.
    const plain = server.client();
    await login(plain, a.user.username, a.user.password);
    expect((await plain.get(SyncPortalApi.heldList, { area: 'contacts' })).code).toBe(Code.VERIFY_REQUIRED);

    // A revoked token (the phone signed out): 2002 on pull and push.
    expect((await call(DeviceApi.signout, {}, a.token)).code).toBe(0);
    expect((await call(SyncApi.pull, { area: 'contacts', anchor: '' }, a.token)).code).toBe(
      Code.NOT_LOGGED_IN,
    );
    expect((await push(a.token, 'contacts', [{ op: 'create', cid: 'z', content: person('x') }])).code).toBe(
      Code.NOT_LOGGED_IN,
    );
    expect((await call(SyncApi.pull, { area: 'contacts', anchor: '' }, null)).code).toBe(Code.NOT_LOGGED_IN);
  });
});
