import { SMS_SEARCH_PAGE, SmsApi, type SmsSearchResult } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedClient } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { closeServer, person, save } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';
import { give, msg, okPost } from './support/sms.js';

describe.each(TEST_DIALECTS)('SMS search [%s]', (dialect) => {
  let server: TestServer;
  let client: TestClient;
  const search = (query: string, offset = 0) =>
    okPost<SmsSearchResult>(client, SmsApi.search, { query, offset });
  const bodies = async (query: string) =>
    (await search(query)).body_matches.map((m) => m.content.body).sort();

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const me = await verifiedClient(server);
    client = me.client;
    await save(client, person('张伟', { phone: [{ number: '13811112222', type: 2 }] }));
    await save(client, person('Alice Wang', { phone: [{ number: '+86 139-2222-3333', type: 2 }] }));
    await give(server, me.user.id, [
      msg('13811112222', '明天开会', 1),
      msg('13811112222', '会议改到下午', 2),
      msg('13922223333', 'Meeting at 3pm', 3),
      msg('13922223333', 'see you at the MEETING room', 4),
      msg('10086', '【中国移动】流量提醒 (套餐) 1+1=2 a.b*c', 5),
      msg('95588', '【工商银行】工资到账', 6),
      msg('18600000000', '😀 表情', 7),
    ]);
    // Someone else's box holds the same words: never found here.
    const other = await verifiedClient(server);
    await give(server, other.user.id, [msg('13811112222', '开会 Meeting 工资 流量', 1)]);
  });
  afterAll(() => closeServer(server));

  it('finds one and two Chinese characters anywhere in a body, over the whole box', async () => {
    expect(await bodies('会')).toEqual(['会议改到下午', '明天开会']);
    expect(await bodies('开会')).toEqual(['明天开会']);
    expect(await bodies('工资到账')).toEqual(['【工商银行】工资到账']);
    expect(await bodies('中国移动')).toEqual(['【中国移动】流量提醒 (套餐) 1+1=2 a.b*c']);
  });

  it('folds Latin case, for short and long queries', async () => {
    expect(await bodies('meeting')).toEqual(['Meeting at 3pm', 'see you at the MEETING room']);
    expect(await bodies('MeEt')).toEqual(['Meeting at 3pm', 'see you at the MEETING room']);
    expect(await bodies('PM')).toEqual(['Meeting at 3pm']);
  });

  it('drops a leading dot and strips regex characters', async () => {
    expect(await bodies('.流量')).toEqual(['【中国移动】流量提醒 (套餐) 1+1=2 a.b*c']);
    // "(套餐)" is searched as "套餐", "1+1" as "11": nothing has 11.
    expect(await bodies('(套餐)')).toEqual(['【中国移动】流量提醒 (套餐) 1+1=2 a.b*c']);
    expect(await bodies('1+1')).toEqual([]);
    expect(await bodies('%')).toEqual([]);
    expect(await bodies('_')).toEqual([]);
    expect((await search('.*')).name_matches).toEqual([]);
    expect(await bodies('😀')).toEqual(['😀 表情']);
  });

  it('matches contact names and numbers as conversations', async () => {
    const byName = await search('张伟');
    expect(byName.name_matches.map((c) => c.format_address)).toEqual(['13811112222']);
    expect(byName.contactIcon_list['13811112222']?.name[0]?.display_name).toBe('张伟');
    expect((await search('alice')).name_matches.map((c) => c.format_address)).toEqual(['13922223333']);
    expect((await search('+86 139-2222')).name_matches.map((c) => c.format_address)).toEqual(['13922223333']);
    expect((await search('10086')).name_matches.map((c) => c.format_address)).toEqual(['10086']);
  });

  it('pages body matches newest first with the total', async () => {
    const me = await verifiedClient(server);
    const n = SMS_SEARCH_PAGE + 7;
    await give(
      server,
      me.user.id,
      Array.from({ length: n }, (_, i) => msg('10010', `快递 ${i}`, i)),
    );
    const first = await okPost<SmsSearchResult>(me.client, SmsApi.search, { query: '快递' });
    expect(first.body_total).toBe(n);
    expect(first.body_matches).toHaveLength(SMS_SEARCH_PAGE);
    expect(first.body_matches[0]?.content.body).toBe(`快递 ${n - 1}`);
    const second = await okPost<SmsSearchResult>(me.client, SmsApi.search, {
      query: '快递',
      offset: SMS_SEARCH_PAGE,
    });
    expect(second.body_matches.map((m) => m.content.body)).toEqual(
      Array.from({ length: 7 }, (_, i) => `快递 ${6 - i}`),
    );
    const long = await okPost<SmsSearchResult>(me.client, SmsApi.search, { query: '快递 1' });
    // "快递 1", "快递 10" … "快递 19".
    expect(long.body_total).toBe(11);
  });
});
