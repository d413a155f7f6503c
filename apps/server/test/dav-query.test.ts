import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneEvent } from './support/calendar.js';
import { card, type DavAccount, dav, davAccount, responsesOf } from './support/dav.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

const CARDDAV_NS = 'urn:ietf:params:xml:ns:carddav';
const CALDAV_NS = 'urn:ietf:params:xml:ns:caldav';

/** A calendar-query as python-caldav, Thunderbird and Evolution spell it: the VEVENT's filter inside. */
const calendarQuery = (inner: string, prop = '<D:getetag/>') =>
  `<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="${CALDAV_NS}"><D:prop>${prop}</D:prop>
<C:filter><C:comp-filter name="VCALENDAR">${inner}</C:comp-filter></C:filter></C:calendar-query>`;

/** An addressbook-query as Evolution and python clients send it. */
const cardQuery = (filter: string, attrs = '', tail = '') =>
  `<?xml version="1.0" encoding="utf-8"?>
<C:addressbook-query xmlns:D="DAV:" xmlns:C="${CARDDAV_NS}"><D:prop><D:getetag/><C:address-data/></D:prop>
<C:filter${attrs}>${filter}</C:filter>${tail}</C:addressbook-query>`;

describe.each(TEST_DIALECTS)('CalDAV and CardDAV queries, the bare host, MKCOL [%s]', (dialect) => {
  let server: TestServer;
  let me: DavAccount;
  let book: string;
  let cal: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    me = await davAccount(server);
    book = `/dav/addressbooks/${me.user.username}/contacts/`;
    cal = `/dav/calendars/${me.user.username}/calendar/`;
    const events: Array<[string, string, string[]]> = [
      ['q-weekly', 'Team Meeting', ['LOCATION:三楼会议室']],
      ['q-lunch', '午饭', []],
      ['q-review', 'Code review meeting', []],
      ['q-january', '年会', []],
    ];
    for (const [uid, summary, extra] of events) {
      let ics = phoneEvent(uid, summary, extra);
      if (uid === 'q-january')
        ics = ics.replace(/20261201T/g, '20270115T').replace('DTSTAMP:20270115T', 'DTSTAMP:20261201T');
      const put = await dav(server, me, 'PUT', `${cal}${uid}.ics`, {
        body: ics,
        headers: { 'content-type': 'text/calendar; charset=utf-8' },
      });
      expect(put.status).toBe(201);
    }
    const cards: Array<[string, string, string[]]> = [
      ['c-zhang', '张伟', ['EMAIL;TYPE=WORK:zhang.wei@example.com']],
      ['c-li', 'Li Na', ['EMAIL;TYPE=HOME:lina@example.org', 'TEL;TYPE=WORK:010-12345678']],
      ['c-wang', '王芳', []],
    ];
    for (const [uid, name, extra] of cards) {
      const put = await dav(server, me, 'PUT', `${book}${uid}.vcf`, {
        body: card(uid, name, extra),
        headers: { 'content-type': 'text/vcard; charset=utf-8' },
      });
      expect(put.status).toBe(201);
    }
  });
  afterAll(() => server.close());

  const hrefsOf = (xml: string) =>
    responsesOf(xml)
      .map((r) => r.href)
      .sort();

  it('answers a calendar-query for one UID with that event only (python-caldav, Thunderbird)', async () => {
    const res = await dav(server, me, 'REPORT', cal, {
      headers: { depth: '1' },
      body: calendarQuery(
        '<C:comp-filter name="VEVENT"><C:prop-filter name="UID"><C:text-match collation="i;octet">q-lunch</C:text-match></C:prop-filter></C:comp-filter>',
        '<D:getetag/><C:calendar-data/>',
      ),
    });
    expect(res.status).toBe(207);
    const found = responsesOf(res.text);
    expect(found.map((r) => r.href)).toEqual([`${cal}q-lunch.ics`]);
    expect(found[0]?.data).toContain('SUMMARY:午饭');
    expect(found[0]?.etag).toMatch(/^"\d+"$/);

    const none = await dav(server, me, 'REPORT', cal, {
      headers: { depth: '1' },
      body: calendarQuery(
        '<C:comp-filter name="VEVENT"><C:prop-filter name="UID"><C:text-match collation="i;octet">no-such-uid</C:text-match></C:prop-filter></C:comp-filter>',
      ),
    });
    expect(responsesOf(none.text)).toEqual([]);

    // Without a filter (RFC 4791 asks for one; some clients leave it out): every object.
    const all = await dav(server, me, 'REPORT', cal, {
      headers: { depth: '1' },
      body: `<C:calendar-query xmlns:D="DAV:" xmlns:C="${CALDAV_NS}"><D:prop><D:getetag/></D:prop></C:calendar-query>`,
    });
    expect(responsesOf(all.text)).toHaveLength(4);
  });

  it('matches SUMMARY by collation and negation, is-not-defined, param-filter, and with a time-range', async () => {
    const query = async (inner: string) =>
      hrefsOf(
        (await dav(server, me, 'REPORT', cal, { headers: { depth: '1' }, body: calendarQuery(inner) })).text,
      );
    const summary = (text: string, attrs = '') =>
      `<C:comp-filter name="VEVENT"><C:prop-filter name="SUMMARY"><C:text-match${attrs}>${text}</C:text-match></C:prop-filter></C:comp-filter>`;
    // i;ascii-casemap is CalDAV's default: case does not count, the match is a substring.
    expect(await query(summary('MEETING'))).toEqual([`${cal}q-review.ics`, `${cal}q-weekly.ics`]);
    expect(await query(summary('MEETING', ' collation="i;octet"'))).toEqual([]);
    expect(await query(summary('meeting', ' negate-condition="yes"'))).toEqual([
      `${cal}q-january.ics`,
      `${cal}q-lunch.ics`,
    ]);
    expect(await query(summary('team', ' match-type="starts-with"'))).toEqual([`${cal}q-weekly.ics`]);
    expect(
      await query(
        '<C:comp-filter name="VEVENT"><C:prop-filter name="LOCATION"><C:is-not-defined/></C:prop-filter></C:comp-filter>',
      ),
    ).toEqual([`${cal}q-january.ics`, `${cal}q-lunch.ics`, `${cal}q-review.ics`]);
    expect(
      await query(
        '<C:comp-filter name="VEVENT"><C:prop-filter name="DTSTART"><C:param-filter name="TZID"><C:text-match>Asia/Shanghai</C:text-match></C:param-filter></C:prop-filter></C:comp-filter>',
      ),
    ).toHaveLength(4);
    // The range is read from the index, the summary from the text: both must hold.
    expect(
      await query(
        '<C:comp-filter name="VEVENT"><C:time-range start="20261201T000000Z" end="20261202T000000Z"/><C:prop-filter name="SUMMARY"><C:text-match>meeting</C:text-match></C:prop-filter></C:comp-filter>',
      ),
    ).toEqual([`${cal}q-review.ics`, `${cal}q-weekly.ics`]);
    expect(
      await query(
        '<C:comp-filter name="VEVENT"><C:time-range start="20270101T000000Z" end="20270201T000000Z"/></C:comp-filter>',
      ),
    ).toEqual([`${cal}q-january.ics`]);
    // No alarm in any of them.
    expect(
      await query('<C:comp-filter name="VEVENT"><C:comp-filter name="VALARM"/></C:comp-filter>'),
    ).toEqual([]);
  });

  it('refuses filters it does not answer with 403 supported-filter or supported-collation, in the CalDAV namespace', async () => {
    const refused = async (inner: string, condition: string) => {
      const res = await dav(server, me, 'REPORT', cal, {
        headers: { depth: '1' },
        body: calendarQuery(inner),
      });
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toMatch(/xml/);
      expect(res.text).toMatch(new RegExp(`<cal:${condition}/>`));
      expect(res.text).toContain(`xmlns:cal="${CALDAV_NS}"`);
    };
    await refused(
      '<C:comp-filter name="VEVENT"><C:prop-filter name="DTSTAMP"><C:time-range start="20261101T000000Z"/></C:prop-filter></C:comp-filter>',
      'supported-filter',
    );
    await refused(
      '<C:comp-filter name="VEVENT"><C:comp-filter name="VALARM"><C:time-range start="20261101T000000Z" end="20261201T000000Z"/></C:comp-filter></C:comp-filter>',
      'supported-filter',
    );
    await refused('<C:comp-filter name="X-THING"/>', 'supported-filter');
    await refused(
      '<C:comp-filter name="VEVENT"><C:prop-filter name="UID"><C:text-match collation="i;basic">q</C:text-match></C:prop-filter></C:comp-filter>',
      'supported-collation',
    );
  });

  it('answers an addressbook-query by FN, EMAIL, TEL and UID, anyof and allof, and a limit', async () => {
    const query = async (filter: string, attrs = '', tail = '') => {
      const res = await dav(server, me, 'REPORT', book, {
        headers: { depth: '1' },
        body: cardQuery(filter, attrs, tail),
      });
      expect(res.status).toBe(207);
      return res.text;
    };
    const prop = (name: string, text: string, attrs = '') =>
      `<C:prop-filter name="${name}"><C:text-match${attrs}>${text}</C:text-match></C:prop-filter>`;
    const byFn = await query(prop('FN', 'li na', ' match-type="equals"'));
    expect(hrefsOf(byFn)).toEqual([`${book}c-li.vcf`]);
    expect(responsesOf(byFn)[0]?.data).toContain('FN:Li Na');
    expect(hrefsOf(await query(prop('FN', '张')))).toEqual([`${book}c-zhang.vcf`]);
    expect(hrefsOf(await query(prop('EMAIL', '@EXAMPLE.', ' match-type="contains"')))).toEqual([
      `${book}c-li.vcf`,
      `${book}c-zhang.vcf`,
    ]);
    expect(hrefsOf(await query(prop('TEL', '5678', ' match-type="ends-with"')))).toEqual([`${book}c-li.vcf`]);
    expect(hrefsOf(await query(prop('UID', 'c-wang', ' match-type="equals" collation="i;octet"')))).toEqual([
      `${book}c-wang.vcf`,
    ]);
    // anyof (the default) and allof over two properties.
    const two = prop('FN', '王') + prop('EMAIL', 'example.org');
    expect(hrefsOf(await query(two))).toEqual([`${book}c-li.vcf`, `${book}c-wang.vcf`]);
    expect(hrefsOf(await query(two, ' test="allof"'))).toEqual([]);
    expect(hrefsOf(await query(prop('FN', 'li') + prop('EMAIL', 'example.org'), ' test="allof"'))).toEqual([
      `${book}c-li.vcf`,
    ]);
    // A parameter: the work e-mail only.
    expect(
      hrefsOf(
        await query(
          '<C:prop-filter name="EMAIL"><C:param-filter name="TYPE"><C:text-match match-type="equals">work</C:text-match></C:param-filter></C:prop-filter>',
        ),
      ),
    ).toEqual([`${book}c-zhang.vcf`]);
    expect(hrefsOf(await query('<C:prop-filter name="EMAIL"><C:is-not-defined/></C:prop-filter>'))).toEqual([
      `${book}c-wang.vcf`,
    ]);
    // negate-condition: every card whose name does not contain 'li'.
    expect(hrefsOf(await query(prop('FN', 'li', ' negate-condition="yes"')))).toEqual([
      `${book}c-wang.vcf`,
      `${book}c-zhang.vcf`,
    ]);
    // A limit cuts the answer and says so with a 507 for the collection (RFC 6352 §8.6.1).
    const limited = responsesOf(
      await query(prop('TEL', '1'), '', '<C:limit><C:nresults>1</C:nresults></C:limit>'),
    );
    expect(limited.filter((r) => r.status === '507').map((r) => r.href)).toEqual([book]);
    expect(limited.filter((r) => r.status !== '507')).toHaveLength(1);
  });

  it('refuses an addressbook filter it does not answer with 403 in the CardDAV namespace', async () => {
    for (const [filter, condition] of [
      [
        '<C:prop-filter name="FN"><C:text-match collation="i;basic">x</C:text-match></C:prop-filter>',
        'supported-collation',
      ],
      [
        '<C:prop-filter name="FN"><C:text-match match-type="regex">x</C:text-match></C:prop-filter>',
        'supported-filter',
      ],
      ['<C:comp-filter name="VCARD"/>', 'supported-filter'],
    ] as const) {
      const res = await dav(server, me, 'REPORT', book, { headers: { depth: '1' }, body: cardQuery(filter) });
      expect(res.status).toBe(403);
      expect(res.text).toContain(`<card:${condition}/>`);
      expect(res.text).toContain(`xmlns:card="${CARDDAV_NS}"`);
    }
  });

  it('answers PROPFIND and OPTIONS on the bare host as DAV, while GET / stays the portal', async () => {
    const res = await dav(server, me, 'PROPFIND', '/', {
      headers: { depth: '0' },
      body: '<propfind xmlns="DAV:"><prop><current-user-principal/><resourcetype/></prop></propfind>',
    });
    expect(res.status).toBe(207);
    expect(res.headers.get('dav')).toContain('addressbook');
    expect(res.text).toContain('<d:href>/</d:href>');
    expect(res.text).toContain(
      `<d:current-user-principal><d:href>/dav/principals/${me.user.username}/</d:href>`,
    );
    // DAVx5 asks once without credentials and answers the challenge.
    const anonymous = await dav(server, null, 'PROPFIND', '/', { headers: { depth: '0' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic /);
    const options = await dav(server, null, 'OPTIONS', '/');
    expect(options.status).toBe(200);
    expect(options.headers.get('dav')).toContain('calendar-access');

    const page = await dav(server, null, 'GET', '/', { headers: { accept: 'text/html' } });
    expect(page.headers.get('dav')).toBeNull();
    expect(page.status).not.toBe(207);
  });

  it('answers MKCOL and MKCALENDAR with 403 and the location precondition; another account’s URLs 404', async () => {
    const mkcalendar = await dav(server, me, 'MKCALENDAR', `/dav/calendars/${me.user.username}/work/`, {
      body: `<C:mkcalendar xmlns:D="DAV:" xmlns:C="${CALDAV_NS}"><D:set><D:prop><D:displayname>工作</D:displayname></D:prop></D:set></C:mkcalendar>`,
    });
    expect(mkcalendar.status).toBe(403);
    expect(mkcalendar.text).toContain('<cal:calendar-collection-location-ok/>');

    const mkcol = await dav(server, me, 'MKCOL', `/dav/addressbooks/${me.user.username}/family/`);
    expect(mkcol.status).toBe(403);
    expect(mkcol.text).toContain('<card:addressbook-collection-location-ok/>');

    // On the collection that exists, too.
    expect((await dav(server, me, 'MKCALENDAR', cal)).status).toBe(403);

    const other = await davAccount(server);
    const foreign = await dav(server, me, 'MKCALENDAR', `/dav/calendars/${other.user.username}/work/`);
    expect(foreign.status).toBe(404);

    // COPY, MOVE and LOCK: 403 in one's own space, an item there or not; 404 in another's.
    const missing = `${cal}no-such-event.ics`;
    const destination = { destination: `${cal}copy.ics` };
    expect((await dav(server, me, 'COPY', missing, { headers: destination })).status).toBe(403);
    expect((await dav(server, me, 'MOVE', missing, { headers: destination })).status).toBe(403);
    expect((await dav(server, me, 'LOCK', missing)).status).toBe(403);
    expect((await dav(server, me, 'LOCK', cal)).status).toBe(403);
    expect(
      (await dav(server, me, 'COPY', `/dav/calendars/${other.user.username}/calendar/x.ics`)).status,
    ).toBe(404);
  });
});
