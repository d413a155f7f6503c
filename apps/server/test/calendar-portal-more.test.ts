import {
  CalendarApi,
  type CalendarDays,
  type CalendarImportResult,
  type CalendarList,
  CalendarMsg,
  type CalendarPoll,
  type CalendarRange,
  type CalendarSaveResult,
  type CalendarSearchResult,
  Code,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarService } from '../src/modules/calendar/service.js';
import { createUser, verifiedClient } from './support/accounts.js';
import { postJson, upload, vcalendar } from './support/calendar-portal.js';
import type { TestClient } from './support/client.js';
import { person, save } from './support/contacts.js';
import { dav, davAccount } from './support/dav.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

const NOW = Date.UTC(2026, 10, 25, 2, 0, 0);

describe.each(TEST_DIALECTS)('calendar portal: search, import, birthdays, days, polling [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    server.clock.advance(NOW - server.clock.now());
  });
  afterAll(() => server.close());

  async function account() {
    const user = await createUser(server);
    const { client } = await verifiedClient(server, user);
    return { user, client, store: new CalendarService(server.deps) };
  }
  const ok = <T>(res: { code: number; message?: string; data?: T }): T => {
    expect(res.code, res.message).toBe(0);
    return res.data as T;
  };
  const range = async (client: TestClient, start: string, end: string) =>
    ok(await client.get<CalendarRange>(CalendarApi.range, { start, end }));

  it('finds events by one or two Chinese characters of the title, place or description', async () => {
    const { client, user, store } = await account();
    await store.put(
      user.id,
      vcalendar(['UID:s1', 'DTSTART;VALUE=DATE:20261201', 'SUMMARY:体检', 'LOCATION:协和医院']),
    );
    await store.put(
      user.id,
      vcalendar(['UID:s2', 'DTSTART;VALUE=DATE:20261202', 'SUMMARY:项目周会', 'DESCRIPTION:讨论上线计划']),
    );
    await store.put(user.id, vcalendar(['UID:s3', 'DTSTART;VALUE=DATE:20261203', 'SUMMARY:Lunch 100%']));
    const other = await account();
    await other.store.put(
      other.user.id,
      vcalendar(['UID:s4', 'DTSTART;VALUE=DATE:20261203', 'SUMMARY:医院复查']),
    );
    const find = async (q: string) =>
      ok(await client.get<CalendarSearchResult>(CalendarApi.search, { q }))
        .list.map((h) => h.uid)
        .sort();
    expect(await find('医')).toEqual(['s1']);
    expect(await find('医院')).toEqual(['s1']);
    expect(await find('会')).toEqual(['s2']);
    expect(await find('上线')).toEqual(['s2']);
    expect(await find('lunch')).toEqual(['s3']);
    expect(await find('%')).toEqual(['s3']);
    expect(await find('旅行')).toEqual([]);
    const empty = await client.get(CalendarApi.search, { q: ' ' });
    expect(empty).toMatchObject({ code: Code.INVALID, message: CalendarMsg.SEARCH_EMPTY_QUERY });
  });

  it('imports an .ics file merged by UID: a second import duplicates nothing; refused events are listed', async () => {
    const { client, user, store } = await account();
    const file = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Other//EN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:imp-1',
      'DTSTART;TZID=Asia/Shanghai:20261210T090000',
      'DTEND;TZID=Asia/Shanghai:20261210T100000',
      'SUMMARY:年终总结',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:imp-2',
      'SUMMARY:没有开始时间',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'DTSTART;VALUE=DATE:20261220',
      'SUMMARY:没有 UID 的日程',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:imp-3',
      'DTSTART;TZID=Mars/Olympus:20261211T090000',
      'SUMMARY:未知时区',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const first = ok(await upload<CalendarImportResult>(client, CalendarApi.import, 'a.ics', file));
    expect(first).toMatchObject({ total: 4, created: 2, updated: 0, unchanged: 0 });
    expect(first.errors).toEqual([
      { index: 2, uid: 'imp-2', summary: '没有开始时间', reason: CalendarMsg.NO_START },
      { index: 4, uid: 'imp-3', summary: '未知时区', reason: '未知的时区：Mars/Olympus' },
    ]);
    const again = ok(await upload<CalendarImportResult>(client, CalendarApi.import, 'a.ics', file));
    expect(again).toMatchObject({ total: 4, created: 0, updated: 0, unchanged: 2 });
    const changed = file.replace('SUMMARY:年终总结', 'SUMMARY:年终总结会');
    expect(
      ok(await upload<CalendarImportResult>(client, CalendarApi.import, 'a.ics', changed)),
    ).toMatchObject({
      created: 0,
      updated: 1,
      unchanged: 1,
    });
    expect((await store.list(user.id)).length).toBe(2);
    const r = await range(client, '2026-12-07', '2026-12-28');
    expect(r.instances.map((i) => i.summary).sort()).toEqual(['年终总结会', '没有 UID 的日程']);
    const bad = await upload(client, CalendarApi.import, 'a.ics', 'hello');
    expect(bad).toMatchObject({ code: Code.INVALID, message: CalendarMsg.BAD_ICS });
  });

  it("shows the contacts' birthdays and anniversaries, solar and lunar, read-only, and hides them on request", async () => {
    const { client } = await account();
    await save(
      client,
      person('王小明', { event: [{ start_date: '1990-12-05', lunar_or_solar: 0, type: 3, is_primary: 1 }] }),
    );
    await save(
      client,
      person('李奶奶', {
        event: [
          { start_date: '1940-11-8', lunar_or_solar: 1, type: 3, is_primary: 1 },
          { start_date: '--12-20', lunar_or_solar: 0, type: 1, is_primary: 0 },
        ],
      }),
    );
    const r = await range(client, '2026-11-30', '2027-01-11');
    const birthdays = r.instances.filter((i) => i.calendar_id === 'birthdays');
    expect(birthdays.map((i) => [i.start, i.summary, i.lunar, i.read_only])).toEqual([
      ['2026-12-05', '王小明的生日', 0, 1],
      // 冬月初八 falls on 16 December in 2026.
      ['2026-12-16', '李奶奶的生日', 1, 1],
      ['2026-12-20', '李奶奶的纪念日', 0, 1],
    ]);
    const list = ok(await client.get<CalendarList>(CalendarApi.calendars));
    expect(list.calendars.map((c) => [c.id, c.read_only, c.hidden])).toEqual([
      ['default', 0, 0],
      ['birthdays', 1, 0],
    ]);
    const hidden = ok(
      await postJson<CalendarList>(client, CalendarApi.calendarSetting, {
        calendar_id: 'birthdays',
        hidden: 1,
        color: '#AA3300',
      }),
    );
    expect(hidden.calendars[1]).toMatchObject({ hidden: 1, color: '#aa3300' });
    const after = await range(client, '2026-11-30', '2027-01-11');
    expect(after.instances.filter((i) => i.calendar_id === 'birthdays')).toEqual([]);
    const bad = await postJson(client, CalendarApi.calendarSetting, {
      calendar_id: 'birthdays',
      color: 'red',
    });
    expect(bad).toMatchObject({ code: Code.INVALID, message: CalendarMsg.BAD_COLOR });
  });

  it('answers day info: lunar days, terms, festivals, 休 and 班', async () => {
    const { client } = await account();
    const days = ok(
      await client.get<CalendarDays>(CalendarApi.days, { start: '2026-02-14', end: '2026-02-18' }),
    ).days;
    expect(days.map((d) => [d.date, d.lunar_text, d.mark, d.holiday, d.festival])).toEqual([
      ['2026-02-14', '廿七', 'work', '春节', null],
      ['2026-02-15', '廿八', 'off', '春节', null],
      ['2026-02-16', '廿九', 'off', '春节', '除夕'],
      ['2026-02-17', '正月', 'off', '春节', '春节'],
    ]);
    const badRange = await client.get(CalendarApi.range, { start: '2026-01-01', end: '2026-12-31' });
    expect(badRange).toMatchObject({ code: Code.INVALID, message: CalendarMsg.BAD_RANGE });
    const badZone = await client.get(CalendarApi.range, {
      start: '2026-01-01',
      end: '2026-01-02',
      tz: 'Mars/Olympus',
    });
    expect(badZone).toMatchObject({ code: Code.INVALID, message: CalendarMsg.BAD_ZONE });
  });

  it('polls changes cheaply, and a CalDAV client’s change shows in the range call', async () => {
    const me = await davAccount(server);
    const { client } = await verifiedClient(server, me.user);
    const first = await range(client, '2026-11-30', '2026-12-07');
    const anchors = { sync_version: first.sync_version, contacts_version: first.contacts_version };
    const quiet = ok(await client.get<CalendarPoll>(CalendarApi.changes, anchors));
    expect(quiet).toEqual({ ...anchors, changed: 0, uids: [], del: [] });
    // A contact's change (its birthday, say) moves the contacts' anchor: the view reloads.
    await save(
      client,
      person('新朋友', { event: [{ start_date: '1995-12-02', lunar_or_solar: 0, type: 3, is_primary: 1 }] }),
    );
    const contacts = ok(await client.get<CalendarPoll>(CalendarApi.changes, anchors));
    expect(contacts).toMatchObject({ changed: 1, uids: [], del: [] });
    expect(contacts.contacts_version).toBeGreaterThan(first.contacts_version);
    const cal = `/dav/calendars/${me.user.username}/calendar/`;
    const body = vcalendar([
      'UID:from-caldav',
      'DTSTAMP:20261125T000000Z',
      'DTSTART;TZID=Asia/Shanghai:20261202T150000',
      'DTEND;TZID=Asia/Shanghai:20261202T160000',
      'SUMMARY:客户拜访',
      'LOCATION:望京',
    ]);
    const put = await dav(server, me, 'PUT', `${cal}from-caldav.ics`, {
      body,
      headers: { 'content-type': 'text/calendar; charset=utf-8' },
    });
    expect(put.status).toBe(201);
    const poll = ok(
      await client.get<CalendarPoll>(CalendarApi.changes, { sync_version: first.sync_version }),
    );
    expect(poll).toMatchObject({ changed: 1, uids: ['from-caldav'], del: [] });
    const after = await range(client, '2026-11-30', '2026-12-07');
    expect(after.instances.find((i) => i.uid === 'from-caldav')).toMatchObject({
      start: '2026-12-02T15:00',
      end: '2026-12-02T16:00',
      summary: '客户拜访',
      location: '望京',
    });
    // The portal's create reaches CalDAV with an ETag of its own.
    const made = ok(
      await postJson<CalendarSaveResult>(client, CalendarApi.create, {
        summary: '门户日程',
        start: '2026-12-03T09:00',
        end: '2026-12-03T10:00',
      }),
    );
    const got = await dav(server, me, 'GET', `${cal}${made.uid}.ics`);
    expect(got.status).toBe(200);
    expect(got.headers.get('etag')).toBeTruthy();
    expect(got.text).toContain('SUMMARY:门户日程');
    // An anchor the log does not know asks for a full reload.
    expect((await client.get(CalendarApi.changes, { sync_version: 10_000 })).code).toBe(Code.FULL_RELOAD);
  });
});
