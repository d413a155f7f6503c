import {
  Code,
  SMS_DETAIL_PAGE,
  SmsApi,
  SmsCode,
  type SmsData,
  type SmsFavouriteResult,
  SmsMsg,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedClient } from './support/accounts.js';
import { closeServer, person, save } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';
import { give, msg, okPost, smsDetail, smsList } from './support/sms.js';

describe.each(TEST_DIALECTS)('text messages [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => closeServer(server));

  it('needs the second verification', async () => {
    const anonymous = server.client();
    expect((await anonymous.get(SmsApi.list)).code).toBe(Code.NOT_LOGGED_IN);
  });

  it('lists conversations newest first, one per number however it is written, with contact names', async () => {
    const { client, user } = await verifiedClient(server);
    await give(server, user.id, [
      msg('+86 138-0013-8000', '你好', 1),
      msg('13800138000', '在吗', 2, { type: 2 }),
      msg('138 0013 8000', '晚上吃饭', 3),
      msg('10086', '【中国移动】余额不足', 5),
      msg('95588', '【工商银行】支出100元', 4),
    ]);
    await save(client, person('妈妈', { phone: [{ number: '+86 138 0013 8000', type: 2 }] }));

    const data = await smsList(client);
    expect(data.collection_list.map((c) => [c.format_address, c.count])).toEqual([
      ['10086', 1],
      ['95588', 1],
      ['13800138000', 3],
    ]);
    const newest = data.collection_list[2];
    expect(data.sms_list[newest?.server_id ?? '']?.content.body).toBe('晚上吃饭');
    expect(data.contactIcon_list['13800138000']?.name[0]?.display_name).toBe('妈妈');
    expect(data.contactIcon_list['10086']).toBeUndefined();
    expect(data.favourite_list).toEqual([]);
    expect(data.sync_version).toBeGreaterThan(0);

    // The name follows the book: renamed there, renamed here.
    const book = await client.get<{ list: Record<string, { server_id: string; version_code: number }> }>(
      '/contact/list.do',
    );
    const contact = Object.values(book.data?.list ?? {})[0];
    await save(client, person('老妈', { phone: [{ number: '13800138000', type: 2 }] }), {
      server_id: contact?.server_id,
      version_code: contact?.version_code,
    });
    expect((await smsList(client)).contactIcon_list['13800138000']?.name[0]?.display_name).toBe('老妈');
  });

  it('answers a conversation oldest first, in pages from the newest, and at a message', async () => {
    const { client, user } = await verifiedClient(server);
    const n = SMS_DETAIL_PAGE * 2 + 10;
    await give(
      server,
      user.id,
      Array.from({ length: n }, (_, i) => msg('13900001111', `第${i}条`, i, { type: i % 2 ? 2 : 1 })),
    );
    const first = await smsDetail(client, { format_address: '+86 139-0000-1111' });
    expect(first.count).toBe(n);
    expect(first.has_more).toBe(true);
    expect(first.sms_list).toHaveLength(SMS_DETAIL_PAGE);
    expect(first.sms_list.at(-1)?.content.body).toBe(`第${n - 1}条`);
    expect(first.sms_list[0]?.content.body).toBe(`第${n - SMS_DETAIL_PAGE}条`);

    const second = await smsDetail(client, {
      format_address: '13900001111',
      before: first.sms_list[0]?.server_id ?? '',
    });
    expect(second.sms_list.at(-1)?.content.body).toBe(`第${n - SMS_DETAIL_PAGE - 1}条`);
    const third = await smsDetail(client, {
      format_address: '13900001111',
      before: second.sms_list[0]?.server_id ?? '',
    });
    expect(third.has_more).toBe(false);
    expect(third.sms_list).toHaveLength(10);
    expect(third.sms_list[0]?.content.body).toBe('第0条');

    // At a message: from it to the newest, and a page older than it.
    const target = third.sms_list[5];
    const around = await smsDetail(client, {
      format_address: '13900001111',
      anchor: target?.server_id ?? '',
    });
    expect(around.sms_list[0]?.content.body).toBe('第0条');
    expect(around.sms_list.at(-1)?.content.body).toBe(`第${n - 1}条`);
    expect(around.has_more).toBe(false);

    const missing = await client.post(SmsApi.detail, { format_address: '10000' });
    expect(missing.code).toBe(SmsCode.NOT_FOUND);
    expect(missing.message).toBe(SmsMsg.NOT_FOUND);
  });

  it('favourites: on and off, the favourites list follows, a stale sync_version is refused', async () => {
    const { client, user } = await verifiedClient(server);
    await give(server, user.id, [msg('10086', 'a', 1), msg('10086', 'b', 2), msg('95555', 'c', 3)]);
    const data = await smsList(client);
    const detail = await smsDetail(client, { format_address: '10086' });
    const [a, b] = detail.sms_list;

    const on = await okPost<SmsFavouriteResult>(client, SmsApi.favourite, {
      favourite: 1,
      sync_version: data.sync_version,
      serverId: a?.server_id ?? '',
    });
    expect(on.sync_version).toBe(data.sync_version + 1);
    expect(on.optime).toBe(server.clock.now());
    const on2 = await okPost<SmsFavouriteResult>(client, SmsApi.favourite, {
      favourite: 1,
      sync_version: on.sync_version,
      serverId: b?.server_id ?? '',
    });
    let list = await smsList(client);
    expect(list.favourite_list.map((c) => c.format_address)).toEqual(['10086']);
    expect(list.sms_list[a?.server_id ?? '']?.content.locked).toBe(1);
    expect(list.sms_list[b?.server_id ?? '']?.content.locked).toBe(1);

    // The old sync_version: refused, nothing changed.
    const refused = await client.post(SmsApi.favourite, {
      favourite: 0,
      sync_version: on.sync_version,
      serverId: a?.server_id ?? '',
    });
    expect(refused.code).toBe(SmsCode.STALE_SYNC);
    expect(refused.message).toBe(SmsMsg.STALE_SYNC);
    expect((await smsList(client)).sync_version).toBe(on2.sync_version);

    // One off: still a favourite conversation while another message is locked; both off: gone.
    const off = await okPost<SmsFavouriteResult>(client, SmsApi.favourite, {
      favourite: 0,
      sync_version: on2.sync_version,
      serverId: a?.server_id ?? '',
    });
    expect((await smsList(client)).favourite_list.map((c) => c.format_address)).toEqual(['10086']);
    await okPost(client, SmsApi.favourite, {
      favourite: 0,
      sync_version: off.sync_version,
      serverId: b?.server_id ?? '',
    });
    list = await smsList(client);
    expect(list.favourite_list).toEqual([]);
    expect(list.sms_list[a?.server_id ?? '']?.content.locked ?? 0).toBe(0);

    const bad = await client.post(SmsApi.favourite, {
      favourite: 3,
      sync_version: list.sync_version,
      serverId: 1,
    });
    expect(bad.code).toBe(Code.INVALID);
  });

  it('refresh answers nothing when unchanged, the changed conversations and the removed ones, 1009 when lost', async () => {
    const { client, user } = await verifiedClient(server);
    await give(server, user.id, [msg('10086', 'a', 1), msg('95555', 'b', 2), msg('95588', 'c', 3)]);
    const start = await smsList(client);
    const same = await okPost<SmsData>(client, SmsApi.refresh, {
      sync_version: start.sync_version,
      flag: '1',
    });
    expect(same.sync_version).toBe(start.sync_version);
    expect(same.collection_list).toEqual([]);
    expect(Object.keys(same.sms_list)).toEqual([]);

    await give(server, user.id, [msg('10086', 'new', 10)]);
    const del = await okPost<SmsFavouriteResult>(client, SmsApi.delete, {
      sync_version: start.sync_version + 1,
      format_address: '95555',
    });
    const delta = await okPost<SmsData>(client, SmsApi.refresh, {
      sync_version: start.sync_version,
      flag: '1',
    });
    expect(delta.sync_version).toBe(del.sync_version);
    expect(delta.collection_list.map((c) => [c.format_address, c.count])).toEqual([['10086', 2]]);
    expect(delta.removed).toEqual(['95555']);
    expect(Object.values(delta.sms_list).map((m) => m.content.body)).toEqual(['new']);

    const ahead = await client.post(SmsApi.refresh, { sync_version: del.sync_version + 5 });
    expect(ahead.code).toBe(Code.FULL_RELOAD);

    // A change of hundreds of conversations at once (an import): the list reloads whole.
    await give(
      server,
      user.id,
      Array.from({ length: 600 }, (_, i) => msg(String(13700000000 + i), 'bulk', 20 + i)),
    );
    const bulk = await client.post(SmsApi.refresh, { sync_version: del.sync_version });
    expect(bulk.code).toBe(Code.FULL_RELOAD);
    expect((await smsList(client)).collection_list).toHaveLength(602);
  });

  it('deletes a whole conversation; another user cannot read, favourite or delete it', async () => {
    const { client, user } = await verifiedClient(server);
    await give(server, user.id, [
      msg('+86 186-0000-0001', 'x', 1),
      msg('18600000001', 'y', 2),
      msg('10010', 'z', 3),
    ]);
    const data = await smsList(client);
    const target = data.collection_list.find((c) => c.format_address === '18600000001');

    const other = await verifiedClient(server);
    const otherData = await smsList(other.client);
    expect(otherData.collection_list).toEqual([]);
    expect((await other.client.post(SmsApi.detail, { format_address: '18600000001' })).code).toBe(
      SmsCode.NOT_FOUND,
    );
    const fav = await other.client.post(SmsApi.favourite, {
      favourite: 1,
      sync_version: otherData.sync_version,
      serverId: target?.server_id ?? '',
    });
    expect(fav.code).toBe(SmsCode.NOT_FOUND);
    const otherDel = await other.client.post(SmsApi.delete, {
      sync_version: otherData.sync_version,
      format_address: '18600000001',
    });
    expect(otherDel.code).toBe(SmsCode.NOT_FOUND);
    expect((await smsList(client)).collection_list).toHaveLength(2);

    const stale = await client.post(SmsApi.delete, {
      sync_version: data.sync_version - 1,
      format_address: '18600000001',
    });
    expect(stale.code).toBe(SmsCode.STALE_SYNC);
    await okPost(client, SmsApi.delete, {
      sync_version: data.sync_version,
      format_address: '+86 186 0000 0001',
    });
    const after = await smsList(client);
    expect(after.collection_list.map((c) => c.format_address)).toEqual(['10010']);
    expect(after.sms_list[target?.server_id ?? '']).toBeUndefined();
    expect((await client.post(SmsApi.detail, { format_address: '18600000001' })).code).toBe(
      SmsCode.NOT_FOUND,
    );
    const again = await client.post(SmsApi.delete, {
      sync_version: after.sync_version,
      format_address: '18600000001',
    });
    expect(again.code).toBe(SmsCode.NOT_FOUND);
  });

  it('an empty box lists nothing and has nothing to export', async () => {
    const { client } = await verifiedClient(server);
    const data = await smsList(client);
    expect(data).toEqual({
      sync_version: 0,
      sms_list: {},
      collection_list: [],
      favourite_list: [],
      contactIcon_list: {},
    });
    const res = await client.post(SmsApi.export, { sync_version: 0 });
    expect(res.code).toBe(Code.NOTHING_TO_EXPORT);
    expect(res.message).toBe(SmsMsg.EXPORT_EMPTY);
  });
});
