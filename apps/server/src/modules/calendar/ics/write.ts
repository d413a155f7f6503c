import { CALENDAR_LUNAR_EXPORT_YEARS, type CalendarLunarDate } from '@phonecloud/shared';
import ICAL from 'ical.js';
import { lunarValue, solarInLunarYear, X_LEAP_MONTH, X_LUNAR_DATE } from './lunar.js';
import { hasOwnLine, type RawComponent, rawCalendar, rawText, withProperty } from './raw.js';
import { type IcalComponent, type IcalTime, isTime, tzidOf } from './time.js';

const CRLF = '\r\n';
// ical.js folds after 75 octets and then puts the continuation's space in front of 75 more:
// 76-octet lines. One octet less keeps every line, continuation included, within RFC 5545's 75.
const FOLD_OCTETS = 74;

/** Runs an ical.js serialisation with the export's folding; ical.js keeps it module-wide. */
function folded<T>(fn: () => T): T {
  const before = ICAL.foldLength;
  ICAL.foldLength = FOLD_OCTETS;
  try {
    return fn();
  } finally {
    ICAL.foldLength = before;
  }
}

/**
 * The VCALENDAR's own properties, up to its first component. No METHOD: the file is a calendar,
 * not an iTIP message (whose PUBLISH would ask for an ORGANIZER on every event).
 */
export function calendarHead(prodid: string, name: string, now: number): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', prodid);
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('x-wr-calname', name);
  // RFC 7986 lets a calendar carry its LAST-MODIFIED: the export's time, which also makes every
  // export's bytes its own (see CalendarExportService.export).
  calendar.addPropertyWithValue('last-modified', ICAL.Time.fromJSDate(new Date(now), true));
  const text = folded(() => calendar.toString());
  return text.slice(0, text.lastIndexOf('END:VCALENDAR'));
}

export const CALENDAR_TAIL = `END:VCALENDAR${CRLF}`;

export function componentText(component: IcalComponent): string {
  return folded(() => component.toString()) + CRLF;
}

function onDate(t: IcalTime, ymd: string): IcalTime {
  const [y, m, d] = ymd.split('-').map(Number);
  const c = t.clone();
  c.year = y as number;
  c.month = m as number;
  c.day = d as number;
  return c;
}

/**
 * Gives a lunar event the Gregorian dates of its next yearly instances: DTSTART on this year's
 * (or the next one still to come), an RDATE for each later one. Other calendars read no lunar
 * rule, and a Gregorian RRULE would move the day every year; the lunar date itself stays in
 * X-LUNAR-DATE, where no other program reads a Gregorian day.
 */
function writeLunarDates(master: IcalComponent, lunar: CalendarLunarDate, now: number): void {
  const start = master.getFirstProperty('dtstart');
  const time = start?.getFirstValue();
  if (!start || !isTime(time)) return;
  const year = new Date(now).getUTCFullYear();
  const from = `${year}-01-01`;
  const dates: string[] = [];
  for (let y = year - 1; dates.length < CALENDAR_LUNAR_EXPORT_YEARS; y++) {
    const ymd = solarInLunarYear(lunar, y);
    if (ymd >= from) dates.push(ymd);
  }
  const first = onDate(time, dates[0] as string);
  const endProp = master.getFirstProperty('dtend');
  const end = endProp?.getFirstValue();
  if (endProp && isTime(end)) {
    const moved = first.clone();
    moved.addDuration(end.subtractDate(time));
    endProp.setValue(moved);
  }
  start.setValue(first);
  for (const name of ['rrule', 'rdate', 'exdate']) master.removeAllProperties(name);
  const rdate = new ICAL.Property('rdate', master);
  if (time.isDate) rdate.resetType('date');
  rdate.setValues(dates.slice(1).map((d) => onDate(time, d)));
  const tzid = tzidOf(start);
  if (tzid) rdate.setParameter('tzid', tzid);
  master.addProperty(rdate);
  if (!master.hasProperty(X_LUNAR_DATE)) {
    const p = new ICAL.Property(X_LUNAR_DATE, master);
    p.setValue(lunarValue(lunar));
    if (lunar.leap) p.setParameter(X_LEAP_MONTH, 'TRUE');
    master.addProperty(p);
  }
}

/**
 * The VEVENTs of one stored object as an export writes them: as received (their lines copied),
 * plus a DTSTAMP where the phone left it out (RFC 5545 requires one); a lunar event's with the
 * Gregorian dates of its next years, written by ical.js.
 */
export function exportEvents(
  ical: string,
  stored: { updatedAt: number; lunar: CalendarLunarDate | null },
  now: number,
): { text: string; count: number } {
  if (stored.lunar) return lunarEvents(ical, { updatedAt: stored.updatedAt, lunar: stored.lunar }, now);
  const events = rawCalendar(ical).components.filter((c) => c.name === 'VEVENT');
  const text = events.map((e) => rawText(stamped(e, stored.updatedAt).lines)).join('');
  return { text, count: events.length };
}

/** The event with a DTSTAMP (the store's last change) when it came without one. */
function stamped(event: RawComponent, updatedAt: number): RawComponent {
  if (hasOwnLine(event, 'DTSTAMP')) return event;
  return withProperty(event, `DTSTAMP:${ICAL.Time.fromJSDate(new Date(updatedAt), true).toICALString()}`);
}

function lunarEvents(
  ical: string,
  stored: { updatedAt: number; lunar: CalendarLunarDate },
  now: number,
): { text: string; count: number } {
  const calendar = new ICAL.Component(ICAL.parse(ical) as unknown[]);
  const events = calendar.getAllSubcomponents('vevent');
  let text = '';
  for (const event of events) {
    if (!event.hasProperty('dtstamp')) {
      event.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(stored.updatedAt), true));
    }
    if (!event.hasProperty('recurrence-id')) writeLunarDates(event, stored.lunar, now);
    text += componentText(event);
  }
  return { text, count: events.length };
}

/** The VTIMEZONEs a stored object defines itself, by TZID. */
export function ownZones(ical: string): Map<string, IcalComponent> {
  const calendar = new ICAL.Component(ICAL.parse(ical) as unknown[]);
  const out = new Map<string, IcalComponent>();
  for (const z of calendar.getAllSubcomponents('vtimezone')) {
    const id = z.getFirstPropertyValue('tzid');
    if (typeof id === 'string') out.set(id, z);
  }
  return out;
}
