import { randomUUID } from 'node:crypto';
import {
  Api,
  Code,
  ContactApi,
  type Envelope,
  FindApi,
  FindMsg,
  Msg,
  NoteApi,
  NoteMsg,
  SmsApi,
  SmsMsg,
  SyncApi,
  SyncMsg,
  SyncPortalApi,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, passVerification, verifiedClient } from './support/accounts.js';
import { closeServer } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { deviceCall, signInDevice } from './support/find.js';
import { startTestServer, type TestServer } from './support/server.js';

/**
 * A route's schema check answers as the handlers' own checks did: after who is calling, CSRF and
 * the area's guard (their errors win over a bad body), with 1000 and the spec's text, for JSON
 * and form bodies alike.
 */
describe.each(TEST_DIALECTS)('route schemas [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => closeServer(server));

  const bad = (message: string) => ({ code: Code.INVALID, message });

  it('device calls: the token is checked before the body', async () => {
    const user = await createUser(server);
    const token = await signInDevice(server, user, `phone-${randomUUID().slice(0, 8)}`);
    const call = (path: string, body: object, t: string | null) => deviceCall(server.baseUrl, path, body, t);
    const badPush = { area: 'contacts', batch_id: 'short', changes: [] };

    expect((await call(SyncApi.push, badPush, null)).code).toBe(Code.NOT_LOGGED_IN);
    expect((await call(SyncApi.push, badPush, 'not-a-token')).code).toBe(Code.NOT_LOGGED_IN);
    expect(await call(SyncApi.push, badPush, token)).toMatchObject(bad(SyncMsg.BATCH_ID_INVALID));
    expect(await call(SyncApi.pull, { area: 'photos' }, token)).toMatchObject(bad(SyncMsg.AREA_INVALID));
    expect(
      await call(SyncApi.push, { area: 'sms', batch_id: randomUUID(), changes: [] }, token),
    ).toMatchObject(bad(SyncMsg.CHANGE_INVALID));
    const change = { area: 'sms', batch_id: randomUUID(), changes: [{ op: 'create' }] };
    expect(await call(SyncApi.push, change, token)).toMatchObject({
      ...bad(SyncMsg.CHANGE_INVALID),
      data: { index: 0 },
    });
    // Defaults are filled in: a pull without a limit pages by the default.
    expect((await call(SyncApi.pull, { area: 'notes', anchor: '' }, token)).code).toBe(0);
  });

  it('portal calls: session, CSRF and verification come before the body', async () => {
    const anonymous = server.client();
    expect((await anonymous.post(SmsApi.detail, {})).code).toBe(Code.NOT_LOGGED_IN);
    expect((await anonymous.get(SyncPortalApi.heldList, { area: 'photos' })).code).toBe(Code.NOT_LOGGED_IN);

    const user = await createUser(server);
    const plain = server.client();
    await login(plain, user.username, user.password);
    expect((await plain.post(SmsApi.detail, {})).code).toBe(Code.VERIFY_REQUIRED);
    expect((await plain.post(FindApi.lock, { device_id: '' })).code).toBe(Code.VERIFY_REQUIRED);
    expect((await plain.post(Api.settingSave, { skin: 'nope' }, { csrf: false })).code).toBe(Code.CSRF);
    expect(await plain.post(Api.settingSave, { skin: 'nope' })).toMatchObject(bad(Msg.SKIN_INVALID));

    const { client } = await verifiedClient(server, user);
    expect(await client.post(SmsApi.detail, {})).toMatchObject(bad(SmsMsg.BAD_REQUEST));
    expect(await client.post(SmsApi.refresh, { sync_version: 'x' })).toMatchObject(bad(SmsMsg.BAD_REQUEST));
    expect((await client.post(SmsApi.refresh, { sync_version: '0' })).code).toBe(0);
    expect(await client.get(NoteApi.detail)).toMatchObject(bad(NoteMsg.BAD_REQUEST));
    expect(await client.get(SyncPortalApi.heldList, { area: 'photos' })).toMatchObject(
      bad(SyncMsg.AREA_INVALID),
    );
    expect((await client.get(SyncPortalApi.heldList, { area: 'notes' })).code).toBe(0);
    expect((await client.post(ContactApi.refresh, { sync_version: 0 })).code).toBe(0);
    expect(await client.post(FindApi.lock, { device_id: 'x' })).toMatchObject({ code: Code.VERIFY_REQUIRED });
  });

  it('an absent body names the first missing field, as an empty one does', async () => {
    const user = await createUser(server);
    const client = server.client();
    await login(client, user.username, user.password);
    const res = await client.raw(Api.settingSave, { method: 'POST' });
    expect((await res.json()) as Envelope).toMatchObject(bad(Msg.SKIN_INVALID));
    const json = await client.raw(Api.settingSave, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ skin: 7 }),
    });
    expect((await json.json()) as Envelope).toMatchObject(bad(Msg.SKIN_INVALID));
  });

  it('find: the finder verification comes first, then the spec texts', async () => {
    const { client, user } = await verifiedClient(server);
    expect((await client.post(FindApi.wipe, {})).code).toBe(Code.VERIFY_REQUIRED);
    server.clock.advance(61_000);
    await passVerification(server, client, user, 'finder');
    expect(await client.post(FindApi.wipe, {})).toMatchObject(bad(FindMsg.DEVICE_NOT_FOUND));
    expect(await client.post(FindApi.wipe, { device_id: 'x', user_name: ' ' })).toMatchObject(
      bad(FindMsg.WIPE_ACCOUNT_EMPTY),
    );
    expect(await client.post(FindApi.lock, { device_id: 'x', command_option: 5 })).toMatchObject(
      bad(Msg.REQUEST_INVALID),
    );
    expect(await client.post(FindApi.commandResult, { command_id: '' })).toMatchObject(
      bad(FindMsg.COMMAND_NOT_FOUND),
    );
  });
});
