import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppPasswordsService } from '../src/modules/app-passwords/service.js';
import { RecycleService } from '../src/modules/contacts/history/recycle.js';
import { ContactsRepo } from '../src/modules/contacts/repo.js';
import { ContactsService } from '../src/modules/contacts/service.js';
import { login } from './support/accounts.js';
import { phoneEvent } from './support/calendar.js';
import {
  card,
  type DavAccount,
  dav,
  davAccount,
  PROPFIND_ETAGS,
  responsesOf,
  syncBody,
  tokenOf,
} from './support/dav.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

const CARDDAV = 'xmlns:C="urn:ietf:params:xml:ns:carddav"';
const CALDAV = 'xmlns:C="urn:ietf:params:xml:ns:caldav"';

describe.each(TEST_DIALECTS)('CardDAV and CalDAV [%s]', (dialect) => {
  let server: TestServer;
  let me: DavAccount;
  let book: string;
  let cal: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    me = await davAccount(server);
    book = `/dav/addressbooks/${me.user.username}/contacts/`;
    cal = `/dav/calendars/${me.user.username}/calendar/`;
  });
  afterAll(() => server.close());

  it('is found from the well-known URLs: principal, home sets, the address book and the calendar', async () => {
    for (const wk of ['/.well-known/carddav', '/.well-known/caldav']) {
      const res = await dav(server, null, 'PROPFIND', wk);
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe('/dav/');
    }
    const root = await dav(server, me, 'PROPFIND', '/dav/', {
      headers: { depth: '0' },
      body: '<propfind xmlns="DAV:"><prop><current-user-principal/></prop></propfind>',
    });
    expect(root.status).toBe(207);
    const principal = `/dav/principals/${me.user.username}/`;
    expect(root.text).toContain(`<d:current-user-principal><d:href>${principal}</d:href>`);

    const homes = await dav(server, me, 'PROPFIND', principal, {
      headers: { depth: '0' },
      body: `<D:propfind xmlns:D="DAV:" ${CARDDAV} xmlns:K="urn:ietf:params:xml:ns:caldav"><D:prop><C:addressbook-home-set/><K:calendar-home-set/><D:displayname/></D:prop></D:propfind>`,
    });
    expect(homes.text).toContain(
      `<card:addressbook-home-set><d:href>/dav/addressbooks/${me.user.username}/</d:href>`,
    );
    expect(homes.text).toContain(
      `<cal:calendar-home-set><d:href>/dav/calendars/${me.user.username}/</d:href>`,
    );

    const home = await dav(server, me, 'PROPFIND', `/dav/addressbooks/${me.user.username}/`, {
      headers: { depth: '1' },
      body: '<propfind xmlns="DAV:"><prop><resourcetype/><displayname/></prop></propfind>',
    });
    expect(home.text).toContain(`<d:href>${book}</d:href>`);
    expect(home.text).toMatch(/<d:resourcetype><d:collection\/><card:addressbook\/><\/d:resourcetype>/);
    expect(home.text).toContain('<d:displayname>通讯录</d:displayname>');

    const calHome = await dav(server, me, 'PROPFIND', `/dav/calendars/${me.user.username}/`, {
      headers: { depth: '1' },
      body: `<propfind xmlns="DAV:" ${CALDAV}><prop><resourcetype/><C:supported-calendar-component-set/></prop></propfind>`,
    });
    expect(calHome.text).toContain(`<d:href>${cal}</d:href>`);
    expect(calHome.text).toContain('<cal:calendar/>');
    expect(calHome.text).toContain('<cal:comp name="VEVENT"/>');

    const options = await dav(server, null, 'OPTIONS', book);
    expect(options.headers.get('dav')).toContain('addressbook');
    expect(options.headers.get('dav')).toContain('calendar-access');
  });

  it('lists cards made in the portal and by a client with their ETags; GET in vCard 3.0 and 4.0', async () => {
    const portal = await new ContactsService(server.deps).save(me.user.id, {
      content: { name: [{ display_name: '门户联系人', is_primary: 1 }] },
    });
    const put = await dav(server, me, 'PUT', `${book}phone-1.vcf`, {
      body: card('phone-1', '手机联系人'),
      headers: { 'content-type': 'text/vcard; charset=utf-8', 'if-none-match': '*' },
    });
    expect(put.status).toBe(201);

    const list = await dav(server, me, 'PROPFIND', book, { headers: { depth: '1' }, body: PROPFIND_ETAGS });
    expect(list.status).toBe(207);
    const items = responsesOf(list.text).filter((r) => r.etag);
    const hrefs = items.map((r) => r.href).sort();
    expect(hrefs).toEqual([`${book}pc-${portal.server_id}.vcf`, `${book}phone-1.vcf`].sort());
    expect(items.find((r) => r.href === `${book}pc-${portal.server_id}.vcf`)?.etag).toBe(
      `"${portal.version_code}"`,
    );
    expect(list.text).toContain('<d:getcontenttype>text/vcard; charset=utf-8</d:getcontenttype>');

    const v3 = await dav(server, me, 'GET', `${book}phone-1.vcf`);
    expect(v3.status).toBe(200);
    expect(v3.headers.get('content-type')).toContain('text/vcard');
    expect(v3.text).toContain('VERSION:3.0');
    expect(v3.text).toContain('FN:手机联系人');
    expect(v3.text).toContain('UID:phone-1');
    expect(v3.headers.get('etag')).toMatch(/^"\d+"$/);

    const v4 = await dav(server, me, 'GET', `${book}phone-1.vcf`, {
      headers: { accept: 'text/vcard; version=4.0' },
    });
    expect(v4.text).toContain('VERSION:4.0');
    expect(v4.text).toContain('FN:手机联系人');
    expect(v4.headers.get('etag')).toBe(v3.headers.get('etag'));

    // A vCard 4.0 card is read as well.
    const four = await dav(server, me, 'PUT', `${book}phone-4.vcf`, {
      body: [
        'BEGIN:VCARD',
        'VERSION:4.0',
        'UID:phone-4',
        'FN:四号',
        'TEL;TYPE=cell;VALUE=uri:tel:13900002222',
        'END:VCARD',
        '',
      ].join('\r\n'),
      headers: { 'content-type': 'text/vcard' },
    });
    expect(four.status).toBe(201);
    const back = await dav(server, me, 'GET', `${book}phone-4.vcf`);
    expect(back.text).toContain('FN:四号');
    expect(back.text).toContain('13900002222');
  });

  it('refuses a stale If-Match (412) and If-None-Match: * on an existing card, and keeps what was there', async () => {
    await dav(server, me, 'PUT', `${book}stale.vcf`, {
      body: card('stale', '甲'),
      headers: { 'content-type': 'text/vcard' },
    });
    const first = await dav(server, me, 'GET', `${book}stale.vcf`);
    const etag = first.headers.get('etag') as string;
    const edit = await dav(server, me, 'PUT', `${book}stale.vcf`, {
      body: card('stale', '乙'),
      headers: { 'content-type': 'text/vcard', 'if-match': etag },
    });
    expect(edit.status).toBe(204);
    const stale = await dav(server, me, 'PUT', `${book}stale.vcf`, {
      body: card('stale', '丙'),
      headers: { 'content-type': 'text/vcard', 'if-match': etag },
    });
    expect(stale.status).toBe(412);
    const again = await dav(server, me, 'PUT', `${book}stale.vcf`, {
      body: card('stale', '丁'),
      headers: { 'content-type': 'text/vcard', 'if-none-match': '*' },
    });
    expect(again.status).toBe(412);
    const del = await dav(server, me, 'DELETE', `${book}stale.vcf`, { headers: { 'if-match': etag } });
    expect(del.status).toBe(412);
    expect((await dav(server, me, 'GET', `${book}stale.vcf`)).text).toContain('FN:乙');
  });

  it('answers addressbook-multiget with the named cards and 404 for the others', async () => {
    await dav(server, me, 'PUT', `${book}multi-a.vcf`, {
      body: card('multi-a', '多甲'),
      headers: { 'content-type': 'text/vcard' },
    });
    await dav(server, me, 'PUT', `${book}multi-b.vcf`, {
      body: card('multi-b', '多乙'),
      headers: { 'content-type': 'text/vcard' },
    });
    const res = await dav(server, me, 'REPORT', book, {
      body: `<C:addressbook-multiget xmlns="DAV:" ${CARDDAV}><prop><getetag/><C:address-data/></prop>
        <href>${book}multi-a.vcf</href><href>${book}multi-b.vcf</href><href>${book}missing.vcf</href></C:addressbook-multiget>`,
    });
    expect(res.status).toBe(207);
    const rs = responsesOf(res.text);
    expect(rs.find((r) => r.href === `${book}multi-a.vcf`)?.data).toContain('FN:多甲');
    expect(rs.find((r) => r.href === `${book}multi-b.vcf`)?.data).toContain('FN:多乙');
    expect(rs.find((r) => r.href === `${book}missing.vcf`)?.status).toBe('404');

    const v4 = await dav(server, me, 'REPORT', book, {
      body: `<C:addressbook-multiget xmlns="DAV:" ${CARDDAV}><prop><getetag/><C:address-data content-type="text/vcard" version="4.0"/></prop>
        <href>${book}multi-a.vcf</href></C:addressbook-multiget>`,
    });
    expect(responsesOf(v4.text)[0]?.data).toContain('VERSION:4.0');
  });

  it('sync-collection sends everything first, then only what changed, deletions as 404, and 403 for a token the log no longer reaches', async () => {
    const initial = await dav(server, me, 'REPORT', book, { body: syncBody('') });
    expect(initial.status).toBe(207);
    const token = tokenOf(initial.text);
    expect(token).toMatch(/^urn:phonecloud:sync:contacts:\d+$/);
    expect(responsesOf(initial.text).length).toBeGreaterThan(3);

    const nothing = await dav(server, me, 'REPORT', book, { body: syncBody(token) });
    expect(responsesOf(nothing.text)).toEqual([]);
    expect(tokenOf(nothing.text)).toBe(token);

    const a = await dav(server, me, 'GET', `${book}multi-a.vcf`);
    await dav(server, me, 'PUT', `${book}multi-a.vcf`, {
      body: card('multi-a', '多甲改'),
      headers: { 'content-type': 'text/vcard', 'if-match': a.headers.get('etag') as string },
    });
    const one = await dav(server, me, 'REPORT', book, { body: syncBody(token, 'card') });
    const changed = responsesOf(one.text);
    expect(changed.map((r) => r.href)).toEqual([`${book}multi-a.vcf`]);
    expect(changed[0]?.data).toContain('FN:多甲改');
    const token2 = tokenOf(one.text);

    const b = await dav(server, me, 'GET', `${book}multi-b.vcf`);
    const del = await dav(server, me, 'DELETE', `${book}multi-b.vcf`, {
      headers: { 'if-match': b.headers.get('etag') as string },
    });
    expect(del.status).toBe(204);
    const gone = await dav(server, me, 'REPORT', book, { body: syncBody(token2) });
    expect(responsesOf(gone.text)).toEqual([
      { href: `${book}multi-b.vcf`, status: '404', etag: '', data: '' },
    ]);

    // The deletion went to the portal's recycle bin.
    const bin = await new RecycleService(server.deps).list(me.user.id);
    expect(Object.values(bin.list).map((c) => c.content.name[0]?.display_name)).toContain('多乙');
    // Writing the card again brings the contact back under its name.
    const back = await dav(server, me, 'PUT', `${book}multi-b.vcf`, {
      body: card('multi-b', '多乙回来'),
      headers: { 'content-type': 'text/vcard', 'if-none-match': '*' },
    });
    expect(back.status).toBe(201);
    expect((await dav(server, me, 'GET', `${book}multi-b.vcf`)).text).toContain('FN:多乙回来');

    const bogus = await dav(server, me, 'REPORT', book, { body: syncBody('urn:phonecloud:sync:calendar:1') });
    expect(bogus.status).toBe(403);
    expect(bogus.text).toContain('valid-sync-token');
    const version = Number(token.split(':').pop());
    await new ContactsRepo(server.deps.db).setLogFloor(me.user.id, version + 1);
    const compacted = await dav(server, me, 'REPORT', book, { body: syncBody(token) });
    expect(compacted.status).toBe(403);
    expect(compacted.text).toContain('<d:valid-sync-token/>');
    await new ContactsRepo(server.deps.db).setLogFloor(me.user.id, 0);
  });

  it('names each contact once when imports brought the same UID twice, and keeps the second reachable after the first is purged', async () => {
    const service = new ContactsService(server.deps);
    const first = await service.save(
      me.user.id,
      { content: { name: [{ display_name: '重复一', is_primary: 1 }] } },
      { uid: 'dup-uid' },
    );
    const second = await service.save(
      me.user.id,
      { content: { name: [{ display_name: '重复二', is_primary: 1 }] } },
      { uid: 'dup-uid' },
    );
    const list = await dav(server, me, 'PROPFIND', book, { headers: { depth: '1' }, body: PROPFIND_ETAGS });
    const hrefs = responsesOf(list.text).map((r) => r.href);
    expect(hrefs).toContain(`${book}dup-uid.vcf`);
    expect(hrefs).toContain(`${book}pc-${second.server_id}.vcf`);
    expect((await dav(server, me, 'GET', `${book}dup-uid.vcf`)).text).toContain('FN:重复一');
    expect((await dav(server, me, 'GET', `${book}pc-${second.server_id}.vcf`)).text).toContain('FN:重复二');

    await service.remove(me.user.id, new Map([[Number(first.server_id), first.version_code]]));
    await new RecycleService(server.deps).purge(me.user.id, [Number(first.server_id)]);
    expect((await dav(server, me, 'GET', `${book}dup-uid.vcf`)).text).toContain('FN:重复二');
    expect((await dav(server, me, 'GET', `${book}pc-${second.server_id}.vcf`)).text).toContain('FN:重复二');
  });

  it("keeps a card's PHOTO as the contact's avatar and serves it back", async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    const put = await dav(server, me, 'PUT', `${book}photo.vcf`, {
      body: card('photo', '有头像', [`PHOTO;ENCODING=b;TYPE=PNG:${png.toString('base64')}`]),
      headers: { 'content-type': 'text/vcard' },
    });
    expect(put.status).toBe(201);
    const rows = await new ContactsRepo(server.deps.db).aliveRows(me.user.id);
    const row = rows.find((r) => r.doc.includes('有头像'));
    expect(JSON.parse(row?.doc ?? '{}').attachment).toHaveLength(1);
    // The card comes back with the PHOTO its client wrote, not the avatar made of it.
    const got = await dav(server, me, 'GET', `${book}photo.vcf`);
    expect(got.text.replace(/\r\n /g, '')).toContain(`PHOTO;ENCODING=b;TYPE=PNG:${png.toString('base64')}`);
    // Once the portal changes the avatar, the avatar is what the card shows.
    const doc = JSON.parse(row?.doc ?? '{}');
    const service = new ContactsService(server.deps);
    await service.save(me.user.id, { ...doc, attachment: [] });
    const after = await dav(server, me, 'GET', `${book}photo.vcf`);
    expect(after.text).not.toContain('PHOTO');
    expect(after.text).toContain('FN:有头像');
  });

  it('maps groups to CATEGORIES both ways', async () => {
    const put = await dav(server, me, 'PUT', `${book}grouped.vcf`, {
      body: card('grouped', '分组人', ['CATEGORIES:同事,朋友']),
      headers: { 'content-type': 'text/vcard' },
    });
    expect(put.status).toBe(201);
    const groups = (await new ContactsRepo(server.deps.db).groups(me.user.id)).map((g) => g.name);
    expect(groups).toEqual(expect.arrayContaining(['同事', '朋友']));
    const got = await dav(server, me, 'GET', `${book}grouped.vcf`);
    expect(got.text).toMatch(/CATEGORIES:同事,朋友/);
  });

  it('keeps an event byte for byte, answers calendar-query by time range, multiget, sync-collection and If-Match', async () => {
    // In UTC: an object that names no zone is served exactly as it came.
    const utc = (uid: string, summary: string) =>
      phoneEvent(uid, summary)
        .replace('DTSTART;TZID=Asia/Shanghai:20261201T090000', 'DTSTART:20261201T010000Z')
        .replace('DTEND;TZID=Asia/Shanghai:20261201T100000', 'DTEND:20261201T020000Z');
    const ics = utc('evt-1', '周会');
    const put = await dav(server, me, 'PUT', `${cal}evt-1.ics`, {
      body: ics,
      headers: { 'content-type': 'text/calendar; charset=utf-8', 'if-none-match': '*' },
    });
    expect(put.status).toBe(201);
    const etag = put.headers.get('etag');
    expect(etag).toMatch(/^"\d+"$/);
    const got = await dav(server, me, 'GET', `${cal}evt-1.ics`);
    expect(got.text).toBe(ics);
    expect(got.headers.get('etag')).toBe(etag);

    const query = (start: string, end: string) =>
      dav(server, me, 'REPORT', cal, {
        headers: { depth: '1' },
        body: `<C:calendar-query xmlns="DAV:" ${CALDAV}><prop><getetag/></prop><C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:time-range start="${start}" end="${end}"/></C:comp-filter></C:comp-filter></C:filter></C:calendar-query>`,
      });
    expect(
      responsesOf((await query('20261201T000000Z', '20261202T000000Z')).text).map((r) => r.href),
    ).toEqual([`${cal}evt-1.ics`]);
    expect(responsesOf((await query('20261203T000000Z', '20261204T000000Z')).text)).toEqual([]);
    const todos = await dav(server, me, 'REPORT', cal, {
      body: `<C:calendar-query xmlns="DAV:" ${CALDAV}><prop><getetag/></prop><C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"/></C:comp-filter></C:filter></C:calendar-query>`,
    });
    expect(responsesOf(todos.text)).toEqual([]);

    const multi = await dav(server, me, 'REPORT', cal, {
      body: `<C:calendar-multiget xmlns="DAV:" ${CALDAV}><prop><getetag/><C:calendar-data/></prop><href>${cal}evt-1.ics</href></C:calendar-multiget>`,
    });
    expect(responsesOf(multi.text)[0]?.data.replace(/\r?\n/g, '\n')).toBe(ics.replace(/\r\n/g, '\n'));

    const initial = await dav(server, me, 'REPORT', cal, { body: syncBody('') });
    const token = tokenOf(initial.text);
    expect(token).toMatch(/^urn:phonecloud:sync:calendar:\d+$/);
    // One naming a zone it does not define is served with the zone's VTIMEZONE, as the export writes it.
    const zoned = await dav(server, me, 'PUT', `${cal}evt-2.ics`, {
      body: phoneEvent('evt-2', '午饭'),
      headers: { 'content-type': 'text/calendar' },
    });
    expect(zoned.status).toBe(201);
    expect(zoned.headers.get('etag')).toMatch(/^"\d+"$/);
    const delta = await dav(server, me, 'REPORT', cal, { body: syncBody(token, 'cal') });
    const changed = responsesOf(delta.text);
    expect(changed.map((r) => r.href)).toEqual([`${cal}evt-2.ics`]);
    expect(changed[0]?.data).toContain('SUMMARY:午饭');
    expect(changed[0]?.data).toContain('BEGIN:VTIMEZONE');
    expect(changed[0]?.data).toContain('TZID:Asia/Shanghai');

    const edit = await dav(server, me, 'PUT', `${cal}evt-1.ics`, {
      body: utc('evt-1', '周会（改）'),
      headers: { 'content-type': 'text/calendar', 'if-match': etag as string },
    });
    expect(edit.status).toBe(204);
    const stale = await dav(server, me, 'PUT', `${cal}evt-1.ics`, {
      body: utc('evt-1', '周会（旧）'),
      headers: { 'content-type': 'text/calendar', 'if-match': etag as string },
    });
    expect(stale.status).toBe(412);
    expect(
      (await dav(server, me, 'DELETE', `${cal}evt-1.ics`, { headers: { 'if-match': etag as string } }))
        .status,
    ).toBe(412);
    const current = (await dav(server, me, 'GET', `${cal}evt-1.ics`)).headers.get('etag') as string;
    expect(
      (await dav(server, me, 'DELETE', `${cal}evt-1.ics`, { headers: { 'if-match': current } })).status,
    ).toBe(204);
    expect((await dav(server, me, 'GET', `${cal}evt-1.ics`)).status).toBe(404);

    const bad = await dav(server, me, 'PUT', `${cal}bad.ics`, {
      body: 'not a calendar',
      headers: { 'content-type': 'text/calendar' },
    });
    expect(bad.status).toBe(403);
    expect(bad.text).toContain('valid-calendar-data');
  });

  it("refuses another user's collections and items", async () => {
    const other = await davAccount(server);
    await dav(server, other, 'PUT', `/dav/addressbooks/${other.user.username}/contacts/secret.vcf`, {
      body: card('secret', '别人的'),
      headers: { 'content-type': 'text/vcard' },
    });
    const theirs = `/dav/addressbooks/${other.user.username}/contacts/`;
    expect(
      (await dav(server, me, 'PROPFIND', theirs, { headers: { depth: '1' }, body: PROPFIND_ETAGS })).status,
    ).toBe(404);
    expect((await dav(server, me, 'GET', `${theirs}secret.vcf`)).status).toBe(404);
    expect(
      (
        await dav(server, me, 'PUT', `${theirs}mine.vcf`, {
          body: card('mine', '我'),
          headers: { 'content-type': 'text/vcard' },
        })
      ).status,
    ).toBe(404);
    expect((await dav(server, me, 'DELETE', `${theirs}secret.vcf`)).status).toBe(404);
    expect(
      (
        await dav(server, me, 'PROPFIND', `/dav/calendars/${other.user.username}/calendar/`, {
          headers: { depth: '0' },
        })
      ).status,
    ).toBe(404);
    // An href of theirs inside my own multiget is not found either.
    const multi = await dav(server, me, 'REPORT', book, {
      body: `<C:addressbook-multiget xmlns="DAV:" ${CARDDAV}><prop><C:address-data/></prop><href>${theirs}secret.vcf</href></C:addressbook-multiget>`,
    });
    expect(responsesOf(multi.text)).toEqual([
      { href: `${theirs}secret.vcf`, status: '404', etag: '', data: '' },
    ]);
    expect((await dav(server, other, 'GET', `${theirs}secret.vcf`)).text).toContain('FN:别人的');
  });

  it('takes only an app password: no header, a revoked one and a browser session are refused', async () => {
    const noAuth = await dav(server, null, 'PROPFIND', book, { headers: { depth: '0' } });
    expect(noAuth.status).toBe(401);
    expect(noAuth.headers.get('www-authenticate')).toMatch(/^Basic realm=/);

    const browser = server.client();
    await login(browser, me.user.username, me.user.password);
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const withCookie = await dav(server, null, 'PROPFIND', book, { headers: { depth: '0', cookie } });
    expect(withCookie.status).toBe(401);
    // The account's own password is not an app password.
    const withPassword = await dav(server, { ...me, password: me.user.password }, 'PROPFIND', book, {
      headers: { depth: '0' },
    });
    expect(withPassword.status).toBe(401);

    const revoked = await davAccount(server);
    const path = `/dav/addressbooks/${revoked.user.username}/contacts/`;
    expect((await dav(server, revoked, 'PROPFIND', path, { headers: { depth: '0' } })).status).toBe(207);
    await new AppPasswordsService(server.deps).revoke(revoked.user.id, revoked.appPasswordId);
    expect((await dav(server, revoked, 'PROPFIND', path, { headers: { depth: '0' } })).status).toBe(401);
  });
});
