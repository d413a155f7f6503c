import type { CalendarLunarDate } from '@phonecloud/shared';
import ICAL from 'ical.js';
import { lunarValue, X_LEAP_MONTH, X_LUNAR_DATE } from '../ics/lunar.js';
import type { IcalComponent } from '../ics/time.js';
import { ianaZone } from '../ics/zones.js';

/** A day or a wall-clock time in the event's zone: [year, month, day, hour?, minute?]. */
export type Wall = readonly [number, number, number, number?, number?];

export interface DemoEvent {
  uid: string;
  summary: string;
  start: Wall;
  end: Wall;
  /** Null: all-day dates; otherwise times in this zone. */
  tzid: string | null;
  location?: string;
  description?: string;
  categories?: string;
  /** Minutes before the start each reminder goes off. */
  reminders?: number[];
  rrule?: string;
  exdates?: Wall[];
  lunar?: CalendarLunarDate;
  /** Free time (holidays, birthdays) rather than busy. */
  transparent?: boolean;
}

export interface DemoOverride {
  recurrenceId: Wall;
  summary: string;
  start: Wall;
  end: Wall;
  location?: string;
  description?: string;
}

function time(w: Wall, allDay: boolean) {
  const [year, month, day, hour = 0, minute = 0] = w;
  return ICAL.Time.fromData(allDay ? { year, month, day, isDate: true } : { year, month, day, hour, minute });
}

function timeProp(parent: IcalComponent, name: string, w: Wall, tzid: string | null) {
  const p = new ICAL.Property(name, parent);
  p.setValue(time(w, tzid === null));
  if (tzid) p.setParameter('tzid', tzid);
  parent.addProperty(p);
}

function alarm(minutes: number, summary: string): IcalComponent {
  const a = new ICAL.Component('valarm');
  a.addPropertyWithValue('action', 'DISPLAY');
  a.addPropertyWithValue('description', summary);
  a.addPropertyWithValue('trigger', ICAL.Duration.fromSeconds(-minutes * 60));
  return a;
}

/** The iCalendar text a phone would send for one event (with its moved instances). */
export function demoIcs(e: DemoEvent, stamp: number, overrides: DemoOverride[] = []): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', '-//phone-cloud//demo phone calendar//ZH');
  const zone = e.tzid ? ianaZone(e.tzid) : null;
  if (zone) calendar.addSubcomponent(new ICAL.Component(structuredClone(zone.toJSON())));
  const dtstamp = ICAL.Time.fromJSDate(new Date(stamp), true);

  const master = new ICAL.Component('vevent');
  master.addPropertyWithValue('uid', e.uid);
  master.addPropertyWithValue('dtstamp', dtstamp);
  master.addPropertyWithValue('summary', e.summary);
  timeProp(master, 'dtstart', e.start, e.tzid);
  timeProp(master, 'dtend', e.end, e.tzid);
  if (e.location) master.addPropertyWithValue('location', e.location);
  if (e.description) master.addPropertyWithValue('description', e.description);
  if (e.categories) master.addPropertyWithValue('categories', e.categories);
  if (e.transparent) master.addPropertyWithValue('transp', 'TRANSPARENT');
  if (e.rrule) master.addPropertyWithValue('rrule', ICAL.Recur.fromString(e.rrule));
  for (const x of e.exdates ?? []) timeProp(master, 'exdate', x, e.tzid);
  if (e.lunar) {
    const p = new ICAL.Property(X_LUNAR_DATE, master);
    p.setValue(lunarValue(e.lunar));
    if (e.lunar.leap) p.setParameter(X_LEAP_MONTH, 'TRUE');
    master.addProperty(p);
  }
  for (const m of e.reminders ?? []) master.addSubcomponent(alarm(m, e.summary));
  calendar.addSubcomponent(master);

  for (const o of overrides) {
    const v = new ICAL.Component('vevent');
    v.addPropertyWithValue('uid', e.uid);
    v.addPropertyWithValue('dtstamp', dtstamp);
    timeProp(v, 'recurrence-id', o.recurrenceId, e.tzid);
    v.addPropertyWithValue('summary', o.summary);
    timeProp(v, 'dtstart', o.start, e.tzid);
    timeProp(v, 'dtend', o.end, e.tzid);
    const location = o.location ?? e.location;
    if (location) v.addPropertyWithValue('location', location);
    if (o.description) v.addPropertyWithValue('description', o.description);
    for (const m of e.reminders ?? []) v.addSubcomponent(alarm(m, o.summary));
    calendar.addSubcomponent(v);
  }
  return `${calendar.toString()}\r\n`;
}
