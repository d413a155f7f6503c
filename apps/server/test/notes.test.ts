import {
  Code,
  NoteApi,
  type NoteChangeResult,
  NoteCode,
  type NoteList,
  NoteMode,
  NoteMsg,
  type NoteRecycleList,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, verifiedClient } from './support/accounts.js';
import { closeServer } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { item, noteList, saveNote, saveRaw, startNotesServer, text } from './support/notes.js';
import type { TestServer } from './support/server.js';

describe.each(TEST_DIALECTS)('notes: the box, saving and the recycle bin [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startNotesServer(dialect);
  });
  afterAll(() => closeServer(server));

  it('needs a session and the second verification', async () => {
    expect((await server.client().get(NoteApi.list)).code).toBe(Code.NOT_LOGGED_IN);
    const user = await createUser(server);
    const unverified = server.client();
    await login(unverified, user.username, user.password);
    expect((await unverified.get(NoteApi.list)).code).toBe(Code.VERIFY_REQUIRED);
    expect((await unverified.post(NoteApi.save, { data: '{}' })).code).toBe(Code.VERIFY_REQUIRED);
    const { client } = await verifiedClient(server, user);
    expect((await client.get(NoteApi.list)).code).toBe(0);
  });

  it('creates a note only with text, an image or a recording; edits keep the id and move version_code', async () => {
    const { client } = await verifiedClient(server);
    // Nothing in it: nothing is stored.
    for (const empty of [{}, { title: '  ', content: [text(''), text('   ')] }]) {
      const res = await saveRaw(client, empty);
      expect(res.code).toBe(Code.INVALID);
      expect(res.message).toBe(NoteMsg.EMPTY_NOTE);
    }
    expect(Object.keys((await noteList(client)).list)).toEqual([]);

    const first = await saveNote(client, { title: '采购', content: [text('牛奶')], classify: 2 });
    expect(first.server_id).toMatch(/^\d+$/);
    expect(first.version_code).toBe(first.sync_version);
    expect(first.optime).toBe(server.clock.now());
    expect(first.note).toMatchObject({
      title: '采购',
      classify: 2,
      mode: NoteMode.PLAIN,
      status: 0,
      delete_time: 0,
    });

    // Autosave: each save sends the version the last one answered; the note stays one note.
    server.clock.advance(2000);
    const second = await saveNote(client, {
      server_id: first.server_id,
      version_code: first.version_code,
      title: '采购',
      content: [text('牛奶'), text('面包')],
      classify: 2,
    });
    server.clock.advance(2000);
    const third = await saveNote(client, {
      server_id: first.server_id,
      version_code: second.version_code,
      title: '周末采购',
      content: [text('牛奶'), text('面包'), text('鸡蛋')],
      classify: 3,
    });
    expect([second.server_id, third.server_id]).toEqual([first.server_id, first.server_id]);
    expect(third.version_code).toBeGreaterThan(second.version_code);
    expect(third.conflict).toBeUndefined();
    const list = await noteList(client);
    expect(list.notebox.note_ids).toEqual([first.server_id]);
    const stored = list.list[first.server_id];
    expect(stored?.title).toBe('周末采购');
    expect(stored?.classify).toBe(3);
    expect(stored?.content.map((b) => b.content)).toEqual(['牛奶', '面包', '鸡蛋']);
    expect(stored?.create_date).toBe(first.note.create_date);
    expect(stored?.modified_date).toBe(third.optime);
    expect(list.sync_version).toBe(third.sync_version);

    const detail = await client.get(NoteApi.detail, { server_id: first.server_id });
    expect(detail.data).toEqual(stored);
  });

  it('keeps the stored value of a field a save leaves out', async () => {
    const { client } = await verifiedClient(server);
    const first = await saveNote(client, { title: '颜色', content: [text('原文')], classify: 3, top: 1 });
    // A colour change alone, as the colour marks send it.
    const coloured = await saveNote(client, {
      server_id: first.server_id,
      version_code: first.version_code,
      classify: 1,
    });
    expect(coloured.note).toMatchObject({ title: '颜色', classify: 1, top: 1, content: [text('原文')] });
    const edited = await saveNote(client, {
      server_id: first.server_id,
      version_code: coloured.version_code,
      content: [text('新文')],
    });
    expect(edited.note).toMatchObject({ title: '颜色', classify: 1, top: 1, content: [text('新文')] });
    // Emptying a note by a save is refused: the page sends it to the bin instead.
    const emptied = await saveRaw(client, {
      server_id: first.server_id,
      version_code: edited.version_code,
      title: '',
      content: [],
    });
    expect([emptied.code, emptied.message]).toEqual([Code.INVALID, NoteMsg.EMPTY_NOTE]);
    expect((await noteList(client)).list[first.server_id]?.content).toEqual([text('新文')]);
  });

  it('refuses bad fields with a clear text and keeps the note', async () => {
    const { client } = await verifiedClient(server);
    const saved = await saveNote(client, { title: '原文', content: [text('保留')] });
    const tries: [unknown, string][] = [
      [{ title: 'x'.repeat(101), content: [text('a')] }, NoteMsg.TITLE_TOO_LONG],
      [{ content: [text('a')], classify: 4 }, NoteMsg.BAD_REQUEST],
      [{ content: [{ type: 'video', content: 'x' }] }, NoteMsg.BAD_REQUEST],
      [{ content: [text('x'.repeat(20001))] }, NoteMsg.TEXT_TOO_LONG],
      [{ content: [{ type: 'image', content: 'https://example.com/a.jpg' }] }, NoteMsg.FILE_MISSING],
      [
        { content: [{ type: 'image', content: `/note/attachment/file/${'a'.repeat(64)}` }] },
        NoteMsg.FILE_MISSING,
      ],
      [{ server_id: saved.server_id, content: [text('没有版本')] }, NoteMsg.BAD_REQUEST],
    ];
    for (const [data, message] of tries) {
      const res = await client.post(NoteApi.save, { data: JSON.stringify(data) });
      expect([res.code, res.message]).toEqual([Code.INVALID, message]);
    }
    expect((await client.post(NoteApi.save, { data: '{not json' })).message).toBe(NoteMsg.BAD_REQUEST);
    expect((await noteList(client)).list[saved.server_id]?.content).toEqual([text('保留')]);
  });

  it('keeps checklist lines with their modes; the note mode follows them', async () => {
    const { client } = await verifiedClient(server);
    const plain = await saveNote(client, { content: [text('只是文字')] });
    expect(plain.note.mode).toBe(NoteMode.PLAIN);
    const open = await saveNote(client, {
      title: '清单',
      content: [text('说明'), item('一'), item('二', true)],
    });
    expect(open.note.mode).toBe(NoteMode.UNCHECKED);
    expect(open.note.content).toEqual([text('说明'), item('一'), item('二', true)]);
    const done = await saveNote(client, {
      server_id: open.server_id,
      version_code: open.version_code,
      title: '清单',
      // A line from a phone that sends only `checked` is a checklist line; `checked` follows `mode`.
      content: [
        { type: 'text', content: '一', checked: 1 } as never,
        { type: 'text', content: '二', mode: 1, checked: 0 },
      ],
    });
    expect(done.note.mode).toBe(NoteMode.CHECKED);
    expect(done.note.content).toEqual([item('一', true), item('二', true)]);
    // list.do writes its notes from the stored text; they read the same as detail.do's.
    const odd = await saveNote(client, {
      title: '引号"\\与\u001f第二部分',
      content: [text('换行\n"引号" </script>'), item('✓ 表情 😀')],
      classify: 2,
      top: 1,
      remind: 1,
      remindtime: 1_800_000_000_000,
    });
    const list = await noteList(client);
    for (const id of [open.server_id, odd.server_id, plain.server_id]) {
      expect(list.list[id]).toEqual((await client.get(NoteApi.detail, { server_id: id })).data);
    }
    expect(list.list[odd.server_id]?.title).toBe('引号"\\与\u001f第二部分');
  });

  it('keeps the user text as a conflict copy when the version_code is stale', async () => {
    const { client } = await verifiedClient(server);
    const base = await saveNote(client, { title: '计划', content: [text('第一版')], classify: 1 });
    // The phone changes the note meanwhile (another writer with the current version).
    const phone = await saveNote(client, {
      server_id: base.server_id,
      version_code: base.version_code,
      title: '计划',
      content: [text('手机上的修改')],
      classify: 1,
    });
    // The page still holds the first version.
    const page = await saveNote(client, {
      server_id: base.server_id,
      version_code: base.version_code,
      title: '计划',
      content: [text('网页上的修改')],
      classify: 1,
    });
    expect(page.conflict).toEqual({ server_id: base.server_id, version_code: phone.version_code });
    expect(page.server_id).not.toBe(base.server_id);
    expect(page.note.title).toBe(`计划${NoteMsg.CONFLICT_TITLE_SUFFIX}`);
    const list = await noteList(client);
    expect(list.list[base.server_id]?.content).toEqual([text('手机上的修改')]);
    expect(list.list[base.server_id]?.version_code).toBe(phone.version_code);
    expect(list.list[page.server_id]?.content).toEqual([text('网页上的修改')]);
    // The copy is edited on like any note.
    const next = await saveNote(client, {
      server_id: page.server_id,
      version_code: page.version_code,
      title: '计划',
      content: [text('网页上的修改'), text('继续')],
    });
    expect(next.conflict).toBeUndefined();
  });

  it('two writers at the same moment with one version: one edit lands, the other is a copy', async () => {
    const { client } = await verifiedClient(server);
    const base = await saveNote(client, { title: '同时', content: [text('原文')] });
    const other = client.fork();
    for (const [k, v] of client.cookies) other.cookies.set(k, v);
    const edit = (c: typeof client, words: string) =>
      saveNote(c, { server_id: base.server_id, version_code: base.version_code, content: [text(words)] });
    const results = await Promise.all([edit(client, '网页'), edit(other, '手机')]);
    const landed = results.filter((r) => !r.conflict);
    const copies = results.filter((r) => r.conflict);
    expect([landed.length, copies.length]).toEqual([1, 1]);
    const list = await noteList(client);
    expect(Object.keys(list.list).sort()).toEqual([base.server_id, copies[0]?.server_id].sort());
    expect(list.list[base.server_id]?.content).toEqual(landed[0]?.note.content);
    expect(
      new Set([list.list[base.server_id]?.content[0]?.content, copies[0]?.note.content[0]?.content]),
    ).toEqual(new Set(['网页', '手机']));
  });

  it('orders the box pinned first, then the newest change', async () => {
    const { client } = await verifiedClient(server);
    const a = await saveNote(client, { content: [text('a')] });
    server.clock.advance(1000);
    const b = await saveNote(client, { content: [text('b')], top: 1 });
    server.clock.advance(1000);
    const c = await saveNote(client, { content: [text('c')] });
    expect((await noteList(client)).notebox.note_ids).toEqual([b.server_id, c.server_id, a.server_id]);
  });

  it('deletes into the bin; restores some or all; deletes for good; empties; refuses stale versions', async () => {
    const { client } = await verifiedClient(server);
    const ids: string[] = [];
    const versions: Record<string, number> = {};
    for (const t of ['一', '二', '三', '四']) {
      const s = await saveNote(client, { content: [text(t)] });
      ids.push(s.server_id);
      versions[s.server_id] = s.version_code;
    }
    const [one = '', two = '', three = '', four = ''] = ids;
    // A stale version_code refuses the whole call.
    const stale = await client.post(NoteApi.delete, {
      server_ids: JSON.stringify({ [one]: versions[one], [two]: (versions[two] ?? 0) - 1 }),
    });
    expect([stale.code, stale.message]).toEqual([NoteCode.STALE_VERSION, NoteMsg.STALE_VERSION]);
    expect((await noteList(client)).notebox.note_ids).toHaveLength(4);

    server.clock.advance(1000);
    const del = await client.post<NoteChangeResult>(NoteApi.delete, {
      sync_version: 0,
      server_ids: JSON.stringify({ [one]: versions[one], [two]: versions[two], [three]: versions[three] }),
    });
    expect(del.code, del.message).toBe(0);
    expect((await noteList(client)).notebox.note_ids).toEqual([four]);
    const bin = (await client.get<NoteRecycleList>(NoteApi.recycleList)).data;
    expect(bin?.note_ids.sort()).toEqual([one, two, three].sort());
    expect(bin?.list[one]?.delete_time).toBe(server.clock.now());
    // A note in the bin cannot be deleted again or saved.
    expect(
      (await client.post(NoteApi.delete, { server_ids: JSON.stringify({ [one]: versions[one] }) })).code,
    ).toBe(NoteCode.NOT_FOUND);

    expect((await client.post(NoteApi.recycleRecover, { server_ids: JSON.stringify([one]) })).code).toBe(0);
    expect((await noteList(client)).notebox.note_ids.sort()).toEqual([one, four].sort());
    // Only ids in the bin: the restored one is refused now.
    expect((await client.post(NoteApi.recycleRecover, { server_ids: JSON.stringify([one]) })).code).toBe(
      NoteCode.NOT_FOUND,
    );
    expect((await client.post(NoteApi.recycleDelete, { server_ids: JSON.stringify([two]) })).code).toBe(0);
    expect((await client.get<NoteRecycleList>(NoteApi.recycleList)).data?.note_ids).toEqual([three]);
    expect((await client.get(NoteApi.detail, { server_id: two })).code).toBe(NoteCode.NOT_FOUND);

    expect((await client.post(NoteApi.recycleFullRecover, {})).code).toBe(0);
    expect((await noteList(client)).notebox.note_ids.sort()).toEqual([one, three, four].sort());

    await client.post(NoteApi.delete, {
      server_ids: JSON.stringify({ [one]: versions[one], [four]: versions[four] }),
    });
    expect((await client.post(NoteApi.recycleEmpty, {})).code).toBe(0);
    expect((await client.get<NoteRecycleList>(NoteApi.recycleList)).data?.note_ids).toEqual([]);
    expect(Object.keys((await noteList(client)).list)).toEqual([three]);
    expect((await client.post(NoteApi.recycleRecover, { server_ids: '[]' })).message).toBe(
      NoteMsg.NONE_SELECTED,
    );
  });

  it("refuses another user's notes everywhere", async () => {
    const a = await verifiedClient(server);
    const b = await verifiedClient(server);
    const mine = await saveNote(a.client, { title: 'A 的便签', content: [text('私密')] });
    const binned = await saveNote(a.client, { content: [text('回收站里')] });
    await a.client.post(NoteApi.delete, {
      server_ids: JSON.stringify({ [binned.server_id]: binned.version_code }),
    });

    const other = b.client;
    expect((await other.get(NoteApi.detail, { server_id: mine.server_id })).code).toBe(NoteCode.NOT_FOUND);
    const edit = await saveRaw(other, {
      server_id: mine.server_id,
      version_code: mine.version_code,
      content: [text('改掉')],
    });
    expect(edit.code).toBe(NoteCode.NOT_FOUND);
    const ids = JSON.stringify({ [mine.server_id]: mine.version_code });
    expect((await other.post(NoteApi.delete, { server_ids: ids })).code).toBe(NoteCode.NOT_FOUND);
    const bin = JSON.stringify([binned.server_id]);
    expect((await other.post(NoteApi.recycleRecover, { server_ids: bin })).code).toBe(NoteCode.NOT_FOUND);
    expect((await other.post(NoteApi.recycleDelete, { server_ids: bin })).code).toBe(NoteCode.NOT_FOUND);
    expect((await other.post(NoteApi.recycleEmpty, {})).code).toBe(0);
    expect((await other.post(NoteApi.recycleFullRecover, {})).code).toBe(0);
    expect(Object.keys((await noteList(other)).list)).toEqual([]);

    const list = (await a.client.get<NoteList>(NoteApi.list)).data;
    expect(list?.list[mine.server_id]?.content).toEqual([text('私密')]);
    expect((await a.client.get<NoteRecycleList>(NoteApi.recycleList)).data?.note_ids).toEqual([
      binned.server_id,
    ]);
  });
});
