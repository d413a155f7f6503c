import type { CalendarEvent, CalendarOverride, CalendarReminder, CalendarTiming } from '@phonecloud/shared';
import ICAL from 'ical.js';
import type { CalendarEventsTable } from '../../db/schema.js';
import { lunarOfKey } from './ics/lunar.js';
import { type IcalComponent, isTime, timeText, tzidOf } from './ics/time.js';

type EventRow = Pick<CalendarEventsTable, 'id' | 'uid' | 'version_code' | 'ical' | 'lunar' | 'start_at'>;

function text(event: IcalComponent, name: string): string {
  const v = event.getFirstPropertyValue(name);
  return typeof v === 'string' ? v : '';
}

function timing(event: IcalComponent): CalendarTiming {
  const start = event.getFirstProperty('dtstart');
  const s = start?.getFirstValue();
  if (!start || !isTime(s)) return { start: '', end: '', all_day: 0, tzid: null };
  const endProp = event.getFirstProperty('dtend');
  const e = endProp?.getFirstValue();
  let end = s.clone();
  if (isTime(e)) end = e;
  else {
    const duration = event.getFirstPropertyValue('duration');
    if (duration instanceof ICAL.Duration) end.addDuration(duration);
    else if (s.isDate) end.adjust(1, 0, 0, 0);
  }
  return { start: timeText(s), end: timeText(end), all_day: s.isDate ? 1 : 0, tzid: tzidOf(start) };
}

/** The VALARMs in minutes before the start; an absolute (UTC) trigger is measured from `startAt`. */
function reminders(event: IcalComponent, startAt: number): CalendarReminder[] {
  const out: CalendarReminder[] = [];
  for (const alarm of event.getAllSubcomponents('valarm')) {
    const trigger = alarm.getFirstPropertyValue('trigger');
    const action = text(alarm, 'action') || 'DISPLAY';
    if (trigger instanceof ICAL.Duration) {
      out.push({ minutes_before: -Math.round(trigger.toSeconds() / 60), action });
    } else if (isTime(trigger)) {
      out.push({ minutes_before: Math.round((startAt - trigger.toUnixTime() * 1000) / 60_000), action });
    }
  }
  return out;
}

function override(event: IcalComponent): CalendarOverride {
  const rid = event.getFirstPropertyValue('recurrence-id');
  return {
    ...timing(event),
    recurrence_id: isTime(rid) ? timeText(rid) : '',
    summary: text(event, 'summary'),
    location: text(event, 'location'),
    description: text(event, 'description'),
  };
}

/** An event as the API answers it, read from the iCalendar text the store keeps. */
export function eventOf(row: EventRow): CalendarEvent {
  const calendar = new ICAL.Component(ICAL.parse(row.ical) as unknown[]);
  const events = calendar.getAllSubcomponents('vevent');
  const master = events.find((e) => !e.hasProperty('recurrence-id')) ?? (events[0] as IcalComponent);
  const rule = master.getFirstProperty('rrule');
  const exdates: string[] = [];
  for (const p of master.getAllProperties('exdate')) {
    for (const v of p.getValues()) if (isTime(v)) exdates.push(timeText(v));
  }
  return {
    server_id: String(row.id),
    version_code: Number(row.version_code),
    uid: row.uid,
    ...timing(master),
    summary: text(master, 'summary'),
    location: text(master, 'location'),
    description: text(master, 'description'),
    reminders: reminders(master, Number(row.start_at)),
    rrule: rule ? rule.toICALString().replace(/^RRULE[^:]*:/i, '') : null,
    exdates,
    overrides: events.filter((e) => e !== master).map(override),
    lunar: row.lunar ? lunarOfKey(row.lunar) : null,
  };
}
