import { type Contact, ContactApi } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedClient } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { save } from './support/contacts.js';
import { type DavAccount, dav, davAccount, responsesOf, syncBody, tokenOf } from './support/dav.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';
import { IOS_SHAPED_CARD, minus, propsOf } from './support/vcard-props.js';

const CARDDAV = 'xmlns:C="urn:ietf:params:xml:ns:carddav"';

/** A vCard 4.0 card as DAVx5 writes one: a family name only, a related person, a group. */
const DAVX5_CARD = [
  'BEGIN:VCARD',
  'VERSION:4.0',
  'PRODID:ez-vcard 0.11.3',
  'UID:urn:uuid:0b6c1d40-davx-4000',
  'FN:带头像 安卓',
  'N:安卓;带头像;;;',
  'X-PHONETIC-FIRST-NAME:dai tou xiang',
  'RELATED;TYPE=friend;VALUE=text:老王',
  'EMAIL;TYPE=x-学校:a@school.example',
  'TEL;TYPE=cell:13900000002',
  'CATEGORIES:朋友',
  'X-DAVX5-UNKNOWN;X-P=1:保留',
  'END:VCARD',
  '',
].join('\r\n');

describe.each(TEST_DIALECTS)('CardDAV keeps what a client sends [%s]', (dialect) => {
  let server: TestServer;
  let me: DavAccount;
  let portal: TestClient;
  let book: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    me = await davAccount(server);
    portal = (await verifiedClient(server, me.user)).client;
    book = `/dav/addressbooks/${me.user.username}/contacts/`;
  });
  afterAll(() => server.close());

  const put = (name: string, body: string) =>
    dav(server, me, 'PUT', `${book}${name}`, {
      body,
      headers: { 'content-type': 'text/vcard; charset=utf-8' },
    });

  async function portalContact(name: string): Promise<Contact> {
    const list = await portal.get<{ list: Record<string, Contact> }>(ContactApi.list);
    const c = Object.values(list.data?.list ?? {}).find((x) => x.content.name[0]?.display_name === name);
    if (!c) throw new Error(`no contact ${name}`);
    return c;
  }

  it('answers a card under the name it was PUT, property by property as sent, by GET and REPORT', async () => {
    const res = await put('client-chosen-name.vcf', IOS_SHAPED_CARD);
    expect(res.status).toBe(201);
    const got = await dav(server, me, 'GET', `${book}client-chosen-name.vcf`);
    expect(got.status).toBe(200);
    expect(propsOf(got.text)).toEqual(propsOf(IOS_SHAPED_CARD));
    expect(got.headers.get('etag')).toBe(res.headers.get('etag'));

    const report = await dav(server, me, 'REPORT', book, {
      body: `<C:addressbook-multiget xmlns="DAV:" ${CARDDAV}><prop><getetag/><C:address-data/></prop>
        <href>${book}client-chosen-name.vcf</href></C:addressbook-multiget>`,
    });
    const [item] = responsesOf(report.text);
    expect(item?.status).toBe('200');
    expect(propsOf(item?.data ?? '')).toEqual(propsOf(IOS_SHAPED_CARD));

    // The UID's own name is not another way in: the client named it.
    expect((await dav(server, me, 'GET', `${book}9F1B2C3D-IOS-0001.vcf`)).status).toBe(404);
    const listing = await dav(server, me, 'PROPFIND', book, {
      headers: { depth: '1' },
      body: '<propfind xmlns="DAV:"><prop><getetag/></prop></propfind>',
    });
    expect(responsesOf(listing.text).map((r) => r.href)).toContain(`${book}client-chosen-name.vcf`);
  });

  it('keeps N whole, ORG units and the portal shows the structured name', async () => {
    const c = await portalContact('Dr. John Michael Smith Jr.');
    expect(c.content.name[0]).toMatchObject({
      given_name: 'John',
      family_name: 'Smith',
      middle_name: 'Michael',
      prefix: 'Dr.',
      suffix: 'Jr.',
    });
    expect(c.content.organization[0]).toMatchObject({ company: '腾讯 微信事业群', title: '产品经理' });
  });

  it('a portal edit changes the edited field only; everything else comes back as sent', async () => {
    const c = await portalContact('Dr. John Michael Smith Jr.');
    const content = structuredClone(c.content);
    const tel = content.phone.find((p) => p.number.includes('010'));
    if (!tel) throw new Error('no phone');
    tel.number = '010-99990000';
    const org = content.organization[0];
    if (!org) throw new Error('no organization');
    org.title = '总监';
    await save(portal, content, {
      server_id: c.server_id,
      version_code: c.version_code,
      attachment: c.attachment,
    });

    const got = await dav(server, me, 'GET', `${book}client-chosen-name.vcf`);
    const gone = minus(propsOf(IOS_SHAPED_CARD), propsOf(got.text));
    const added = minus(propsOf(got.text), propsOf(IOS_SHAPED_CARD));
    expect(gone.map((p) => JSON.parse(p)[0]).sort()).toEqual(['tel', 'title', 'x-ablabel']);
    expect(added.map((p) => JSON.parse(p)[0]).sort()).toEqual(['tel', 'title']);
    expect(got.text).toContain('010-99990000');
    expect(got.text).toContain('TITLE:总监');
    // ORG's two units, the other labels, IMPP, ROLE and the unknown properties stay as sent
    // (names and groups are case-insensitive in vCard; ical.js writes them in capitals).
    expect(got.text).toContain('ORG:腾讯;微信事业群');
    expect(got.text).toMatch(/^item1\.X-ABLabel:学校\r$/im);
    expect(got.text).toMatch(/^X-CUSTOM-THING;X-PARAM=1:kept as it is\r$/im);
  });

  it('a card that differs only in what the portal does not show is a change all the same', async () => {
    const before = await dav(server, me, 'GET', `${book}client-chosen-name.vcf`);
    const changed = before.text.replace(/^(item1\.X-ABLabel):学校/im, '$1:公司邮箱');
    expect(changed).not.toBe(before.text);
    const res = await dav(server, me, 'PUT', `${book}client-chosen-name.vcf`, {
      body: changed,
      headers: { 'content-type': 'text/vcard', 'if-match': before.headers.get('etag') ?? '' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect((await dav(server, me, 'GET', `${book}client-chosen-name.vcf`)).text).toMatch(
      /^item1\.X-ABLabel:公司邮箱\r$/im,
    );
  });

  it('keeps a vCard 4.0 family name, RELATED and a custom e-mail type, answered in 4.0 unless 3.0 is asked', async () => {
    expect((await put('davx5-card.vcf', DAVX5_CARD)).status).toBe(201);
    const got = await dav(server, me, 'GET', `${book}davx5-card.vcf`);
    expect(propsOf(got.text)).toEqual(propsOf(DAVX5_CARD));
    const c = await portalContact('带头像 安卓');
    expect(c.content.name[0]).toMatchObject({ family_name: '安卓', given_name: '带头像' });
    // Asked for 3.0, the card is written in 3.0 with what reads the same in both.
    const v3 = await dav(server, me, 'GET', `${book}davx5-card.vcf`, {
      headers: { accept: 'text/vcard; version=3.0' },
    });
    expect(v3.text).toContain('VERSION:3.0');
    expect(v3.text).toContain('N:安卓;带头像;;;');
    expect(v3.text).toContain('X-PHONETIC-LAST-NAME:daitouxiang');
    expect(v3.text).toMatch(/^X-DAVX5-UNKNOWN;X-P=1:保留\r$/im);
  });

  it('a deletion is reported under the chosen name; another account reaches nothing', async () => {
    const start = await dav(server, me, 'REPORT', book, { body: syncBody('') });
    const token = tokenOf(start.text);
    expect(
      (await put('to-delete.vcf', IOS_SHAPED_CARD.replace('9F1B2C3D-IOS-0001', 'gone-uid-1'))).status,
    ).toBe(201);
    const other = await davAccount(server);
    const theirs = `/dav/addressbooks/${other.user.username}/contacts/to-delete.vcf`;
    expect((await dav(server, other, 'GET', theirs)).status).toBe(404);
    expect((await dav(server, other, 'GET', `${book}to-delete.vcf`)).status).toBe(404);
    expect((await dav(server, me, 'DELETE', `${book}to-delete.vcf`)).status).toBe(204);
    const sync = await dav(server, me, 'REPORT', book, { body: syncBody(token) });
    const gone = responsesOf(sync.text).find((r) => r.href === `${book}to-delete.vcf`);
    expect(gone?.status).toBe('404');
  });
});
