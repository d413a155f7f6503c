import {
  CONTACT_LETTERS,
  Code,
  type Contact,
  type ContactBook,
  ContactCode,
  ContactMsg,
  fieldTooLong,
  type RecycleBin,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContacts } from '../src/modules/contacts/demo/demo.js';
import { purgeContacts } from '../src/modules/contacts/housekeeping.js';
import { createUser, login, verifiedClient } from './support/accounts.js';
import { book, closeServer, names, person, remove, save, saveRaw } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

const DAY_MS = 24 * 60 * 60_000;

describe.each(TEST_DIALECTS)('contacts: book, validation, recycle bin [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    // The clock moves by days here; the second verification must outlast it.
    server = await startTestServer(dialect, { env: { VERIFY_TTL_MINUTES: String(365 * 24 * 60) } });
  });
  afterAll(() => closeServer(server));

  it('answers 2002 without a session and 6001 without the second verification, on every call', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/contact/list.do')).code).toBe(Code.NOT_LOGGED_IN);
    const user = await createUser(server);
    const client = server.client();
    await login(client, user.username, user.password);
    const gets = [
      '/contact/list.do',
      '/contact/recycle_bin/list.do',
      '/contact/time_machine/list.do',
      '/contact/repeat_list.do',
    ];
    for (const path of gets) expect((await client.get(path)).code, path).toBe(Code.VERIFY_REQUIRED);
    expect((await client.get('/contact/detail.do', { server_id: 1 })).code).toBe(Code.VERIFY_REQUIRED);
    const posts = [
      '/contact/refresh.do',
      '/contact/save.do',
      '/contact/delete.do',
      '/contact/recycle_bin/recover.do',
      '/contact/recycle_bin/fullrecover.do',
      '/contact/recycle_bin/empty.do',
      '/contact/recycle_bin/delete.do',
      '/contact/attachment/upload.do',
      '/contact/time_machine/change.do',
      '/contact/time_machine/recover.do',
      '/contact/group/add.do',
      '/contact/group/update.do',
      '/contact/group/delete.do',
      '/contact/group/join.do',
      '/contact/export.do',
      '/contact/inport.do',
      '/contact/merge.do',
    ];
    for (const path of posts) {
      expect((await client.post(path, { sync_version: 0 })).code, path).toBe(Code.VERIFY_REQUIRED);
    }
    expect((await client.raw('/contact/attachment/file/00')).status).toBe(200);
    expect(((await (await client.raw('/contact/attachment/file/00')).json()) as { code: number }).code).toBe(
      Code.VERIFY_REQUIRED,
    );
  });

  it('creates, reads, edits and lists with letter and group indexes', async () => {
    const { client } = await verifiedClient(server);
    const empty = await book(client);
    expect(empty).toEqual({ sync_version: 0, list: {}, group: {}, letter_index: {}, group_letter_index: {} });

    const zhang = await save(
      client,
      person('张三', { phone: [{ number: '138 0013 8000' }], group: [{ groupTitle: '家人' }] }),
    );
    expect(zhang.server_id).toMatch(/^\d+$/);
    expect(zhang.contact).toMatchObject({ letter_index: 'Z', nameSpell: 'zhangsan' });
    expect(zhang.contact.content.phone).toEqual([{ is_primary: 0, number: '138 0013 8000', type: 2 }]);
    const alice = await save(client, person('alice'));
    const seven = await save(client, person('7号技师'));
    const b = await book(client);
    expect(Object.keys(b.list).sort()).toEqual([zhang.server_id, alice.server_id, seven.server_id].sort());
    expect(b.letter_index).toEqual({ A: [alice.server_id], Z: [zhang.server_id], '#': [seven.server_id] });
    expect(Object.keys(b.letter_index)).toEqual(['A', 'Z', '#']);
    expect(b.group).toEqual({ 家人: [zhang.server_id] });
    expect(b.group_letter_index).toEqual({ 家人: { Z: [zhang.server_id] } });
    expect(b.sync_version).toBe(zhang.sync_version + 2);

    const edited = await save(client, person('张三丰', { phone: [] }), {
      server_id: zhang.server_id,
      version_code: zhang.version_code,
    });
    expect(edited.server_id).toBe(zhang.server_id);
    expect(edited.version_code).toBeGreaterThan(zhang.version_code);
    const detail = await client.get<Contact>('/contact/detail.do', { server_id: zhang.server_id });
    expect(detail.data?.content.name[0]?.display_name).toBe('张三丰');
    expect(detail.data?.content.phone).toEqual([]);
    expect(detail.data?.version_code).toBe(edited.version_code);
  });

  it('refuses a stale version_code on save and delete, and applies nothing', async () => {
    const { client } = await verifiedClient(server);
    const v1 = await save(client, person('李四'));
    const v2 = await save(client, person('李四（新）'), {
      server_id: v1.server_id,
      version_code: v1.version_code,
    });
    const stale = await saveRaw(client, person('李四（旧页面）'), {
      server_id: v1.server_id,
      version_code: v1.version_code,
    });
    expect(stale).toMatchObject({ code: ContactCode.STALE_VERSION, message: ContactMsg.STALE_VERSION });
    const missing = await saveRaw(client, person('无版本'), { server_id: v1.server_id });
    expect(missing.code).toBe(ContactCode.STALE_VERSION);
    const del = await client.post('/contact/delete.do', {
      sync_version: 0,
      server_ids: JSON.stringify({ [v1.server_id]: v1.version_code }),
    });
    expect(del.code).toBe(ContactCode.STALE_VERSION);
    expect(await names(client)).toEqual(['李四（新）']);
    expect((await book(client)).list[v2.server_id]?.version_code).toBe(v2.version_code);
  });

  it('answers every validation text of spec §5', async () => {
    const { client } = await verifiedClient(server);
    const cases: Array<[unknown, string]> = [
      [{ name: [{ display_name: '   ' }] }, ContactMsg.NAME_REQUIRED],
      [{}, ContactMsg.NAME_REQUIRED],
      [person('a', { phone: [{ number: '138-abc' }] }), ContactMsg.PHONE_CHARS],
      [person('a', { email: [{ address: 'not-an-email' }] }), ContactMsg.EMAIL_FORMAT],
      [person('a', { website: [{ url: 'ftp://files.example.com' }] }), ContactMsg.WEBSITE_FORMAT],
      [person('a', { event: [{ start_date: '2011/06/09', lunar_or_solar: 0 }] }), ContactMsg.DATE_FORMAT],
      [person('a', { event: [{ start_date: '2023-02-29', lunar_or_solar: 0 }] }), ContactMsg.DATE_FORMAT],
      [person('a', { event: [{ start_date: '2023-1-31', lunar_or_solar: 1 }] }), ContactMsg.DATE_FORMAT],
      [person('a', { event: [{ start_date: '1899-1-1', lunar_or_solar: 0 }] }), ContactMsg.DATE_YEAR],
      [person('a', { event: [{ start_date: '2050-1-1', lunar_or_solar: 1 }] }), ContactMsg.DATE_YEAR],
      [person('a'.repeat(41)), fieldTooLong('name', 40)],
      [person('a', { organization: [{ company: 'c'.repeat(41) }] }), fieldTooLong('company', 40)],
      [person('a', { organization: [{ title: 't'.repeat(41) }] }), fieldTooLong('title', 40)],
      [person('a', { phone: [{ number: '1'.repeat(41) }] }), fieldTooLong('phone', 40)],
      [person('a', { email: [{ address: `${'e'.repeat(35)}@b.com` }] }), fieldTooLong('email', 40)],
      [person('a', { im: [{ address: 'i'.repeat(41), protocol: 4 }] }), fieldTooLong('im', 40)],
      [
        person('a', { 'postal-address': [{ formatted_address: '地'.repeat(41) }] }),
        fieldTooLong('address', 40),
      ],
      [person('a', { nickname: [{ name: 'n'.repeat(41) }] }), fieldTooLong('nickname', 40)],
      [person('a', { website: [{ url: `http://${'w'.repeat(30)}.com/xx` }] }), fieldTooLong('website', 40)],
      [person('a', { note: [{ note: 'n'.repeat(501) }] }), fieldTooLong('note', 500)],
      [{ name: [{ display_name: 'a', phonetic_family_name: 'p'.repeat(41) }] }, fieldTooLong('phonetic', 40)],
    ];
    for (const [content, message] of cases) {
      const res = await saveRaw(client, content);
      expect(res, JSON.stringify(content).slice(0, 80)).toMatchObject({ code: Code.INVALID, message });
    }
    expect(await names(client)).toEqual([]);
  });

  it('strips empty entries, keeps an organization with only a title, removes spaces from phonetic names', async () => {
    const { client } = await verifiedClient(server);
    const saved = await save(client, {
      name: [{ display_name: ' 王五 ', phonetic_family_name: ' wang wu ' }],
      phone: [{ number: '' }, { number: '  ' }, { number: '10086', type: 3 }],
      email: [{ address: '' }],
      organization: [
        { company: '', title: '' },
        { company: '', title: '经理' },
      ],
      event: [
        { start_date: '', lunar_or_solar: 0 },
        { start_date: '1990-2-3', lunar_or_solar: 0 },
      ],
      note: [{ note: ' ' }],
    });
    const c = saved.contact.content;
    expect(c.name[0]).toMatchObject({ display_name: '王五', phonetic_family_name: 'wangwu' });
    expect(c.phone).toEqual([{ is_primary: 0, number: '10086', type: 3 }]);
    expect(c.email).toEqual([]);
    expect(c.organization).toEqual([{ is_primary: 0, company: '', title: '经理', type: 1 }]);
    expect(c.event).toEqual([{ is_primary: 0, start_date: '1990-02-03', lunar_or_solar: 0, type: 3 }]);
    expect(c.note).toEqual([]);
  });

  it("refuses another user's contact by id, everywhere", async () => {
    const owner = await verifiedClient(server);
    const mine = await save(owner.client, person('机密联系人'));
    const { client } = await verifiedClient(server);
    expect((await client.get('/contact/detail.do', { server_id: mine.server_id })).code).toBe(
      ContactCode.NOT_FOUND,
    );
    const edit = await saveRaw(client, person('篡改'), {
      server_id: mine.server_id,
      version_code: mine.version_code,
    });
    expect(edit.code).toBe(ContactCode.NOT_FOUND);
    const del = await client.post('/contact/delete.do', {
      server_ids: JSON.stringify({ [mine.server_id]: mine.version_code }),
    });
    expect(del.code).toBe(ContactCode.NOT_FOUND);
    await client.post('/contact/group/add.do', { group_name: '组' });
    const join = await client.post('/contact/group/join.do', {
      group_names: JSON.stringify(['组']),
      server_ids: JSON.stringify([mine.server_id]),
    });
    expect(join.code).toBe(ContactCode.NOT_FOUND);
    expect(
      (
        await client.post('/contact/merge.do', {
          data: JSON.stringify({ repeat_ids: [[mine.server_id, mine.server_id]] }),
        })
      ).code,
    ).toBe(Code.INVALID);
    expect(Object.keys((await book(client)).list)).toEqual([]);
    expect(await names(owner.client)).toEqual(['机密联系人']);
  });

  it('deletes into the recycle bin, grouped by day; recovers, fully recovers, deletes for good and empties', async () => {
    const { client } = await verifiedClient(server);
    const saved = [];
    for (const n of ['甲', '乙', '丙', '丁', '戊']) saved.push(await save(client, person(n)));
    const [a, b, c, d, e] = saved.map((s) => s.contact) as [Contact, Contact, Contact, Contact, Contact];
    await remove(client, [a, b]);
    server.clock.advance(DAY_MS);
    await remove(client, [c, d, e]);
    expect(await names(client)).toEqual([]);

    const bin = (await client.get<RecycleBin>('/contact/recycle_bin/list.do')).data as RecycleBin;
    expect(Object.keys(bin.list).sort()).toEqual(saved.map((s) => s.server_id).sort());
    const days = Object.keys(bin.letter_index);
    expect(days).toHaveLength(2);
    expect((days[0] as string) > (days[1] as string)).toBe(true);
    expect(bin.letter_index[days[1] as string]?.sort()).toEqual([a.server_id, b.server_id].sort());
    expect(bin.list[a.server_id]?.delete_time).toBe(server.clock.now() - DAY_MS);

    expect(
      (await client.post('/contact/recycle_bin/recover.do', { server_ids: JSON.stringify([a.server_id]) }))
        .code,
    ).toBe(0);
    expect(await names(client)).toEqual(['甲']);
    const gone = await client.post('/contact/recycle_bin/delete.do', {
      server_ids: JSON.stringify([b.server_id]),
    });
    expect(gone.code).toBe(0);
    expect(
      (await client.post('/contact/recycle_bin/recover.do', { server_ids: JSON.stringify([b.server_id]) }))
        .code,
    ).toBe(ContactCode.NOT_FOUND);
    expect((await client.post('/contact/recycle_bin/fullrecover.do', { sync_version: 0 })).code).toBe(0);
    expect(await names(client)).toEqual(['丁', '丙', '戊', '甲'].sort());

    await remove(client, Object.values((await book(client)).list));
    expect((await client.post('/contact/recycle_bin/empty.do', { sync_version: 0 })).code).toBe(0);
    expect(
      Object.keys(((await client.get<RecycleBin>('/contact/recycle_bin/list.do')).data as RecycleBin).list),
    ).toEqual([]);
  });

  it('purges recycle-bin entries after 30 days', async () => {
    const { client } = await verifiedClient(server);
    const old = await save(client, person('旧的'));
    const recent = await save(client, person('新的'));
    await remove(client, [old.contact]);
    server.clock.advance(29 * DAY_MS);
    await remove(client, [recent.contact]);
    await purgeContacts(server.deps);
    let bin = (await client.get<RecycleBin>('/contact/recycle_bin/list.do')).data as RecycleBin;
    expect(Object.keys(bin.list).sort()).toEqual([old.server_id, recent.server_id].sort());
    server.clock.advance(DAY_MS + 1);
    await purgeContacts(server.deps);
    bin = (await client.get<RecycleBin>('/contact/recycle_bin/list.do')).data as RecycleBin;
    expect(Object.keys(bin.list)).toEqual([recent.server_id]);
  });

  it('counts the book in the backup space', async () => {
    const { client } = await verifiedClient(server);
    const before = (await client.get<{ usedSize: number }>('/space/backup_used.do')).data?.usedSize ?? 0;
    await save(client, person('占空间', { note: [{ note: '备注'.repeat(100) }] }));
    const after = (await client.get<{ usedSize: number }>('/space/backup_used.do')).data?.usedSize ?? 0;
    expect(after - before).toBeGreaterThan(400);
  });

  it('streams list.do with the indexes first, then the first screen in list order, then the rest', async () => {
    const user = await createUser(server);
    await seedContacts(server.deps, user.id);
    const { client } = await verifiedClient(server, user);
    const text = await (await client.raw('/contact/list.do?tmp=1')).text();
    const { data } = JSON.parse(text) as { code: number; data: ContactBook };
    // One contact per line after the head: the browser finds whole contacts at line breaks.
    const listAt = text.indexOf('"list":{\n');
    expect(text.slice(listAt).split('\n').length).toBe(Object.keys(data.list).length + 2);
    for (const key of ['"sync_version"', '"group"', '"letter_index"', '"group_letter_index"']) {
      expect(text.indexOf(key), key).toBeLessThan(listAt);
    }
    // Parsing sorts integer keys, so the order is read off the text itself.
    const streamed = [...text.slice(listAt + 7).matchAll(/[{,]\s*"(\d+)":\{/g)].map((m) => m[1]);
    const order = CONTACT_LETTERS.flatMap((l) => data.letter_index[l] ?? []);
    expect(order.length).toBeGreaterThan(300);
    expect(streamed.slice(0, 100)).toEqual(order.slice(0, 100));
    // Every contact once, none twice.
    expect([...streamed].sort()).toEqual([...order].sort());
    expect(Object.keys(data.list).length).toBe(order.length);
  });

  it('seeds the demo account with a realistic book', async () => {
    const user = await createUser(server);
    await seedContacts(server.deps, user.id);
    const { client } = await verifiedClient(server, user);
    const b = await book(client);
    const list = Object.values(b.list);
    expect(list.length).toBeGreaterThanOrEqual(300);
    expect(list.some((c) => /^[A-Za-z]/.test(c.content.name[0]?.display_name ?? ''))).toBe(true);
    expect(list.some((c) => /\p{Script=Han}/u.test(c.content.name[0]?.display_name ?? ''))).toBe(true);
    expect(Object.keys(b.group).length).toBeGreaterThanOrEqual(5);
    expect(list.filter((c) => c.attachment.length > 0).length).toBeGreaterThanOrEqual(5);
    expect(Object.keys(b.letter_index).length).toBeGreaterThan(15);
    const repeat = (
      await client.get<{ same_ids: string[][]; repeat_ids: string[][] }>('/contact/repeat_list.do')
    ).data;
    expect(repeat?.same_ids.length).toBeGreaterThanOrEqual(3);
    expect(repeat?.repeat_ids.length).toBeGreaterThanOrEqual(3);
    const bin = (await client.get<RecycleBin>('/contact/recycle_bin/list.do')).data as RecycleBin;
    expect(Object.keys(bin.list).length).toBeGreaterThan(0);
    const nodes = (await client.get<{ list: unknown[] }>('/contact/time_machine/list.do')).data?.list;
    expect(nodes?.length).toBeGreaterThanOrEqual(2);
    const avatar = list.find((c) => c.attachment.length > 0)?.attachment[0]?.cloud_path ?? '';
    const picture = await client.raw(avatar);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(500);
  });
});
