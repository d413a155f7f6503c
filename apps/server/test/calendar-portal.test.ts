import {
  CalendarApi,
  type CalendarEventDetail,
  type CalendarInstance,
  type CalendarRange,
  type CalendarSaveResult,
  type CalendarWriteResult,
  Code,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarService } from '../src/modules/calendar/service.js';
import { createUser, login, verifiedClient } from './support/accounts.js';
import { postJson, upload, vcalendar } from './support/calendar-portal.js';
import type { TestClient } from './support/client.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

// 2026-11-25 10:00 in China.
const NOW = Date.UTC(2026, 10, 25, 2, 0, 0);

describe.each(TEST_DIALECTS)('calendar portal: range and writes [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    server.clock.advance(NOW - server.clock.now());
  });
  afterAll(() => server.close());

  async function account() {
    const user = await createUser(server);
    const { client } = await verifiedClient(server, user);
    const store = new CalendarService(server.deps);
    return { user, client, put: (ics: string) => store.put(user.id, ics), store };
  }
  async function range(client: TestClient, start: string, end: string): Promise<CalendarRange> {
    const res = await client.get<CalendarRange>(CalendarApi.range, { start, end });
    expect(res.code, res.message).toBe(0);
    return res.data as CalendarRange;
  }
  const starts = (r: CalendarRange, uid: string) =>
    r.instances.filter((i) => i.uid === uid).map((i) => i.start);

  it('expands daily, weekly-by-days, monthly by date and by weekday, yearly and lunar yearly series', async () => {
    const { client, put } = await account();
    const zoned = (uid: string, start: string, rule: string) => [
      `UID:${uid}`,
      'DTSTAMP:20261101T000000Z',
      `DTSTART;TZID=Asia/Shanghai:${start}`,
      'DURATION:PT1H',
      `SUMMARY:${uid}`,
      rule,
    ];
    await put(vcalendar(zoned('daily', '20261120T070000', 'RRULE:FREQ=DAILY;INTERVAL=2')));
    await put(vcalendar(zoned('weekly', '20260105T090000', 'RRULE:FREQ=WEEKLY;BYDAY=MO,TH')));
    await put(vcalendar(zoned('monthly-date', '20250131T190000', 'RRULE:FREQ=MONTHLY')));
    await put(vcalendar(zoned('monthly-day', '20260113T140000', 'RRULE:FREQ=MONTHLY;BYDAY=2TU')));
    await put(
      vcalendar(['UID:yearly', 'DTSTART;VALUE=DATE:20201203', 'SUMMARY:结婚纪念日', 'RRULE:FREQ=YEARLY']),
    );
    // 姥姥's lunar birthday 冬月初八: 2026-12-16 this year (2025-12-27 the last).
    await put(
      vcalendar(['UID:lunar', 'DTSTART;VALUE=DATE:20251227', 'SUMMARY:姥姥生日', 'X-LUNAR-DATE:1958-11-8']),
    );
    const r = await range(client, '2026-11-30', '2027-01-11');
    expect(starts(r, 'daily').slice(0, 3)).toEqual([
      '2026-11-30T07:00',
      '2026-12-02T07:00',
      '2026-12-04T07:00',
    ]);
    expect(starts(r, 'weekly').slice(0, 4)).toEqual([
      '2026-11-30T09:00',
      '2026-12-03T09:00',
      '2026-12-07T09:00',
      '2026-12-10T09:00',
    ]);
    expect(starts(r, 'monthly-date')).toEqual(['2026-12-31T19:00']);
    expect(starts(r, 'monthly-day')).toEqual(['2026-12-08T14:00']);
    expect(starts(r, 'yearly')).toEqual(['2026-12-03']);
    expect(starts(r, 'lunar')).toEqual(['2026-12-16']);
    const lunar = r.instances.find((i) => i.uid === 'lunar') as CalendarInstance;
    expect(lunar).toMatchObject({
      all_day: 1,
      end: '2026-12-17',
      recurring: 1,
      lunar: 1,
      recurrence_id: '2026-12-16',
    });
    const weekly = r.instances.find((i) => i.uid === 'weekly') as CalendarInstance;
    expect(weekly).toMatchObject({
      recurrence_id: '2026-11-30T09:00:00',
      end: '2026-11-30T10:00',
      calendar_id: 'default',
    });
    expect(r.days).toHaveLength(42);
    expect(r.days[0]).toMatchObject({ date: '2026-11-30' });
  });

  it('creates an event and edits one instance, this and following, and all of a series', async () => {
    const { client, store, user } = await account();
    const made = await postJson<CalendarSaveResult>(client, CalendarApi.create, {
      summary: '晨跑',
      start: '2026-12-01T07:00',
      end: '2026-12-01T07:30',
      reminders: [10],
      repeat: { freq: 'daily' },
    });
    expect(made.code, made.message).toBe(0);
    const uid = made.data?.uid as string;
    let version = made.data?.version_code as number;
    const kept = await store.text(user.id, uid);
    expect(kept.ical).toContain('DTSTART;TZID=Asia/Shanghai:20261201T070000');
    expect(kept.ical).toContain('RRULE:FREQ=DAILY');
    expect(kept.ical).toContain('TRIGGER:-PT10M');

    // This one: 3 December moves to 08:00.
    const one = await postJson<CalendarWriteResult>(client, CalendarApi.update, {
      uid,
      version_code: version,
      recurrence_id: '2026-12-03T07:00:00',
      scope: 'this',
      event: { start: '2026-12-03T08:00', end: '2026-12-03T08:30', summary: '晨跑（改）' },
    });
    expect(one.code, one.message).toBe(0);
    version = one.data?.version_code as number;
    let r = await range(client, '2026-12-01', '2026-12-06');
    expect(r.instances.map((i) => [i.start, i.summary, i.overridden])).toEqual([
      ['2026-12-01T07:00', '晨跑', 0],
      ['2026-12-02T07:00', '晨跑', 0],
      ['2026-12-03T08:00', '晨跑（改）', 1],
      ['2026-12-04T07:00', '晨跑', 0],
      ['2026-12-05T07:00', '晨跑', 0],
    ]);

    // A stale version is refused and nothing changes.
    const stale = await postJson(client, CalendarApi.update, {
      uid,
      version_code: version - 1,
      event: { summary: 'x' },
    });
    expect(stale.code).toBe(1010);

    // This and following from 5 December: a new series at 06:30.
    const split = await postJson<CalendarWriteResult>(client, CalendarApi.update, {
      uid,
      version_code: version,
      recurrence_id: '2026-12-05T07:00:00',
      scope: 'following',
      event: { start: '2026-12-05T06:30', end: '2026-12-05T07:00' },
    });
    expect(split.code, split.message).toBe(0);
    const newUid = split.data?.new_uid as string;
    expect(newUid).toBeTruthy();
    version = split.data?.version_code as number;
    r = await range(client, '2026-12-03', '2026-12-08');
    expect(r.instances.map((i) => [i.uid === newUid ? 'new' : 'old', i.start])).toEqual([
      ['old', '2026-12-03T08:00'],
      ['old', '2026-12-04T07:00'],
      ['new', '2026-12-05T06:30'],
      ['new', '2026-12-06T06:30'],
      ['new', '2026-12-07T06:30'],
    ]);
    expect((await store.text(user.id, uid)).ical).toMatch(/RRULE:FREQ=DAILY;UNTIL=20261204T225959Z/);

    // All: moving the 2 December instance an hour later moves the series by an hour.
    const all = await postJson<CalendarWriteResult>(client, CalendarApi.update, {
      uid,
      version_code: version,
      recurrence_id: '2026-12-02T07:00:00',
      scope: 'all',
      event: { start: '2026-12-02T08:00', end: '2026-12-02T08:30' },
    });
    expect(all.code, all.message).toBe(0);
    r = await range(client, '2026-12-01', '2026-12-03');
    expect(r.instances.map((i) => i.start)).toEqual(['2026-12-01T08:00', '2026-12-02T08:00']);

    const detail = await client.get<CalendarEventDetail>(CalendarApi.event, { uid: newUid });
    expect(detail.code, detail.message).toBe(0);
    expect(detail.data).toMatchObject({
      summary: '晨跑',
      start: '2026-12-05T06:30',
      end: '2026-12-05T07:00',
      tzid: 'Asia/Shanghai',
      reminders: [{ minutes_before: 10, action: 'DISPLAY' }],
      repeat: { freq: 'daily', interval: 1, until: null, count: null },
      repeat_editable: 1,
    });
  });

  it('round-trips the repeat rules of the dialog: monthly by weekday, weekly on days with an end, lunar yearly', async () => {
    const { client } = await account();
    const make = async (body: Record<string, unknown>) => {
      const res = await postJson<CalendarSaveResult>(client, CalendarApi.create, body);
      expect(res.code, res.message).toBe(0);
      const detail = await client.get<CalendarEventDetail>(CalendarApi.event, {
        uid: res.data?.uid as string,
      });
      expect(detail.code, detail.message).toBe(0);
      return detail.data as CalendarEventDetail;
    };
    // 2026-12-08 is the second Tuesday of December.
    const monthly = await make({
      summary: '读书会',
      start: '2026-12-08T19:00',
      end: '2026-12-08T21:00',
      repeat: { freq: 'monthly', monthly_by: 'weekday' },
    });
    expect(monthly).toMatchObject({
      rrule: 'FREQ=MONTHLY;BYDAY=2TU',
      repeat: { freq: 'monthly', monthly_by: 'weekday', month_week: 2 },
      repeat_editable: 1,
    });
    const weekly = await make({
      summary: '游泳',
      start: '2026-12-01T18:00',
      end: '2026-12-01T19:00',
      repeat: { freq: 'weekly', weekdays: ['TH', 'TU'], until: '2026-12-31', interval: 2 },
    });
    expect(weekly.repeat).toMatchObject({
      freq: 'weekly',
      weekdays: ['TU', 'TH'],
      interval: 2,
      until: '2026-12-31',
    });
    const lunar = await make({
      summary: '妈妈生日',
      all_day: 1,
      start: '2026-12-16',
      end: '2026-12-17',
      repeat: { freq: 'lunar_yearly' },
    });
    expect(lunar).toMatchObject({
      all_day: 1,
      repeat: { freq: 'lunar_yearly' },
      lunar: { month: 11, day: 8, leap: false },
    });
    const r = await range(client, '2027-12-01', '2028-01-12');
    // 冬月初八 of the next lunar year.
    expect(r.instances.filter((i) => i.summary === '妈妈生日').map((i) => i.start)).toEqual(['2027-12-05']);
    const bad = await postJson(client, CalendarApi.create, {
      start: '2026-12-02T10:00',
      end: '2026-12-02T09:00',
    });
    expect(bad).toMatchObject({ code: Code.INVALID, message: '结束时间不能早于开始时间' });
    const zone = await postJson(client, CalendarApi.create, {
      start: '2026-12-02T10:00',
      end: '2026-12-02T11:00',
      tzid: 'Mars/Olympus',
    });
    expect(zone).toMatchObject({ code: Code.INVALID, message: '时区不正确' });
  });

  it('deletes one instance (EXDATE), the following ones, and a whole event into the recycle bin', async () => {
    const { client, put, store, user } = await account();
    await put(
      vcalendar([
        'UID:weekly-meeting',
        'DTSTART;TZID=Asia/Shanghai:20261102T100000',
        'DTEND;TZID=Asia/Shanghai:20261102T110000',
        'SUMMARY:项目周会',
        'RRULE:FREQ=WEEKLY;BYDAY=MO',
        'ATTENDEE;CN=张三;PARTSTAT=ACCEPTED:mailto:zhang@example.com',
        'X-PHONE-COLOR:#3366ff',
      ]),
    );
    let version = (await store.text(user.id, 'weekly-meeting')).version_code;
    const del = (recurrence_id: string | undefined, scope: string) =>
      postJson<CalendarWriteResult>(client, CalendarApi.delete, {
        uid: 'weekly-meeting',
        version_code: version,
        recurrence_id,
        scope,
      });
    let res = await del('2026-11-16T10:00:00', 'this');
    expect(res.code, res.message).toBe(0);
    version = res.data?.version_code as number;
    res = await del('2026-12-07T10:00:00', 'following');
    expect(res.code, res.message).toBe(0);
    version = res.data?.version_code as number;
    const r = await range(client, '2026-11-01', '2026-12-31');
    expect(starts(r, 'weekly-meeting')).toEqual([
      '2026-11-02T10:00',
      '2026-11-09T10:00',
      '2026-11-23T10:00',
      '2026-11-30T10:00',
    ]);
    const kept = (await store.text(user.id, 'weekly-meeting')).ical;
    // What the portal did not touch is kept as the phone wrote it.
    expect(kept).toContain('ATTENDEE;CN=张三;PARTSTAT=ACCEPTED:mailto:zhang@example.com');
    expect(kept).toContain('X-PHONE-COLOR:#3366ff');
    expect(kept).toContain('EXDATE;TZID=Asia/Shanghai:20261116T100000');

    res = await del(undefined, 'all');
    expect(res.code, res.message).toBe(0);
    expect(starts(await range(client, '2026-11-01', '2026-12-31'), 'weekly-meeting')).toEqual([]);
    const bin = await store.bin(user.id);
    expect(bin.list.map((e) => e.uid)).toEqual(['weekly-meeting']);
  });

  it("refuses another user's events and asks for the verification", async () => {
    const { put } = await account();
    await put(vcalendar(['UID:mine-only', 'DTSTART;VALUE=DATE:20261201', 'SUMMARY:私事']));
    const other = await account();
    const read = await other.client.get(CalendarApi.event, { uid: 'mine-only' });
    expect(read.code).toBe(1011);
    const write = await postJson(other.client, CalendarApi.delete, { uid: 'mine-only', version_code: 1 });
    expect(write.code).toBe(1011);
    expect(starts(await range(other.client, '2026-11-30', '2026-12-07'), 'mine-only')).toEqual([]);
  });

  it('answers 2002 without a session and 6001 without the second verification, on every call', async () => {
    const user = await createUser(server);
    const anonymous = server.client();
    const client = server.client();
    await login(client, user.username, user.password);
    const gets: Array<[string, Record<string, string>]> = [
      [CalendarApi.calendars, {}],
      [CalendarApi.range, { start: '2026-12-01', end: '2026-12-02' }],
      [CalendarApi.days, { start: '2026-12-01', end: '2026-12-02' }],
      [CalendarApi.event, { uid: 'x' }],
      [CalendarApi.search, { q: '会' }],
      [CalendarApi.changes, { sync_version: '0' }],
    ];
    for (const [path, query] of gets) {
      expect((await anonymous.get(path, query)).code, path).toBe(Code.NOT_LOGGED_IN);
      expect((await client.get(path, query)).code, path).toBe(Code.VERIFY_REQUIRED);
    }
    const posts: Array<[string, unknown]> = [
      [CalendarApi.calendarSetting, { calendar_id: 'birthdays', hidden: 1 }],
      [CalendarApi.create, { start: '2026-12-01', end: '2026-12-02', all_day: 1 }],
      [CalendarApi.update, { uid: 'x', version_code: 1, event: {} }],
      [CalendarApi.delete, { uid: 'x', version_code: 1 }],
    ];
    for (const [path, body] of posts)
      expect((await postJson(client, path, body)).code, path).toBe(Code.VERIFY_REQUIRED);
    expect((await upload(client, CalendarApi.import, 'a.ics', vcalendar())).code).toBe(Code.VERIFY_REQUIRED);
  });
});
