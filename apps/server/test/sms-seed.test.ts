import { SmsApi } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactsModule } from '../src/modules/contacts/module.js';
import { smsModule } from '../src/modules/sms/module.js';
import { createUser, verifiedClient } from './support/accounts.js';
import { closeServer } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';
import { smsDetail, smsList } from './support/sms.js';

describe.each(TEST_DIALECTS)('the demo box [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => closeServer(server));

  it('is a realistic box: 60+ conversations, 2,000+ messages, contacts, favourites, one picture', async () => {
    const user = await createUser(server);
    await contactsModule.seedDemo?.(server.deps, user.id);
    await smsModule.seedDemo?.(server.deps, user.id);
    const { client } = await verifiedClient(server, user);
    const data = await smsList(client);
    expect(data.collection_list.length).toBeGreaterThanOrEqual(60);
    expect(data.collection_list.reduce((n, c) => n + c.count, 0)).toBeGreaterThanOrEqual(2000);
    expect(Object.keys(data.contactIcon_list).length).toBeGreaterThanOrEqual(10);
    expect(data.favourite_list.length).toBeGreaterThanOrEqual(3);
    expect(data.collection_list.map((c) => c.format_address)).toContain('10086');
    const bodies = Object.values(data.sms_list).map((m) => m.content.body);
    expect(bodies.some((b) => /【.+】/.test(b))).toBe(true);

    // The newest conversation is the family chat with the MMS picture.
    const newest = data.collection_list[0];
    const detail = await smsDetail(client, { format_address: newest?.format_address ?? '' });
    const mms = detail.sms_list.at(-1);
    expect(mms?.content.attachments).toHaveLength(1);
    const picture = await client.raw(mms?.content.attachments?.[0] ?? '');
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect(mms?.content.attachments?.[0]?.startsWith(SmsApi.mmsFile)).toBe(true);

    // The box counts in the account's backup space: its texts and the picture.
    const usage = await smsModule.usage?.(server.deps, user.id);
    expect(usage?.kind).toBe('backup');
    expect(usage?.bytes).toBeGreaterThan(2000 * 64 + 1000);
  });
});
