import type { AddressEntry, TimeMachineChange, TimeMachineList } from '@phonecloud/shared';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressFromLegacy } from '../src/db/migrations/019/legacy-address.js';
import * as m019 from '../src/db/migrations/019_contact_address_parts.js';
import { contentHash } from '../src/modules/contacts/doc.js';
import { verifiedClient } from './support/accounts.js';
import { book, closeServer, person, save, saveRaw } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

const parts = (over: Partial<AddressEntry>) => ({
  po_box: '',
  extended: '',
  street: '',
  city: '',
  region: '',
  postcode: '',
  country: '',
  ...over,
});

describe('addresses stored before their parts (migration 019)', () => {
  it('makes the one text the street, or reads back the joining of a card’s or a CSV’s parts', () => {
    const one = (formatted_address: string, street: string) =>
      addressFromLegacy({ is_primary: 1, formatted_address, street, type: 2 });
    // Written in the editor: one text, the same in both fields.
    expect(one('北京市海淀区中关村大街27号', '北京市海淀区中关村大街27号')).toEqual({
      is_primary: 1,
      formatted_address: '北京市海淀区中关村大街27号',
      ...parts({ street: '北京市海淀区中关村大街27号' }),
      type: 2,
    });
    // A CJK card's country + region + city + street.
    expect(one('中国广东省深圳市南山区科技园', '南山区科技园')).toMatchObject(
      parts({ country: '中国', region: '广东省', city: '深圳市', street: '南山区科技园' }),
    );
    expect(one('北京中关村大街1号', '中关村大街1号')).toMatchObject(
      parts({ region: '北京', street: '中关村大街1号' }),
    );
    expect(one('中国北京中关村大街1号', '中关村大街1号')?.formatted_address).toBe('中国北京中关村大街1号');
    // A Latin card's or an Outlook CSV's "street, city, region, postcode, country".
    expect(one('1 Main St, Springfield, IL, 62701, USA', '1 Main St')).toMatchObject(
      parts({ street: '1 Main St', city: 'Springfield', region: 'IL', postcode: '62701', country: 'USA' }),
    );
    expect(one('12 St James Sq, London, SW1Y 4JH, United', '12 St James Sq')).toMatchObject(
      parts({ street: '12 St James Sq', city: 'London', postcode: 'SW1Y 4JH', country: 'United' }),
    );
    expect(one('1 Main St, Springfield', '1 Main St')).toMatchObject(
      parts({ street: '1 Main St', city: 'Springfield' }),
    );
    // A label that the parts do not explain, and a label alone: the whole text is the street.
    expect(one('上海市, 浦东; 新区', '世纪大道1号')).toMatchObject({
      formatted_address: '上海市, 浦东; 新区',
      ...parts({ street: '上海市, 浦东; 新区' }),
    });
    expect(one('Somewhere 5', '')).toMatchObject(parts({ street: 'Somewhere 5' }));
    expect(one('', '')).toBeNull();
  });
});

describe.each(TEST_DIALECTS)('contacts: address parts [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await closeServer(server);
  });

  it('saves, answers and checks the parts: 40 characters per part, the text joined in Chinese order', async () => {
    const { client } = await verifiedClient(server);
    const street = '街'.repeat(40);
    const saved = await save(
      client,
      person('地址人', {
        'postal-address': [
          { street, city: '深圳市', region: '广东省', country: '中国', postcode: '518000', type: 2 },
          { formatted_address: '一行地址', type: 1 },
        ],
      }),
    );
    expect(saved.contact.content['postal-address']).toEqual([
      {
        is_primary: 0,
        formatted_address: `中国广东省深圳市${street} 518000`,
        ...parts({ street, city: '深圳市', region: '广东省', country: '中国', postcode: '518000' }),
        type: 2,
      },
      { is_primary: 0, formatted_address: '一行地址', ...parts({ street: '一行地址' }), type: 1 },
    ]);
    const over = await saveRaw(client, person('太长', { 'postal-address': [{ postcode: '1'.repeat(41) }] }));
    expect(over.message).toBe('邮编不能超过40个字符');
    const oneLine = await saveRaw(
      client,
      person('太长', { 'postal-address': [{ street: '路'.repeat(41) }] }),
    );
    expect(oneLine.message).toBe('地址不能超过40个字符');
  });

  it('gives stored addresses their parts, in the book and in its revisions, without a change to see', async () => {
    const { client, user } = await verifiedClient(server);
    const db = server.deps.db;
    const a = await save(
      client,
      person('甲', { 'postal-address': [{ formatted_address: '旧地址', type: 1 }] }),
    );
    const b = await save(client, person('乙', { phone: [{ number: '123', type: 2 }] }));
    // As stored before the parts existed: a card's CJK address, joined from its parts.
    const legacy = JSON.stringify([
      { is_primary: 0, formatted_address: '中国广东省深圳市南山区科技园', street: '南山区科技园', type: 1 },
    ]);
    const docOf = async (id: string) =>
      (
        await sql<{ doc: string; content_hash: string; size: number }>`
          SELECT doc, content_hash, size FROM contacts WHERE user_id = ${user.id} AND id = ${Number(id)}`.execute(
          db,
        )
      ).rows[0];
    const before = await docOf(a.server_id);
    const old = (before?.doc ?? '').replace(/"postal-address":\[[^\]]*\]/, `"postal-address":${legacy}`);
    await sql`UPDATE contacts SET doc = ${old} WHERE user_id = ${user.id} AND id = ${Number(a.server_id)}`.execute(
      db,
    );
    await sql`UPDATE contact_revisions SET body = ${JSON.stringify({
      content: JSON.parse(old).content,
      attachment: [],
    })} WHERE user_id = ${user.id} AND contact_id = ${Number(a.server_id)}`.execute(db);
    const untouched = await docOf(b.server_id);

    await m019.up(db as unknown as Kysely<unknown>);

    const list = (await book(client)).list;
    const content = list[a.server_id]?.content;
    expect(content?.['postal-address']).toEqual([
      {
        is_primary: 0,
        formatted_address: '中国广东省深圳市南山区科技园',
        ...parts({ street: '南山区科技园', city: '深圳市', region: '广东省', country: '中国' }),
        type: 1,
      },
    ]);
    const after = await docOf(a.server_id);
    expect(after?.content_hash).toBe(contentHash(content as NonNullable<typeof content>));
    expect(Number(after?.size)).toBe(Buffer.byteLength(after?.doc ?? ''));
    expect(await docOf(b.server_id)).toEqual(untouched);
    // The book did not move, and the time machine sees no change since its last node.
    expect(list[a.server_id]?.version_code).toBe(a.version_code);
    const nodes = (await client.get<TimeMachineList>('/contact/time_machine/list.do')).data?.list ?? [];
    const last = nodes[nodes.length - 1];
    const change = await client.post<TimeMachineChange>('/contact/time_machine/change.do', {
      object_id: last?.object_id ?? '',
    });
    expect(change.data?.letter_index).toEqual({ del: [], add: [], upd: [] });
    // Run again (another instance, a retry): nothing left to change.
    const once = await docOf(a.server_id);
    await m019.up(db as unknown as Kysely<unknown>);
    expect(await docOf(a.server_id)).toEqual(once);
  });
});
