import { CalendarApi, type CalendarList, type CalendarRange } from '@phonecloud/shared';
import { api } from '../../../api';
import { NARROW_QUERY } from '../../../components/breakpoints';

/**
 * The area's first calls, started while its chunk loads (its loader in app/areas.ts calls this),
 * so that the downloads overlap. Kept apart from the area's chunk on purpose: this file is in
 * the portal's main bundle, so it does its date arithmetic with plain Date (no dayjs) and knows
 * only the first range of the view the address (or the window's width) opens.
 */
const FRESH_MS = 30_000;
let opening: {
  key: string;
  range: Promise<CalendarRange> | null;
  calendars: Promise<CalendarList> | null;
  at: number;
} | null = null;

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const plus = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
const monday = (d: Date) => plus(d, -((d.getDay() + 6) % 7));

/** The first range of a view on a day, as dates/nav.ts's `viewRange` computes it. */
export function openingRange(view: string, on: Date): { start: string; end: string } {
  if (view === 'month') {
    const first = new Date(on.getFullYear(), on.getMonth(), 1);
    const last = new Date(on.getFullYear(), on.getMonth() + 1, 0);
    const start = monday(first);
    const end = plus(monday(last), 7);
    return { start: day(start), end: day(end) };
  }
  if (view === 'week') return { start: day(monday(on)), end: day(plus(monday(on), 7)) };
  if (view === 'day') return { start: day(on), end: day(plus(on, 1)) };
  return { start: day(on), end: day(plus(on, 30)) };
}

/** The view and day the address opens: `#/calendar/{view}/{day}`, else the default of the width. */
function openedView(): { view: string; on: Date } {
  const m = /^#\/calendar\/(month|week|day|agenda)\/(\d{4})-(\d{2})-(\d{2})/.exec(window.location.hash);
  if (m) return { view: m[1] ?? 'month', on: new Date(Number(m[2]), Number(m[3]) - 1, Number(m[4])) };
  return { view: window.matchMedia(NARROW_QUERY).matches ? 'agenda' : 'month', on: new Date() };
}

function zone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Shanghai';
  } catch {
    return 'Asia/Shanghai';
  }
}

export function prefetchCalendarOpening(): void {
  const { view, on } = openedView();
  const r = openingRange(view, on);
  const tz = zone();
  const area = 'calendar' as const;
  const range = api.get<CalendarRange>(CalendarApi.range, { area, query: { ...r, tz } });
  const calendars = api.get<CalendarList>(CalendarApi.calendars, { area });
  const entry = { key: `${r.start}|${r.end}|${tz}`, range, calendars, at: Date.now() } as NonNullable<
    typeof opening
  >;
  opening = entry;
  // A failure (6001 before the check) is never used: the area calls again.
  range.catch(() => {
    entry.range = null;
  });
  calendars.catch(() => {
    entry.calendars = null;
  });
}

/** The prefetched range of these days, once, if it is fresh. */
export function takeOpeningRange(start: string, end: string, tz: string): Promise<CalendarRange> | null {
  if (!opening || Date.now() - opening.at > FRESH_MS || opening.key !== `${start}|${end}|${tz}`) return null;
  const { range } = opening;
  opening.range = null;
  return range;
}

/** The prefetched calendars, once, if fresh. */
export function takeOpeningCalendars(): Promise<CalendarList> | null {
  if (!opening || Date.now() - opening.at > FRESH_MS) return null;
  const { calendars } = opening;
  opening.calendars = null;
  return calendars;
}
