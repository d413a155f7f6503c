import {
  CALENDAR_ID_BIRTHDAYS,
  type CalendarInfo,
  type CalendarInstance,
  calendarContactDateTitle,
} from '@phonecloud/shared';
import type { AppDeps } from '../../../http/context.js';
import { type ContactDate, contactDates, contactsVersion } from '../../contacts/index.js';
import { DAY_MS, dayNumber, dayText, isLeap, ymdOf } from './days-math.js';
import { lunarDayIn } from './lunar-days.js';
import type { ViewZone } from './zone-clock.js';

// The dates of each user's contacts, kept while the contacts book's version stays the same.
const CACHE_MAX = 500;
const cache = new Map<number, { version: number; dates: ContactDate[] }>();

async function datesOf(deps: AppDeps, userId: number): Promise<ContactDate[]> {
  const version = await contactsVersion(deps, userId);
  const hit = cache.get(userId);
  if (hit && hit.version === version) return hit.dates;
  const dates = await contactDates(deps, userId);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as number);
  cache.set(userId, { version, dates });
  return dates;
}

const SOLAR_RE = /^(\d{4}|-)-(\d{1,2})-(\d{1,2})$/;

/** The days in [fromDay, toDay) a contact's date falls on. */
function daysOf(date: ContactDate, fromDay: number, toDay: number): number[] {
  const out: number[] = [];
  const first = ymdOf(fromDay).year - 1;
  const last = ymdOf(toDay).year;
  if (date.lunar) {
    const [y, m, d] = date.date.split('-').map(Number) as [number, number, number];
    if (!m || !d) return out;
    for (let year = Math.max(first, y); year <= last; year++) {
      const day = lunarDayIn({ year: y, month: m, day: d, leap: false }, year);
      if (day >= fromDay && day < toDay) out.push(day);
    }
    return out;
  }
  const m = SOLAR_RE.exec(date.date);
  if (!m) return out;
  const born = m[1] === '-' ? null : Number(m[1]);
  const month = Number(m[2]);
  const dom = Number(m[3]);
  for (let year = Math.max(first, born ?? first); year <= last; year++) {
    // 29 February is kept on 28 February in other years, as phones' calendars show it.
    const day = dayNumber(year, month, month === 2 && dom === 29 && !isLeap(year) ? 28 : dom);
    if (day >= fromDay && day < toDay) out.push(day);
  }
  return out;
}

/** The contacts' birthdays and anniversaries on the days [fromDay, toDay), all day, read-only. */
export async function birthdayInstances(
  deps: AppDeps,
  userId: number,
  calendar: CalendarInfo,
  fromDay: number,
  toDay: number,
  view: ViewZone,
): Promise<CalendarInstance[]> {
  const out: CalendarInstance[] = [];
  for (const date of await datesOf(deps, userId)) {
    for (const day of daysOf(date, fromDay, toDay)) {
      const startWall = day * DAY_MS;
      out.push({
        uid: `contact-${date.contact_id}-${date.kind}-${date.lunar ? 'lunar' : 'solar'}`,
        recurrence_id: dayText(day),
        recurring: 1,
        overridden: 0,
        all_day: 1,
        start: dayText(day),
        end: dayText(day + 1),
        start_at: view.utcOf(startWall),
        end_at: view.utcOf(startWall + DAY_MS),
        tzid: null,
        summary: calendarContactDateTitle(date.name, date.kind),
        location: '',
        calendar_id: CALENDAR_ID_BIRTHDAYS,
        color: calendar.color,
        read_only: 1,
        version_code: 0,
        lunar: date.lunar ? 1 : 0,
      });
    }
  }
  return out;
}
