import {
  Api,
  CalendarApi,
  CalendarCode,
  CalendarMsg,
  Code,
  calendarUnknownZone,
  type ExportResult,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/housekeeping.js';
import { CalendarService } from '../src/modules/calendar/service.js';
import { BlobIndex } from '../src/storage/blob-index.js';
import { createUser, verifiedClient } from './support/accounts.js';
import { parseWithPython, phoneEvent } from './support/calendar.js';
import type { TestClient } from './support/client.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

const DAY = 24 * 60 * 60_000;
const CRLF = '\r\n';

/** A weekly event as a phone sends it: a rule, a skipped and a moved week, a reminder, a place. */
const WEEKLY = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Example Phone//Calendar 12.0//ZH',
  'BEGIN:VEVENT',
  'UID:9f1c2d3e-weekly@phone.example',
  'DTSTAMP:20261101T080000Z',
  'DTSTART;TZID=Asia/Shanghai:20261102T093000',
  'DTEND;TZID=Asia/Shanghai:20261102T100000',
  'RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20261228T015959Z',
  'EXDATE;TZID=Asia/Shanghai:20261116T093000',
  'SUMMARY:部门例会',
  'LOCATION:上海市徐汇区漕溪北路 88 号\\, 12 楼',
  'DESCRIPTION:第一项：进度\\n第二项：风险',
  'X-PHONE-COLOR:#ff8800',
  'BEGIN:VALARM',
  'ACTION:DISPLAY',
  'DESCRIPTION:部门例会',
  'TRIGGER:-PT10M',
  'END:VALARM',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:9f1c2d3e-weekly@phone.example',
  'DTSTAMP:20261101T080000Z',
  'RECURRENCE-ID;TZID=Asia/Shanghai:20261123T093000',
  'DTSTART;TZID=Asia/Shanghai:20261124T160000',
  'DTEND;TZID=Asia/Shanghai:20261124T163000',
  'SUMMARY:部门例会（改期）',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join(CRLF);

describe.each(TEST_DIALECTS)('calendar store [%s]', (dialect) => {
  let server: TestServer;
  let store: CalendarService;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    store = new CalendarService(server.deps);
  });
  afterAll(() => server.close());

  const count = async (userId: number) =>
    (await server.deps.db.selectFrom('calendar_events').select('id').where('user_id', '=', userId).execute())
      .length;

  it('keeps an event with its iCalendar text and UID as received, and reads its fields out of it', async () => {
    const user = await createUser(server);
    const saved = await store.put(user.id, WEEKLY);
    expect(saved.uid).toBe('9f1c2d3e-weekly@phone.example');
    expect((await store.text(user.id, saved.uid)).ical).toBe(WEEKLY);

    const event = await store.get(user.id, Number(saved.server_id));
    expect(event).toMatchObject({
      uid: '9f1c2d3e-weekly@phone.example',
      version_code: saved.version_code,
      summary: '部门例会',
      location: '上海市徐汇区漕溪北路 88 号, 12 楼',
      description: '第一项：进度\n第二项：风险',
      start: '2026-11-02T09:30:00',
      end: '2026-11-02T10:00:00',
      all_day: 0,
      tzid: 'Asia/Shanghai',
      rrule: 'FREQ=WEEKLY;BYDAY=MO;UNTIL=20261228T015959Z',
      exdates: ['2026-11-16T09:30:00'],
      reminders: [{ minutes_before: 10, action: 'DISPLAY' }],
      lunar: null,
    });
    expect(event.overrides).toEqual([
      {
        recurrence_id: '2026-11-23T09:30:00',
        start: '2026-11-24T16:00:00',
        end: '2026-11-24T16:30:00',
        all_day: 0,
        tzid: 'Asia/Shanghai',
        summary: '部门例会（改期）',
        location: '',
        description: '',
      },
    ]);

    // The indexed fields: instants in UTC, the series' end from its UNTIL.
    const row = await server.deps.db
      .selectFrom('calendar_events')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.start_at)).toBe(Date.UTC(2026, 10, 2, 1, 30));
    expect(Number(row.end_at)).toBe(Date.UTC(2026, 10, 2, 2, 0));
    expect([Number(row.all_day), row.tzid, row.tzids, Number(row.recurring)]).toEqual([
      0,
      'Asia/Shanghai',
      '["Asia/Shanghai"]',
      1,
    ]);
    expect(Number(row.last_end_at)).toBe(Date.UTC(2026, 11, 28, 1, 59, 59) + 30 * 60_000);
  });

  it("places times of a zone with daylight saving by that day's offset, from the tz database", async () => {
    const user = await createUser(server);
    const at = (uid: string, day: string, extra: string[] = []) =>
      phoneEvent(uid, '纽约时间的会', extra)
        .replaceAll('TZID=Asia/Shanghai', 'TZID=America/New_York')
        .replace('20261201T090000', `${day}T090000`)
        .replace('20261201T100000', `${day}T100000`);
    await store.put(user.id, at('summer@phone', '20260710'));
    // An absolute alarm (UTC) half an hour before 09:00 EST.
    const winter = await store.put(
      user.id,
      at('winter@phone', '20261210', [
        'BEGIN:VALARM',
        'ACTION:AUDIO',
        'TRIGGER;VALUE=DATE-TIME:20261210T133000Z',
        'END:VALARM',
      ]),
    );
    const starts = await server.deps.db
      .selectFrom('calendar_events')
      .select(['uid', 'start_at'])
      .where('user_id', '=', user.id)
      .orderBy('start_at')
      .execute();
    expect(starts.map((r) => [r.uid, Number(r.start_at)])).toEqual([
      ['summer@phone', Date.UTC(2026, 6, 10, 13)],
      ['winter@phone', Date.UTC(2026, 11, 10, 14)],
    ]);
    expect((await store.get(user.id, Number(winter.server_id))).reminders).toEqual([
      { minutes_before: 30, action: 'AUDIO' },
    ]);
  });

  it('gives a UID to an event that came without one, and keeps it with the event', async () => {
    const user = await createUser(server);
    const text = phoneEvent('x', '没有 UID 的日程').replace('UID:x\r\n', '');
    const saved = await store.put(user.id, text);
    expect(saved.uid).toMatch(/^[0-9a-f-]{36}$/);
    const kept = (await store.text(user.id, saved.uid)).ical;
    expect(kept).toContain(`UID:${saved.uid}\r\n`);
    expect(kept).toContain('X-PHONE-COLOR:#3366ff');
  });

  it('moves sync_version on every write, refuses a stale version_code, and logs changes and deletions', async () => {
    const user = await createUser(server);
    const first = await store.put(user.id, phoneEvent('a@phone', '第一版'));
    const other = await store.put(user.id, phoneEvent('b@phone', '另一个'));
    expect(other.sync_version).toBe(first.sync_version + 1);

    const edited = phoneEvent('a@phone', '第二版');
    await expect(store.put(user.id, edited, { versionCode: first.version_code - 1 })).rejects.toMatchObject({
      code: CalendarCode.STALE_VERSION,
      message: CalendarMsg.STALE_VERSION,
    });
    await expect(store.put(user.id, edited, { versionCode: 0 })).rejects.toMatchObject({
      code: CalendarCode.STALE_VERSION,
    });
    expect((await store.text(user.id, 'a@phone')).ical).toContain('SUMMARY:第一版');
    const second = await store.put(user.id, edited, { versionCode: first.version_code });
    expect(second.server_id).toBe(first.server_id);

    const since = await store.changesSince(user.id, other.sync_version);
    expect(since.sync_version).toBe(second.sync_version);
    expect(since.list.map((e) => [e.uid, e.summary])).toEqual([['a@phone', '第二版']]);
    expect(since.del).toEqual([]);

    await expect(store.remove(user.id, 'b@phone', { versionCode: first.version_code })).rejects.toMatchObject(
      {
        code: CalendarCode.STALE_VERSION,
      },
    );
    const removed = await store.remove(user.id, 'b@phone', { versionCode: other.version_code });
    const after = await store.changesSince(user.id, second.sync_version);
    expect([after.sync_version, after.list, after.del]).toEqual([removed.sync_version, [], ['b@phone']]);
    await expect(store.remove(user.id, 'b@phone')).rejects.toMatchObject({ code: CalendarCode.NOT_FOUND });
    expect(await store.changesSince(user.id, removed.sync_version)).toEqual({
      sync_version: removed.sync_version,
      list: [],
      del: [],
    });
    // An anchor from the future, or from before the log was compacted, asks for a full reload.
    await expect(store.changesSince(user.id, removed.sync_version + 5)).rejects.toMatchObject({
      code: Code.FULL_RELOAD,
    });
    server.clock.advance(31 * DAY);
    const later = await store.put(user.id, phoneEvent('c@phone', '一个月后'));
    await purgeExpired(server.deps);
    await expect(store.changesSince(user.id, first.sync_version)).rejects.toMatchObject({
      code: Code.FULL_RELOAD,
    });
    const recent = await store.changesSince(user.id, removed.sync_version);
    expect([recent.sync_version, recent.list.map((e) => e.uid)]).toEqual([later.sync_version, ['c@phone']]);
  });

  it('refuses what it could not serve back, with a Chinese text, and loses nothing', async () => {
    const user = await createUser(server);
    await store.put(user.id, phoneEvent('keep@phone', '原有日程'));
    const refused = async (text: string, message: string) => {
      await expect(store.put(user.id, text)).rejects.toMatchObject({ code: Code.INVALID, message });
    };
    await refused('这不是日历文件', CalendarMsg.BAD_ICS);
    await refused(
      ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//x//y//ZH', 'END:VCALENDAR', ''].join(CRLF),
      CalendarMsg.NO_EVENT,
    );
    const two = phoneEvent('one@phone', '一').replace(
      'END:VCALENDAR',
      [
        'BEGIN:VEVENT',
        'UID:two@phone',
        'DTSTAMP:20261101T080000Z',
        'DTSTART:20261201T010000Z',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join(CRLF),
    );
    await refused(two, CalendarMsg.MANY_UIDS);
    await refused(phoneEvent('z@phone', '无开始').replace(/DTSTART[^\r]*\r\n/, ''), CalendarMsg.NO_START);
    await refused(
      phoneEvent('tz@phone', '未知时区').replaceAll('TZID=Asia/Shanghai', 'TZID=Mars/Olympus_Mons'),
      calendarUnknownZone('Mars/Olympus_Mons'),
    );
    await refused(phoneEvent('lunar@phone', '错农历', ['X-LUNAR-DATE:2026-2-30']), CalendarMsg.BAD_LUNAR);
    await refused(phoneEvent('big@phone', 'x'.repeat(300 * 1024)), CalendarMsg.TOO_LARGE);
    expect(await count(user.id)).toBe(1);
    expect((await store.text(user.id, 'keep@phone')).ical).toBe(phoneEvent('keep@phone', '原有日程'));
  });

  it("keeps each account's events to itself: another user's ids and UIDs are not found", async () => {
    const a = await createUser(server);
    const b = await createUser(server);
    const mine = await store.put(a.id, phoneEvent('same-uid@phone', 'A 的日程'));
    await expect(store.get(b.id, Number(mine.server_id))).rejects.toMatchObject({
      code: CalendarCode.NOT_FOUND,
    });
    await expect(store.text(b.id, 'same-uid@phone')).rejects.toMatchObject({ code: CalendarCode.NOT_FOUND });
    await expect(store.remove(b.id, 'same-uid@phone')).rejects.toMatchObject({
      code: CalendarCode.NOT_FOUND,
    });
    // The same UID in another account is another event.
    await store.put(b.id, phoneEvent('same-uid@phone', 'B 的日程'));
    expect((await store.text(a.id, 'same-uid@phone')).ical).toContain('SUMMARY:A 的日程');
    expect((await store.list(b.id)).map((e) => e.summary)).toEqual(['B 的日程']);
  });

  describe('through the export', () => {
    let client: TestClient;
    let userId: number;
    beforeAll(async () => {
      const v = await verifiedClient(server);
      client = v.client;
      userId = v.user.id;
    });
    const exported = async () => {
      const res = await client.post<ExportResult>(CalendarApi.export);
      expect(res.code, res.message).toBe(0);
      return parseWithPython(Buffer.from(await (await client.raw(res.data?.filePath ?? '')).arrayBuffer()));
    };

    it("writes a zone the phone defined itself with the phone's VTIMEZONE, and a DTSTAMP where none came", async () => {
      const own = [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Example Desktop//EN',
        'BEGIN:VTIMEZONE',
        'TZID:China Standard Time',
        'BEGIN:STANDARD',
        'DTSTART:16010101T000000',
        'TZOFFSETFROM:+0800',
        'TZOFFSETTO:+0800',
        'END:STANDARD',
        'END:VTIMEZONE',
        'BEGIN:VEVENT',
        'UID:outlook-1@desktop.example',
        'DTSTART;TZID=China Standard Time:20261210T150000',
        'DTEND;TZID=China Standard Time:20261210T160000',
        'SUMMARY:从电脑同步的会议',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join(CRLF);
      await store.put(userId, own);
      const row = await server.deps.db
        .selectFrom('calendar_events')
        .select('start_at')
        .where('user_id', '=', userId)
        .where('uid', '=', 'outlook-1@desktop.example')
        .executeTakeFirstOrThrow();
      expect(Number(row.start_at)).toBe(Date.UTC(2026, 11, 10, 7));
      const cal = await exported();
      expect(cal.zones).toEqual(['China Standard Time']);
      const event = cal.events.find((e) => e.uid === 'outlook-1@desktop.example');
      expect(event?.dtstamp).toMatch(/^\d{4}-/);
      expect(event?.start).toBe('2026-12-10T15:00:00+08:00');
    });

    it('reads an RFC 7529 lunar rule (RSCALE=CHINESE) and exports Gregorian dates with the lunar date beside them', async () => {
      const lunar = [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Example Phone//EN',
        'BEGIN:VEVENT',
        'UID:rscale@phone.example',
        'DTSTAMP:20260101T000000Z',
        'DTSTART;VALUE=DATE:20260424',
        'RRULE:RSCALE=CHINESE;FREQ=YEARLY',
        'SUMMARY:农历生日',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join(CRLF);
      const saved = await store.put(userId, lunar);
      expect((await store.get(userId, Number(saved.server_id))).lunar).toEqual({
        year: 2026,
        month: 3,
        day: 8,
        leap: false,
      });
      const event = (await exported()).events.find((e) => e.uid === 'rscale@phone.example');
      expect(event?.rrule).toBeNull();
      expect(event?.lunar).toBe('2026-3-8');
      expect(event?.start).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(event?.rdates.length).toBeGreaterThan(20);
    });
  });

  it('goes with the account: rows by cascade, the export file by its blob reference', async () => {
    const { client, user } = await verifiedClient(server);
    await store.put(user.id, phoneEvent(`bye-${user.id}@phone`, '注销前的日程'));
    const res = await client.post<ExportResult>(CalendarApi.export);
    expect(res.code).toBe(0);
    const { blob_key } = await server.deps.db
      .selectFrom('calendar_files')
      .select('blob_key')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect((await client.post(Api.userDelete, { password: user.password })).code).toBe(0);
    for (const table of [
      'calendar_books',
      'calendar_events',
      'calendar_changes',
      'calendar_files',
    ] as const) {
      const left = await server.deps.db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', user.id)
        .execute();
      expect(left, table).toEqual([]);
    }
    expect(Number((await new BlobIndex(server.deps.db).byKey(blob_key))?.ref_count)).toBe(0);
  });
});
