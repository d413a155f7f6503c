import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CalendarApi, type ExportResult, SyncApi, type SyncPullPage } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedClient } from './support/accounts.js';
import { phoneEvent } from './support/calendar.js';
import { closeServer } from './support/contacts.js';
import { type DavAccount, dav, davAccount, responsesOf } from './support/dav.js';
import { TEST_DIALECTS } from './support/db.js';
import { deviceCall, signInDevice } from './support/find.js';
import { componentsNamed, type IcsComponent, icsTree } from './support/ics-compare.js';
import { startTestServer, type TestServer } from './support/server.js';

const CORPUS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'icalendar');
const SAMPLES = readdirSync(CORPUS)
  .filter((f) => f.endsWith('.ics'))
  .map((file) => ({ file, text: readFileSync(path.join(CORPUS, file), 'utf8') }));
const CALDAV = 'xmlns:C="urn:ietf:params:xml:ns:caldav"';
const uidOf = (text: string) => /^UID:(.*)\r$/m.exec(text)?.[1] ?? '';

/**
 * The sample without its VTIMEZONEs, under a UID of its own: a client that names a zone it
 * leaves the server to define.
 */
const withoutZones = (text: string) =>
  text
    .replace(/BEGIN:VTIMEZONE\r\n[\s\S]*?END:VTIMEZONE\r\n/g, '')
    .replace(/^UID:(.*)\r$/gm, 'UID:$1-nozone\r');

/** The tree without its VTIMEZONEs, and the zones it defines by TZID. */
function apartFromZones(tree: IcsComponent[]): { rest: IcsComponent[]; zones: string[] } {
  const zones = componentsNamed(tree, 'VTIMEZONE').flatMap((z) =>
    z.props.filter((p) => p.startsWith('TZID:')),
  );
  const rest = tree.map((c) => ({ ...c, children: c.children.filter((k) => k.name !== 'VTIMEZONE') }));
  return { rest, zones };
}

describe.each(TEST_DIALECTS)('iCalendar round trips as iOS and DAVx5 send them [%s]', (dialect) => {
  let server: TestServer;
  let me: DavAccount;
  let cal: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    me = await davAccount(server);
    cal = `/dav/calendars/${me.user.username}/calendar/`;
  });
  afterAll(() => closeServer(server));

  const put = (name: string, body: string) =>
    dav(server, me, 'PUT', `${cal}${encodeURIComponent(name)}`, {
      body,
      headers: { 'content-type': 'text/calendar; charset=utf-8' },
    });
  const multiget = async (names: string[]) => {
    const res = await dav(server, me, 'REPORT', cal, {
      headers: { depth: '1' },
      body: `<C:calendar-multiget xmlns="DAV:" ${CALDAV}><prop><getetag/><C:calendar-data/></prop>${names
        .map((n) => `<href>${cal}${encodeURIComponent(n)}</href>`)
        .join('')}</C:calendar-multiget>`,
    });
    expect(res.status).toBe(207);
    return responsesOf(res.text);
  };

  it('has a corpus of both clients', () => {
    expect(SAMPLES.map((s) => s.file.split('-')[0]).sort()).toEqual(['davx5', 'ios']);
  });

  for (const { file, text } of SAMPLES) {
    it(`${file}: PUT, then GET and calendar-multiget answer every property as sent`, async () => {
      const name = `${file.replace(/\.ics$/, '')}-名.ics`;
      expect((await put(name, text)).status).toBe(201);
      const got = await dav(server, me, 'GET', `${cal}${encodeURIComponent(name)}`);
      expect(got.status).toBe(200);
      expect(icsTree(got.text)).toEqual(icsTree(text));
      const [answer] = await multiget([name]);
      expect(answer?.status).toBe('200');
      expect(icsTree(answer?.data ?? '')).toEqual(icsTree(text));
    });

    it(`${file} without its VTIMEZONEs: served with the zone added and nothing else changed`, async () => {
      const sent = withoutZones(text);
      const name = `${uidOf(sent)}.ics`;
      expect((await put(name, sent)).status).toBe(201);
      for (const served of [
        (await dav(server, me, 'GET', `${cal}${encodeURIComponent(name)}`)).text,
        (await multiget([name]))[0]?.data ?? '',
      ]) {
        const { rest, zones } = apartFromZones(icsTree(served));
        expect(rest).toEqual(icsTree(sent));
        expect(zones).toEqual(['TZID:Asia/Shanghai']);
      }
    });
  }

  it('the phone sync pull and the .ics export keep every property of each event', async () => {
    // An account of its own, with the corpus and a phone's event on one unfolded 400-octet line.
    const owner = await davAccount(server);
    const long = phoneEvent('long-line@phone', '长描述', [`DESCRIPTION:${'很长的描述'.repeat(27)}`]);
    const sent = [...SAMPLES.flatMap(({ text }) => [text, withoutZones(text)]), long];
    for (const text of sent) {
      const res = await dav(
        server,
        owner,
        'PUT',
        `/dav/calendars/${owner.user.username}/calendar/${encodeURIComponent(`${uidOf(text)}.ics`)}`,
        {
          body: text,
          headers: { 'content-type': 'text/calendar; charset=utf-8' },
        },
      );
      expect(res.status).toBe(201);
    }

    const token = await signInDevice(server, owner.user, `phone-${randomUUID().slice(0, 8)}`);
    server.clock.advance(61_000);
    const pulled: string[] = [];
    let cursor: string | null | undefined;
    do {
      const res = await deviceCall<SyncPullPage<'calendar'>>(
        server.baseUrl,
        SyncApi.pull,
        { area: 'calendar', anchor: '', cursor: cursor ?? undefined, limit: 500 },
        token,
      );
      expect(res.code, res.message).toBe(0);
      pulled.push(...(res.data?.items ?? []).map((i) => i.ical));
      cursor = res.data?.more ? res.data.cursor : null;
    } while (cursor);
    expect(pulled.map(uidOf).sort()).toEqual(sent.map(uidOf).sort());
    for (const text of sent)
      expect(icsTree(pulled.find((p) => uidOf(p) === uidOf(text)) ?? '')).toEqual(icsTree(text));

    const { client } = await verifiedClient(server, owner.user);
    const answer = await client.post<ExportResult>(CalendarApi.export);
    expect(answer.code, answer.message).toBe(0);
    const exported = await (await client.raw(answer.data?.filePath ?? '')).text();
    const events = componentsNamed(icsTree(exported), 'VEVENT');
    for (const text of sent) {
      const uid = `UID:${uidOf(text)}`;
      expect(events.filter((e) => e.props.includes(uid))).toEqual(componentsNamed(icsTree(text), 'VEVENT'));
    }
    expect(
      componentsNamed(icsTree(exported), 'VTIMEZONE').map((z) => z.props.find((p) => p.startsWith('TZID:'))),
    ).toContain('TZID:Asia/Shanghai');
    // The long line is folded (RFC 5545's 75 octets), never cut inside a character.
    const lines = exported.split('\r\n');
    expect(lines.filter((l) => Buffer.byteLength(l, 'utf8') > 75)).toEqual([]);
    expect(lines.some((l) => l.startsWith('DESCRIPTION:很长的描述'))).toBe(true);
  });
});
