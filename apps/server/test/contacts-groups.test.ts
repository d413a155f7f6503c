import { Code, ContactCode, ContactMsg, GROUP_MAX } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedClient } from './support/accounts.js';
import { book, closeServer, person, save, saveRaw } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

describe.each(TEST_DIALECTS)('contacts: groups [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => closeServer(server));

  const add = (client: Awaited<ReturnType<typeof verifiedClient>>['client'], name: string) =>
    client.post('/contact/group/add.do', { sync_version: 0, group_name: name });

  it('adds groups: not empty, unique, at most 12 characters, at most 100', async () => {
    const { client } = await verifiedClient(server);
    expect(await add(client, '  ')).toMatchObject({
      code: Code.INVALID,
      message: ContactMsg.GROUP_NAME_EMPTY,
    });
    expect((await add(client, '家人')).code).toBe(0);
    expect(await add(client, '家人')).toMatchObject({
      code: Code.INVALID,
      message: ContactMsg.GROUP_NAME_EXISTS,
    });
    expect(await add(client, '一二三四五六七八九十一二三')).toMatchObject({
      code: Code.INVALID,
      message: ContactMsg.GROUP_NAME_TOO_LONG,
    });
    expect((await add(client, '一二三四五六七八九十一二')).code).toBe(0);
    for (let i = 3; i <= GROUP_MAX; i++) expect((await add(client, `组${i}`)).code).toBe(0);
    expect(await add(client, '第101个')).toMatchObject({
      code: Code.INVALID,
      message: ContactMsg.GROUP_LIMIT,
    });
    // A save that would create a 101st group is refused the same way, and nothing is saved.
    const over = await saveRaw(client, person('超额', { group: [{ groupTitle: '新组' }] }));
    expect(over).toMatchObject({ code: Code.INVALID, message: ContactMsg.GROUP_LIMIT });
    const b = await book(client);
    expect(Object.keys(b.group)).toHaveLength(GROUP_MAX);
    expect(Object.keys(b.group).slice(0, 2)).toEqual(['家人', '一二三四五六七八九十一二']);
    expect(Object.keys(b.list)).toEqual([]);
  });

  it('renames a group and its members; the same name is a no-op; rules apply to the new name', async () => {
    const { client } = await verifiedClient(server);
    await add(client, '同事');
    await add(client, '朋友');
    const a = await save(client, person('甲', { group: [{ groupTitle: '同事' }, { groupTitle: '朋友' }] }));
    const b = await save(client, person('乙'));
    const before = await book(client);
    const same = await client.post('/contact/group/update.do', {
      old_group_name: '同事',
      group_name: '同事',
    });
    expect(same).toMatchObject({ code: 0, data: { sync_version: before.sync_version, server_ids: [] } });
    expect((await book(client)).sync_version).toBe(before.sync_version);

    expect(
      await client.post('/contact/group/update.do', { old_group_name: '同事', group_name: '朋友' }),
    ).toMatchObject({
      message: ContactMsg.GROUP_NAME_EXISTS,
    });
    expect(
      await client.post('/contact/group/update.do', { old_group_name: '同事', group_name: '' }),
    ).toMatchObject({
      message: ContactMsg.GROUP_NAME_EMPTY,
    });
    const renamed = await client.post<{ server_ids: string[] }>('/contact/group/update.do', {
      old_group_name: '同事',
      group_name: '老同事',
    });
    expect(renamed.data?.server_ids).toEqual([a.server_id]);
    const after = await book(client);
    expect(Object.keys(after.group)).toEqual(['老同事', '朋友']);
    expect(after.group.老同事).toEqual([a.server_id]);
    expect(after.list[a.server_id]?.content.group).toEqual([
      { groupTitle: '老同事' },
      { groupTitle: '朋友' },
    ]);
    expect(after.list[a.server_id]?.version_code).toBeGreaterThan(a.version_code);

    // With server_ids the members become exactly those contacts.
    await client.post('/contact/group/update.do', {
      old_group_name: '老同事',
      group_name: '老同事',
      server_ids: JSON.stringify([b.server_id]),
    });
    expect((await book(client)).group.老同事).toEqual([b.server_id]);
  });

  it('deletes a group, keeping its members; joins contacts to groups', async () => {
    const { client } = await verifiedClient(server);
    await add(client, '客户');
    await add(client, 'VIP');
    const a = await save(client, person('Alice', { group: [{ groupTitle: '客户' }] }));
    const b = await save(client, person('Bob'));
    const join = await client.post<{ server_ids: string[] }>('/contact/group/join.do', {
      group_names: JSON.stringify(['客户', 'VIP']),
      server_ids: JSON.stringify([a.server_id, b.server_id]),
    });
    expect(join.code).toBe(0);
    expect(join.data?.server_ids.sort()).toEqual([a.server_id, b.server_id].sort());
    let list = await book(client);
    expect(list.group).toEqual({ 客户: [a.server_id, b.server_id], VIP: [a.server_id, b.server_id] });
    expect(list.group_letter_index.VIP).toEqual({ A: [a.server_id], B: [b.server_id] });
    expect(
      (
        await client.post('/contact/group/join.do', {
          group_names: JSON.stringify(['无此组']),
          server_ids: JSON.stringify([a.server_id]),
        })
      ).message,
    ).toBe(ContactMsg.GROUP_NOT_FOUND);
    expect(
      (
        await client.post('/contact/group/join.do', {
          group_names: JSON.stringify(['VIP']),
          server_ids: JSON.stringify(['99999']),
        })
      ).code,
    ).toBe(ContactCode.NOT_FOUND);

    expect(
      (await client.post('/contact/group/delete.do', { group_name: '客户', server_ids: '[]' })).code,
    ).toBe(0);
    list = await book(client);
    expect(Object.keys(list.group)).toEqual(['VIP']);
    expect(Object.keys(list.list).sort()).toEqual([a.server_id, b.server_id].sort());
    expect(list.list[a.server_id]?.content.group).toEqual([{ groupTitle: 'VIP' }]);
    expect((await client.post('/contact/group/delete.do', { group_name: '客户' })).message).toBe(
      ContactMsg.GROUP_NOT_FOUND,
    );
  });

  it('creates a group a save names, and refuses a title over 12 characters', async () => {
    const { client } = await verifiedClient(server);
    await save(client, person('丙', { group: [{ groupTitle: '球友' }] }));
    expect(Object.keys((await book(client)).group)).toEqual(['球友']);
    const long = await saveRaw(
      client,
      person('丁', { group: [{ groupTitle: '一二三四五六七八九十一二三' }] }),
    );
    expect(long.message).toBe(ContactMsg.GROUP_NAME_TOO_LONG);
  });
});
