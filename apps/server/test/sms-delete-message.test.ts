import {
  Code,
  SMS_LOG_KEEP,
  SmsApi,
  SmsCode,
  type SmsData,
  type SmsFavouriteResult,
  type SmsSearchResult,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeSms } from '../src/modules/sms/housekeeping.js';
import { verifiedClient } from './support/accounts.js';
import { closeServer } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';
import { give, msg, okPost, smsDetail, smsList } from './support/sms.js';

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(TEST_DIALECTS)('deleting one message [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => closeServer(server));

  it('takes one message out of its conversation: count, favourites, newest, refresh, search, picture', async () => {
    const { client, user } = await verifiedClient(server);
    await give(server, user.id, [
      msg('13800001111', '第一条 早安', 1),
      msg('13800001111', '第二条 收藏的', 2, { locked: 1 }),
      msg('13800001111', '第三条 看照片', 3, {
        pictures: [{ mime: 'image/png', name: 'a.png', bytes: PNG }],
      }),
      msg('10086', '【中国移动】余额提醒', 4),
    ]);
    const box = await smsList(client);
    const messages = (await smsDetail(client, { format_address: '13800001111' })).sms_list;
    const [first, favourite, picture] = messages;
    expect(box.favourite_list.map((c) => c.format_address)).toEqual(['13800001111']);

    // The favourite in the middle: one fewer, and no favourite left in the conversation.
    const r1 = await okPost<SmsFavouriteResult>(client, SmsApi.deleteMessage, {
      sync_version: box.sync_version,
      serverId: favourite?.server_id ?? '',
    });
    expect(r1.sync_version).toBe(box.sync_version + 1);
    const after1 = await smsList(client);
    expect(after1.collection_list.find((c) => c.format_address === '13800001111')?.count).toBe(2);
    expect(after1.favourite_list).toEqual([]);
    expect(after1.sms_list[favourite?.server_id ?? '']).toBeUndefined();
    // The portal's refresh names the conversation as changed, not removed.
    const delta = await okPost<SmsData & { removed?: string[] }>(client, SmsApi.refresh, {
      sync_version: box.sync_version,
    });
    expect(delta.collection_list.map((c) => [c.format_address, c.count])).toEqual([['13800001111', 2]]);
    expect(delta.removed).toEqual([]);
    // Search finds it no more.
    const found = await okPost<SmsSearchResult>(client, SmsApi.search, { query: '收藏的' });
    expect(found.body_total).toBe(0);

    // The newest (with its picture): the conversation's newest is the one before, the picture goes.
    const pictureUrl = picture?.content.attachments?.[0] ?? '';
    expect((await client.raw(pictureUrl)).status).toBe(200);
    await okPost(client, SmsApi.deleteMessage, {
      sync_version: r1.sync_version,
      serverId: picture?.server_id ?? '',
    });
    const after2 = await smsList(client);
    const conversation = after2.collection_list.find((c) => c.format_address === '13800001111');
    expect(conversation).toMatchObject({ count: 1, server_id: first?.server_id });
    expect(after2.sms_list[first?.server_id ?? '']?.content.body).toBe('第一条 早安');
    expect((await client.raw(pictureUrl)).status).toBe(404);
    expect(
      await server.deps.db.selectFrom('sms_files').selectAll().where('user_id', '=', user.id).execute(),
    ).toEqual([]);

    // Its last message: the conversation goes with it.
    await okPost(client, SmsApi.deleteMessage, {
      sync_version: after2.sync_version,
      serverId: first?.server_id ?? '',
    });
    const after3 = await smsList(client);
    expect(after3.collection_list.map((c) => c.format_address)).toEqual(['10086']);
    expect((await client.post(SmsApi.detail, { format_address: '13800001111' })).code).toBe(
      SmsCode.NOT_FOUND,
    );
    const gone = await okPost<SmsData & { removed?: string[] }>(client, SmsApi.refresh, {
      sync_version: after2.sync_version,
    });
    expect(gone.removed).toEqual(['13800001111']);

    // Deleted already: not found; a stale version is refused before anything is looked at.
    const again = await client.post(SmsApi.deleteMessage, {
      sync_version: after3.sync_version,
      serverId: first?.server_id ?? '',
    });
    expect(again.code).toBe(SmsCode.NOT_FOUND);
    const stale = await client.post(SmsApi.deleteMessage, {
      sync_version: after3.sync_version - 1,
      serverId: after3.collection_list[0]?.server_id ?? '',
    });
    expect(stale.code).toBe(SmsCode.STALE_SYNC);
    const bad = await client.post(SmsApi.deleteMessage, {
      sync_version: after3.sync_version,
      serverId: 'abc',
    });
    expect(bad.code).toBe(Code.INVALID);
  });

  it("refuses another account's message id as not found, and leaves it", async () => {
    const owner = await verifiedClient(server);
    await give(server, owner.user.id, [msg('18600000002', '别人的短信', 1), msg('18600000002', '第二条', 2)]);
    const mine = await smsList(owner.client);
    const target = mine.collection_list[0]?.server_id ?? '';

    const other = await verifiedClient(server);
    await give(server, other.user.id, [msg('10010', '自己的', 1)]);
    const theirs = await smsList(other.client);
    const refused = await other.client.post(SmsApi.deleteMessage, {
      sync_version: theirs.sync_version,
      serverId: target,
    });
    expect(refused.code).toBe(SmsCode.NOT_FOUND);
    // Nothing moved on either side.
    expect((await smsList(other.client)).sync_version).toBe(theirs.sync_version);
    const still = await smsList(owner.client);
    expect(still.sync_version).toBe(mine.sync_version);
    expect(still.collection_list[0]).toMatchObject({ server_id: target, count: 2 });
  });

  it('the record of deleted messages is trimmed with the refresh log', async () => {
    const { client, user } = await verifiedClient(server);
    await give(server, user.id, [msg('13700000003', '一', 1), msg('13700000003', '二', 2)]);
    const box = await smsList(client);
    await okPost(client, SmsApi.deleteMessage, {
      sync_version: box.sync_version,
      serverId: box.collection_list[0]?.server_id ?? '',
    });
    const deletes = () =>
      server.deps.db.selectFrom('sms_message_deletes').select('id').where('user_id', '=', user.id).execute();
    expect(await deletes()).toHaveLength(1);
    // The box moves on past what the log keeps: housekeeping drops the log and these rows below it.
    await server.deps.db
      .updateTable('sms_boxes')
      .set({ sync_version: box.sync_version + SMS_LOG_KEEP + 2 })
      .where('user_id', '=', user.id)
      .execute();
    await purgeSms(server.deps);
    expect(await deletes()).toEqual([]);
  });

  it('needs the second verification', async () => {
    const anonymous = server.client();
    expect((await anonymous.post(SmsApi.deleteMessage, { sync_version: 0, serverId: 1 })).code).toBe(
      Code.NOT_LOGGED_IN,
    );
  });
});
