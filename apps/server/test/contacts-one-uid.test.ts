import { randomUUID } from 'node:crypto';
import {
  type Contact,
  SyncApi,
  SyncOutcome,
  type SyncPullPage,
  type SyncPushResult,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppPasswordsService } from '../src/modules/app-passwords/service.js';
import { createUser, type TestUser, verifiedClient } from './support/accounts.js';
import { closeServer, person, save } from './support/contacts.js';
import { card, type DavAccount, dav, responsesOf } from './support/dav.js';
import { TEST_DIALECTS } from './support/db.js';
import { deviceCall, signInDevice } from './support/find.js';
import { startTestServer, type TestServer } from './support/server.js';

/**
 * One contact, one UID: the phone's card, the cloud's CardDAV card and the sync's items name a
 * contact by the same UID, whichever side made it.
 */
describe.each(TEST_DIALECTS)(
  'contacts: one UID on the phone, over CardDAV and in exports [%s]',
  (dialect) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect);
    });
    afterAll(() => closeServer(server));

    async function setup() {
      const user: TestUser = await createUser(server);
      const token = await signInDevice(server, user, `phone-${randomUUID().slice(0, 8)}`);
      server.clock.advance(61_000);
      const { client } = await verifiedClient(server, user);
      const created = await new AppPasswordsService(server.deps).create(user.id, 'DAV');
      const davUser: DavAccount = { user, password: created.password, appPasswordId: created.item.id };
      return { user, token, portal: client, davUser, book: `/dav/addressbooks/${user.username}/contacts/` };
    }

    const push = async (token: string, changes: unknown[]) => {
      const res = await deviceCall<SyncPushResult>(
        server.baseUrl,
        SyncApi.push,
        { area: 'contacts', batch_id: randomUUID(), changes },
        token,
      );
      expect(res.code, res.message).toBe(0);
      return res.data as SyncPushResult;
    };
    const pull = async (token: string) => {
      const res = await deviceCall<SyncPullPage<'contacts'>>(
        server.baseUrl,
        SyncApi.pull,
        { area: 'contacts', anchor: '' },
        token,
      );
      expect(res.code, res.message).toBe(0);
      return (res.data as SyncPullPage<'contacts'>).items as Contact[];
    };

    it("a contact made on the phone keeps its card's UID over CardDAV; one made elsewhere reaches the phone with its UID", async () => {
      const { token, portal, davUser, book } = await setup();
      const done = await push(token, [
        { op: 'create', cid: 'c1', uid: 'phone-card-0001', content: person('手机建的') },
      ]);
      expect(done.results[0]?.outcome).toBe(SyncOutcome.APPLIED);
      const got = await dav(server, davUser, 'GET', `${book}phone-card-0001.vcf`);
      expect(got.status).toBe(200);
      expect(got.text).toContain('UID:phone-card-0001');
      expect(got.text).toContain('FN:手机建的');

      const put = await dav(server, davUser, 'PUT', `${book}from-dav.vcf`, {
        body: card('dav-card-0002', '电脑建的'),
        headers: { 'content-type': 'text/vcard' },
      });
      expect(put.status).toBe(201);
      const made = await save(portal, person('门户建的'));

      const items = await pull(token);
      const uidOf = (name: string) => items.find((c) => c.content.name[0]?.display_name === name)?.uid;
      expect(uidOf('手机建的')).toBe('phone-card-0001');
      expect(uidOf('电脑建的')).toBe('dav-card-0002');
      // A portal contact's UID is the one its CardDAV card and every export write.
      const portalCard = await dav(server, davUser, 'GET', `${book}pc-${made.server_id}.vcf`);
      expect(portalCard.text).toContain(`UID:${uidOf('门户建的')}`);
      expect(uidOf('门户建的')).toMatch(/^urn:uuid:/);
    });

    it("a second phone's copy of a card with the same UID does not take it over", async () => {
      const { token, davUser, book } = await setup();
      await push(token, [{ op: 'create', cid: 'a', uid: 'same-uid', content: person('第一张') }]);
      await push(token, [{ op: 'create', cid: 'b', uid: 'same-uid', content: person('第二张') }]);
      const listing = await dav(server, davUser, 'PROPFIND', book, {
        headers: { depth: '1' },
        body: '<propfind xmlns="DAV:"><prop><getetag/></prop></propfind>',
      });
      const hrefs = responsesOf(listing.text)
        .map((r) => r.href)
        .filter((h) => h.endsWith('.vcf'));
      expect(hrefs).toHaveLength(2);
      expect(hrefs).toContain(`${book}same-uid.vcf`);
      expect((await dav(server, davUser, 'GET', `${book}same-uid.vcf`)).text).toContain('FN:第一张');
      const items = await pull(token);
      expect(new Set(items.map((c) => c.uid)).size).toBe(2);
    });

    it("another account's phone cannot name a UID into this book", async () => {
      const mine = await setup();
      const theirs = await setup();
      await push(theirs.token, [
        { op: 'create', cid: 'x', uid: 'shared-looking-uid', content: person('别人的') },
      ]);
      await push(mine.token, [
        { op: 'create', cid: 'y', uid: 'shared-looking-uid', content: person('我的') },
      ]);
      expect((await dav(server, mine.davUser, 'GET', `${mine.book}shared-looking-uid.vcf`)).text).toContain(
        'FN:我的',
      );
      expect((await dav(server, mine.davUser, 'GET', `${theirs.book}shared-looking-uid.vcf`)).status).toBe(
        404,
      );
    });
  },
);
