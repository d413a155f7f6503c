import { randomUUID } from 'node:crypto';
import {
  CALENDAR_EVENT_MAX_BYTES,
  type CalendarLunarDate,
  CalendarMsg,
  calendarUnknownZone,
} from '@phonecloud/shared';
import ICAL from 'ical.js';
import { invalid } from '../../../http/errors.js';
import { lunarOfSolar, parseLunar, X_LEAP_MONTH, X_LUNAR_DATE } from './lunar.js';
import {
  DAY_MS,
  type IcalComponent,
  type IcalProperty,
  type IcalTime,
  instantOf,
  isTime,
  tzidOf,
} from './time.js';
import { ZoneResolver } from './zones.js';

/** An iCalendar object of one UID, checked, with what the store indexes. */
export interface ReadObject {
  uid: string;
  /** The text to keep: as received, or with the UID the phone left out. */
  text: string;
  summary: string;
  location: string;
  description: string;
  startAt: number;
  endAt: number;
  allDay: boolean;
  tzid: string | null;
  tzids: string[];
  recurring: boolean;
  lastEndAt: number | null;
  lunar: CalendarLunarDate | null;
}

// Properties whose values are times that may name a zone.
const TIMED = ['dtstart', 'dtend', 'due', 'recurrence-id', 'exdate', 'rdate'];
// COUNT-limited rules are walked to their end up to this many instances; past it, "no end".
const MAX_WALK = 5000;

function parseCalendar(text: string): IcalComponent {
  let jcal: unknown;
  try {
    jcal = ICAL.parse(text);
  } catch {
    throw invalid(CalendarMsg.BAD_ICS);
  }
  if (!Array.isArray(jcal) || jcal[0] !== 'vcalendar') throw invalid(CalendarMsg.BAD_ICS);
  return new ICAL.Component(jcal);
}

function uidOf(event: IcalComponent): string | null {
  const v = event.getFirstPropertyValue('uid');
  return typeof v === 'string' && v.trim() !== '' ? v : null;
}

function startProp(event: IcalComponent): { prop: IcalProperty; time: IcalTime } {
  const prop = event.getFirstProperty('dtstart');
  const time = prop?.getFirstValue();
  if (!prop || !isTime(time)) throw invalid(CalendarMsg.NO_START);
  return { prop, time };
}

/** Start and end instants of one VEVENT (DTEND, else DURATION, else RFC 5545's defaults). */
function spanOf(event: IcalComponent, zones: ZoneResolver): { start: number; end: number; allDay: boolean } {
  const { prop, time } = startProp(event);
  const start = instantOf(time, tzidOf(prop), zones);
  const endProp = event.getFirstProperty('dtend');
  const endTime = endProp?.getFirstValue();
  if (endProp && isTime(endTime)) {
    return { start, end: Math.max(start, instantOf(endTime, tzidOf(endProp), zones)), allDay: time.isDate };
  }
  const duration = event.getFirstPropertyValue('duration');
  if (duration instanceof ICAL.Duration) {
    return { start, end: start + Math.max(0, duration.toSeconds()) * 1000, allDay: time.isDate };
  }
  return { start, end: time.isDate ? start + DAY_MS : start, allDay: time.isDate };
}

function zonesNamed(events: readonly IcalComponent[]): string[] {
  const ids = new Set<string>();
  for (const e of events) {
    for (const name of TIMED) {
      for (const p of e.getAllProperties(name)) {
        const id = tzidOf(p);
        if (id) ids.add(id);
      }
    }
  }
  return [...ids].sort();
}

/** The event's lunar date: the product's X-LUNAR-DATE, or RFC 7529's RSCALE=CHINESE rule. */
function lunarOf(master: IcalComponent): CalendarLunarDate | null {
  const prop = master.getFirstProperty(X_LUNAR_DATE);
  if (prop) {
    const leap = prop.getParameter(X_LEAP_MONTH);
    const value = String(prop.getFirstValue() ?? '');
    const date = parseLunar(value, typeof leap === 'string' ? leap : null);
    if (!date) throw invalid(CalendarMsg.BAD_LUNAR);
    return date;
  }
  const rule = master.getFirstProperty('rrule');
  if (rule && /(^|[:;])RSCALE=CHINESE(;|$)/i.test(rule.toICALString())) {
    const { time } = startProp(master);
    return lunarOfSolar(time.year, time.month, time.day);
  }
  return null;
}

/** End of the last instance of a recurring master, or null when the rule has no end. */
function lastEnd(master: IcalComponent, span: { start: number; end: number }, zones: ZoneResolver) {
  const length = span.end - span.start;
  const { prop, time } = startProp(master);
  const tzid = tzidOf(prop);
  let last = span.end;
  for (const rdate of master.getAllProperties('rdate')) {
    for (const v of rdate.getValues()) {
      if (isTime(v)) last = Math.max(last, instantOf(v, tzidOf(rdate), zones) + length);
    }
  }
  for (const rule of master.getAllProperties('rrule')) {
    const recur = rule.getFirstValue();
    if (!(recur instanceof ICAL.Recur)) continue;
    if (recur.until) {
      // An upper bound is enough for a range query: the last instance starts at UNTIL at the latest.
      last = Math.max(last, instantOf(recur.until, recur.until.isDate ? null : tzid, zones) + length);
      continue;
    }
    if (!recur.count) return null;
    const it = recur.iterator(time);
    let n = 0;
    for (let next = it.next(); next; next = it.next()) {
      if (++n > MAX_WALK) return null;
      last = Math.max(last, instantOf(next, tzid, zones) + length);
    }
  }
  return last;
}

/**
 * Reads the iCalendar text of one calendar object (CalDAV's unit: the VEVENTs of one UID, its
 * master and the instances moved on their own, with the zones they name). Refuses, with a
 * Chinese text, what the store could not serve back: no event, several UIDs, no start, a zone
 * nobody defines, a lunar date that does not exist.
 */
export function readCalendarObject(text: string): ReadObject {
  if (Buffer.byteLength(text, 'utf8') > CALENDAR_EVENT_MAX_BYTES) throw invalid(CalendarMsg.TOO_LARGE);
  const calendar = parseCalendar(text);
  const events = calendar.getAllSubcomponents('vevent');
  if (events.length === 0) throw invalid(CalendarMsg.NO_EVENT);
  const uids = new Set(events.map(uidOf).filter((u): u is string => u !== null));
  if (uids.size > 1) throw invalid(CalendarMsg.MANY_UIDS);
  const masters = events.filter((e) => !e.hasProperty('recurrence-id'));
  if (masters.length > 1) throw invalid(CalendarMsg.MANY_UIDS);

  let uid = [...uids][0];
  let kept = text;
  if (uid === undefined || events.some((e) => uidOf(e) === null)) {
    // RFC 5545 requires a UID; one the phone left out is given, and kept with the event.
    uid ??= randomUUID();
    for (const e of events) if (uidOf(e) === null) e.updatePropertyWithValue('uid', uid);
    kept = `${calendar.toString()}\r\n`;
  }

  const zones = new ZoneResolver(calendar);
  const tzids = zonesNamed(events);
  for (const id of tzids) if (!zones.component(id)) throw invalid(calendarUnknownZone(id));

  const master = masters[0] ?? (events[0] as IcalComponent);
  const span = spanOf(master, zones);
  const lunar = lunarOf(master);
  const recurring = lunar !== null || master.hasProperty('rrule') || master.hasProperty('rdate');
  let lastEndAt = lunar ? null : recurring ? lastEnd(master, span, zones) : span.end;
  for (const e of events) {
    if (e === master || lastEndAt === null) continue;
    lastEndAt = Math.max(lastEndAt, spanOf(e, zones).end);
  }
  const textOf = (name: string) => {
    const v = master.getFirstPropertyValue(name);
    return typeof v === 'string' ? v : '';
  };
  return {
    uid,
    text: kept,
    summary: textOf('summary'),
    location: textOf('location'),
    description: textOf('description'),
    startAt: span.start,
    endAt: span.end,
    allDay: span.allDay,
    tzid: tzidOf(startProp(master).prop),
    tzids,
    recurring,
    lastEndAt,
    lunar,
  };
}
