import { CalendarApi, CalendarMsg, Code, type ExportResult } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/housekeeping.js';
import { seedCalendar } from '../src/modules/calendar/demo/demo.js';
import { CalendarService } from '../src/modules/calendar/service.js';
import { BlobIndex } from '../src/storage/blob-index.js';
import { createUser, login, passVerification, verifiedClient } from './support/accounts.js';
import { type PyCalendar, type PyEvent, parseWithPython, phoneEvent } from './support/calendar.js';
import type { TestClient } from './support/client.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

const HOUR = 60 * 60_000;
// A fixed day, so the demo's "this year and next" are 2026 and 2027 and their real dates known.
const NOW = Date.UTC(2026, 10, 25, 2, 0, 0);

describe.each(TEST_DIALECTS)('calendar export [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    server.clock.advance(NOW - server.clock.now());
  });
  afterAll(() => server.close());

  async function demoUser() {
    const user = await createUser(server);
    await seedCalendar(server.deps, user.id);
    return verifiedClient(server, user);
  }
  async function exportOf(client: TestClient): Promise<{ path: string; res: Response; bytes: Buffer }> {
    const answer = await client.post<ExportResult>(CalendarApi.export);
    expect(answer.code, answer.message).toBe(0);
    const path = answer.data?.filePath ?? '';
    expect(path.startsWith(`${CalendarApi.exportFile}/`)).toBe(true);
    const res = await client.raw(path);
    expect(res.status).toBe(200);
    return { path, res, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  describe('the demo calendar, read back by Python icalendar', () => {
    let bytes: Buffer;
    let res: Response;
    let cal: PyCalendar;
    const bySummary = (s: string) => cal.events.filter((e) => e.summary === s);
    const one = (s: string): PyEvent => {
      const found = bySummary(s);
      expect(found, s).toHaveLength(1);
      return found[0] as PyEvent;
    };

    beforeAll(async () => {
      const { client } = await demoUser();
      ({ res, bytes } = await exportOf(client));
      cal = parseWithPython(bytes);
    });

    it('is an attachment of type text/calendar with a .ics name', () => {
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      const disposition = res.headers.get('content-disposition') ?? '';
      expect(disposition.startsWith('attachment;')).toBe(true);
      expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? '')).toMatch(/^日程_\d{8}_\d{6}\.ics$/);
    });

    it('ends every line with CRLF and folds lines at 75 octets', () => {
      const text = bytes.toString('utf8');
      expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
      expect(text).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
      const lines = text.split('\r\n').slice(0, -1);
      const over = lines.filter((l) => Buffer.byteLength(l, 'utf8') > 75);
      expect(over).toEqual([]);
      // Long Chinese descriptions and the lunar birthdays' dates did need folding.
      expect(lines.filter((l) => l.startsWith(' ')).length).toBeGreaterThan(10);
    });

    it('has PRODID and VERSION, a UID and DTSTAMP on every event, and the VTIMEZONE of every zone used', () => {
      expect(cal.version).toBe('2.0');
      expect(cal.prodid).toContain('日程');
      expect(cal.events.length).toBeGreaterThan(25);
      for (const e of cal.events) {
        expect(e.uid, e.summary).toMatch(/\S/);
        expect(e.dtstamp, e.summary).toMatch(/^\d{4}-\d\d-\d\dT/);
      }
      expect(cal.zones_used).toEqual(['Asia/Shanghai', 'Asia/Tokyo']);
      expect(cal.zones).toEqual(cal.zones_used);
    });

    it('keeps the weekly meeting with its rule, its skipped Monday and its moved instance', () => {
      const meetings = cal.events.filter((e) => e.uid === 'weekly-meeting@demo.phonecloud');
      expect(meetings).toHaveLength(2);
      const master = meetings.find((e) => e.recurrence_id === null) as PyEvent;
      const moved = meetings.find((e) => e.recurrence_id !== null) as PyEvent;
      expect(master.rrule).toBe('FREQ=WEEKLY;BYDAY=MO');
      expect(master.start_tzid).toBe('Asia/Shanghai');
      // NOW is Wednesday 2026-11-25; the series starts on the Monday eight weeks before the week's.
      expect(master.start).toBe('2026-09-28T10:00:00+08:00');
      expect(master.exdates).toEqual(['2026-10-12T10:00:00+08:00']);
      expect(master.location).toBe('公司 3 楼 301 会议室');
      expect(master.alarms).toEqual(['-PT15M']);
      expect(moved.recurrence_id).toBe('2026-11-02T10:00:00+08:00');
      expect(moved.start).toBe('2026-11-03T14:00:00+08:00');
      expect(moved.summary).toBe('项目周会（改到周二下午）');
    });

    it('has the holidays of this year and the next on their real days, all day', () => {
      const days = (name: string) =>
        bySummary(name)
          .map((e) => {
            expect(e.start_is_date, name).toBe(true);
            return e.start;
          })
          .sort();
      expect(days('春节')).toEqual(['2026-02-17', '2027-02-06']);
      expect(days('清明节')).toEqual(['2026-04-05', '2027-04-05']);
      expect(days('劳动节')).toEqual(['2026-05-01', '2027-05-01']);
      expect(days('端午节')).toEqual(['2026-06-19', '2027-06-09']);
      expect(days('中秋节')).toEqual(['2026-09-25', '2027-09-15']);
      expect(days('国庆节')).toEqual(['2026-10-01', '2027-10-01']);
    });

    it('writes lunar birthdays as Gregorian dates, the lunar date only in X-LUNAR-DATE', () => {
      const grandma = one('姥姥生日（农历腊月三十）');
      expect(grandma.lunar).toBe('1942-12-30');
      // No Gregorian yearly rule: it would move the birthday every year.
      expect(grandma.rrule).toBeNull();
      expect(grandma.start_is_date).toBe(true);
      // Lunar 12-30 in years whose last month has 29 days: New Year's Eve, the day before 春节.
      expect(grandma.start).toBe('2026-02-16');
      expect(grandma.rdates[0]).toBe('2027-02-05');
      expect(grandma.rdates).toHaveLength(29);
      const mum = one('妈妈生日（农历三月初八）');
      expect(mum.lunar).toBe('1963-3-8');
      expect(mum.start).not.toBe('2026-03-08');
      expect(mum.start).toBe('2026-04-24');
      expect(mum.alarms).toEqual(['-PT3H', 'PT9H']);
    });

    it('keeps the multi-day trips and the events with places and reminders', () => {
      const trip = one('国庆回老家');
      expect([trip.start, trip.end]).toEqual(['2027-10-02', '2027-10-07']);
      expect(trip.location).toBe('湖南 · 长沙');
      const checkup = one('年度体检');
      expect(checkup.start).toBe('2026-11-30T08:30:00+08:00');
      expect(checkup.location).toBe('美年大健康（静安分院）');
      expect(checkup.alarms).toEqual(['-P1D', '-PT1H']);
      const tokyo = one('东京客户拜访');
      expect([tokyo.start_tzid, tokyo.start]).toEqual(['Asia/Tokyo', '2026-12-21T10:00:00+09:00']);
    });
  });

  it('answers 1012 with the spec text when the calendar is empty', async () => {
    const { client } = await verifiedClient(server);
    const res = await client.post(CalendarApi.export);
    expect([res.code, res.message]).toEqual([Code.NOTHING_TO_EXPORT, CalendarMsg.EXPORT_EMPTY]);
    expect(res.message).toBe('暂无日程信息,无导出数据！');
  });

  it('answers 6001 without the second verification, 2002 without a session', async () => {
    const user = await createUser(server);
    await seedCalendar(server.deps, user.id);
    const client = server.client();
    await login(client, user.username, user.password);
    expect((await client.post(CalendarApi.export)).code).toBe(Code.VERIFY_REQUIRED);
    expect((await server.client().post(CalendarApi.export)).code).toBe(Code.NOT_LOGGED_IN);
  });

  it("refuses another user's export file, and the file after its day", async () => {
    const { client, user } = await demoUser();
    // Content-addressed blobs: an event of its own keeps this export from sharing the demo's bytes.
    await new CalendarService(server.deps).put(user.id, phoneEvent(`own-${user.id}`, '只属于我的日程'));
    const { path } = await exportOf(client);
    const other = await verifiedClient(server);
    expect((await other.client.raw(path)).status).toBe(404);
    expect(((await (await server.client().raw(path)).json()) as { code: number }).code).toBe(
      Code.NOT_LOGGED_IN,
    );

    const key = (
      await server.deps.db
        .selectFrom('calendar_files')
        .select('blob_key')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow()
    ).blob_key;
    const refs = async () => Number((await new BlobIndex(server.deps.db).byKey(key))?.ref_count ?? 0);
    expect(await refs()).toBe(1);
    server.clock.advance(25 * HOUR);
    // The verification of the morning has lapsed too: pass it again, then the file is gone.
    await passVerification(server, client, user);
    expect((await client.raw(path)).status).toBe(404);
    await purgeExpired(server.deps);
    expect(
      await server.deps.db.selectFrom('calendar_files').selectAll().where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    expect(await refs()).toBe(0);
  });
});
