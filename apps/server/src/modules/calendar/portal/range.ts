import {
  CALENDAR_ID_BIRTHDAYS,
  CALENDAR_ID_DEFAULT,
  CALENDAR_RANGE_MAX_DAYS,
  CALENDAR_RANGE_MAX_INSTANCES,
  type CalendarDays,
  type CalendarInfo,
  type CalendarInstance,
  CalendarMsg,
  type CalendarRange,
} from '@phonecloud/shared';
import type { AppDeps } from '../../../http/context.js';
import { invalid } from '../../../http/errors.js';
import { contactsVersion } from '../../contacts/index.js';
import { CalendarRepo } from '../repo.js';
import { birthdayInstances } from './birthdays.js';
import { CalendarsService } from './calendars.js';
import { daysInfo } from './day-info.js';
import { DAY_MS, dayOf, dayText, parseWall, wallText } from './days-math.js';
import { expandSeries, type Occurrence } from './expand.js';
import { fillIndex } from './indexing.js';
import { CalendarPortalRepo } from './repo.js';
import { cachedSeries, seriesKept } from './series.js';
import { type ViewZone, viewZone } from './zone-clock.js';

// Zone offsets reach 14 hours: the index's walls (dates, floating times) may be this far off.
const MARGIN_MS = 14 * 3_600_000;
// A DTSTART written in UTC ('...Z'): a single event without a TZID is then not floating.
const UTC_START_RE = /^DTSTART(?:;[^:\r\n]*)?:\d{8}T\d{6}Z\r?$/im;

/** Checks a range's days and zone: [start, end) within CALENDAR_RANGE_MAX_DAYS. */
export function rangeOf(
  start: string,
  end: string,
  tz: string,
): { fromDay: number; toDay: number; view: ViewZone } {
  const from = parseWall(start);
  const to = parseWall(end);
  if (from === null || to === null) throw invalid(CalendarMsg.BAD_DATE);
  const fromDay = dayOf(from);
  const toDay = dayOf(to);
  if (toDay <= fromDay || toDay - fromDay > CALENDAR_RANGE_MAX_DAYS) throw invalid(CalendarMsg.BAD_RANGE);
  const view = viewZone(tz);
  if (!view) throw invalid(CalendarMsg.BAD_ZONE);
  return { fromDay, toDay, view };
}

function instanceOf(
  base: {
    uid: string;
    version_code: number;
    calendar: CalendarInfo;
    recurring: boolean;
    lunar: boolean;
    tzid: string | null;
  },
  o: Occurrence,
  view: ViewZone,
): CalendarInstance {
  const shown = (at: number, wall: number) => (o.floating ? wallText(wall) : wallText(view.wallOf(at)));
  return {
    uid: base.uid,
    recurrence_id: o.ridText,
    recurring: base.recurring ? 1 : 0,
    overridden: o.overridden ? 1 : 0,
    all_day: o.allDay ? 1 : 0,
    start: o.allDay ? dayText(dayOf(o.startWall)) : shown(o.startAt, o.startWall),
    end: o.allDay ? dayText(dayOf(o.endWall)) : shown(o.endAt, o.endWall),
    start_at: o.startAt,
    end_at: o.endAt,
    tzid: o.allDay ? null : base.tzid,
    summary: o.summary,
    location: o.location,
    calendar_id: base.calendar.id,
    color: base.calendar.color,
    read_only: 0,
    version_code: base.version_code,
    lunar: base.lunar ? 1 : 0,
  };
}

/** The range a call reads, in instants, with the zone it is shown in. */
interface Window {
  fromUtc: number;
  toUtc: number;
  view: ViewZone;
  calendar: CalendarInfo;
}

/**
 * The portal's range call: the instances of the visible calendars between two days of the view's
 * zone, recurrences expanded (series parsed once per version and kept), and every day's info.
 */
export class CalendarRangeService {
  private readonly repo: CalendarPortalRepo;
  private readonly calendars: CalendarsService;
  constructor(private readonly deps: AppDeps) {
    this.repo = new CalendarPortalRepo(deps.db);
    this.calendars = new CalendarsService(deps);
  }

  days(start: string, end: string): CalendarDays {
    const { fromDay, toDay } = rangeOf(start, end, 'UTC');
    return { days: daysInfo(fromDay, toDay) };
  }

  async range(userId: number, q: { start: string; end: string; tz: string }): Promise<CalendarRange> {
    const { fromDay, toDay, view } = rangeOf(q.start, q.end, q.tz);
    const fromUtc = view.utcOf(fromDay * DAY_MS);
    const toUtc = view.utcOf(toDay * DAY_MS);
    const { calendars } = await this.calendars.list(userId);
    const own = calendars.find((c) => c.id === CALENDAR_ID_DEFAULT) as CalendarInfo;
    const birthdays = calendars.find((c) => c.id === CALENDAR_ID_BIRTHDAYS) as CalendarInfo;
    const syncVersion = await new CalendarRepo(this.deps.db).syncVersion(userId);
    let instances: CalendarInstance[] = [];
    if (!own.hidden) instances = await this.ownInstances(userId, own, fromUtc, toUtc, view);
    if (!birthdays.hidden) {
      instances.push(...(await birthdayInstances(this.deps, userId, birthdays, fromDay, toDay, view)));
    }
    instances.sort((a, b) => a.start_at - b.start_at || b.all_day - a.all_day || a.end_at - b.end_at);
    const truncated = instances.length > CALENDAR_RANGE_MAX_INSTANCES;
    return {
      sync_version: syncVersion,
      contacts_version: await contactsVersion(this.deps, userId),
      start: dayText(fromDay),
      end: dayText(toDay),
      tz: view.tz,
      instances: truncated ? instances.slice(0, CALENDAR_RANGE_MAX_INSTANCES) : instances,
      truncated: truncated ? 1 : 0,
      days: daysInfo(fromDay, toDay),
    };
  }

  private async ownInstances(
    userId: number,
    calendar: CalendarInfo,
    fromUtc: number,
    toUtc: number,
    view: ViewZone,
  ): Promise<CalendarInstance[]> {
    await fillIndex(this.repo, userId);
    const win = { fromUtc, toUtc, view, calendar };
    const [singles, series] = await Promise.all([
      this.singleInstances(userId, win),
      this.seriesInstances(userId, win),
    ]);
    return singles.concat(series);
  }

  /** The single events' instances, drawn from the index without their texts. */
  private async singleInstances(userId: number, w: Window): Promise<CalendarInstance[]> {
    const { fromUtc, toUtc, view, calendar } = w;
    const singles = await this.repo.singlesBetween(userId, fromUtc - MARGIN_MS, toUtc + MARGIN_MS);
    const out: CalendarInstance[] = [];
    // A timed single event without a zone is UTC or floating: only its text tells.
    const unzoned = singles
      .filter((r) => Number(r.all_day) === 0 && r.tzid === null)
      .map((r) => Number(r.id));
    const utc = new Set(
      (await this.repo.texts(userId, unzoned))
        .filter((r) => UTC_START_RE.test(r.ical))
        .map((r) => Number(r.id)),
    );
    for (const r of singles) {
      const floating = Number(r.all_day) === 1 || (r.tzid === null && !utc.has(Number(r.id)));
      const startWall = Number(r.start_at);
      const endWall = Number(r.end_at);
      const o: Occurrence = {
        ridText: null,
        startAt: floating ? view.utcOf(startWall) : startWall,
        endAt: floating ? view.utcOf(endWall) : endWall,
        startWall,
        endWall,
        allDay: Number(r.all_day) === 1,
        floating,
        overridden: false,
        summary: r.summary,
        location: r.location ?? '',
      };
      if (o.startAt >= toUtc || (o.endAt <= fromUtc && !(o.endAt === o.startAt && o.startAt >= fromUtc)))
        continue;
      const base = {
        uid: r.uid,
        version_code: Number(r.version_code),
        calendar,
        recurring: false,
        lunar: false,
        tzid: r.tzid,
      };
      out.push(instanceOf(base, o, view));
    }
    return out;
  }

  /** The recurring events' instances, expanded from their parsed series. */
  private async seriesInstances(userId: number, w: Window): Promise<CalendarInstance[]> {
    const { fromUtc, toUtc, view, calendar } = w;
    const series = await this.repo.seriesBetween(userId, fromUtc - MARGIN_MS, toUtc + MARGIN_MS);
    const out: CalendarInstance[] = [];
    // Only the series not parsed at their version yet need their texts read.
    const unparsed = series.filter(
      (r) => seriesKept(userId, { id: Number(r.id), version_code: Number(r.version_code) }) === undefined,
    );
    const texts = new Map(
      (
        await this.repo.texts(
          userId,
          unparsed.map((r) => Number(r.id)),
        )
      ).map((t) => [Number(t.id), t.ical]),
    );
    for (const r of series) {
      const key = { id: Number(r.id), version_code: Number(r.version_code) };
      const text = texts.get(key.id);
      const s =
        seriesKept(userId, key) ??
        (text === undefined ? null : cachedSeries(userId, { ...r, ...key, ical: text }));
      if (!s) continue;
      const base = {
        uid: r.uid,
        version_code: Number(r.version_code),
        calendar,
        recurring: true,
        lunar: s.lunar !== null,
        tzid: s.tzid,
      };
      for (const o of expandSeries(s, fromUtc, toUtc, view)) out.push(instanceOf(base, o, view));
    }
    return out;
  }
}
