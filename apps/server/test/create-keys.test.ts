import { randomUUID } from 'node:crypto';
import {
  Code,
  type ContactSaveResult,
  type Envelope,
  type NoteSaveResult,
  REQUEST_KEY_HEADER,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/housekeeping.js';
import { verifiedClient } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { book, person } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { text } from './support/notes.js';
import { startTestServer, type TestServer } from './support/server.js';

/**
 * A create retried after its answer was lost (a cut connection, a crash after the commit) answers
 * the item the first try made: the portal sends a request key with each create.
 */
describe.each(TEST_DIALECTS)('portal creates with a request key [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const keyed = (key: string) => ({ headers: { [REQUEST_KEY_HEADER]: key } });
  const saveContact = (client: TestClient, name: string, key?: string) =>
    client.post<ContactSaveResult>(
      '/contact/save.do',
      { data: JSON.stringify({ content: person(name) }) },
      key ? keyed(key) : {},
    );
  const saveNote = (client: TestClient, title: string, key?: string) =>
    client.post<NoteSaveResult>(
      '/note/save.do',
      { data: JSON.stringify({ title, content: [text(title)] }) },
      key ? keyed(key) : {},
    );

  it('a contact create sent twice with one key makes one contact; another key, another', async () => {
    const { client } = await verifiedClient(server);
    const key = randomUUID();
    const first = await saveContact(client, '只存一次', key);
    const again = await saveContact(client, '只存一次', key);
    expect(first.code, first.message).toBe(0);
    expect(again.data?.server_id).toBe(first.data?.server_id);
    expect(again.data?.version_code).toBe(first.data?.version_code);
    const names = Object.values((await book(client)).list).map((c) => c.content.name[0]?.display_name);
    expect(names.filter((n) => n === '只存一次')).toHaveLength(1);
    expect((await saveContact(client, '只存一次', randomUUID())).data?.server_id).not.toBe(
      first.data?.server_id,
    );
    // A retry that carries newer text (typed while the first try's answer was lost) is that
    // contact as the retry has it, still one contact.
    const newer = await saveContact(client, '只存一次（改）', key);
    expect(newer.data?.server_id).toBe(first.data?.server_id);
    expect(newer.data?.contact.content.name[0]?.display_name).toBe('只存一次（改）');
    // Without a key, as before: each save is a create.
    expect((await saveContact(client, '无键')).code).toBe(0);
    // A malformed key is refused, not ignored.
    const bad: Envelope = await saveContact(client, '坏键', 'short');
    expect(bad.code).toBe(Code.INVALID);
  });

  it('a note create sent twice with one key makes one note; the key is the user’s own', async () => {
    const a = await verifiedClient(server);
    const b = await verifiedClient(server);
    const key = randomUUID();
    const first = await saveNote(a.client, '一条便签', key);
    expect(first.code, first.message).toBe(0);
    expect((await saveNote(a.client, '一条便签', key)).data?.server_id).toBe(first.data?.server_id);
    const newer = await saveNote(a.client, '一条便签（续）', key);
    expect(newer.data?.server_id).toBe(first.data?.server_id);
    expect(newer.data?.note.title).toBe('一条便签（续）');
    // Another account's same key makes its own note, and never answers the first user's (ids are
    // per account, so the title tells).
    const theirs = await saveNote(b.client, '别人的便签', key);
    expect(theirs.code).toBe(0);
    expect(theirs.data?.note.title).toBe('别人的便签');
  });

  it('a key is forgotten after a day', async () => {
    const { client, user } = await verifiedClient(server);
    const key = randomUUID();
    expect((await saveNote(client, '过期的键', key)).code).toBe(0);
    const keys = () =>
      server.deps.db.selectFrom('create_keys').select('key').where('user_id', '=', user.id).execute();
    expect(await keys()).toEqual([{ key }]);
    server.clock.advance(25 * 60 * 60_000);
    await purgeExpired(server.deps, []);
    expect(await keys()).toEqual([]);
  });
});
