import {
  CALENDAR_DEFAULT_TZID,
  type CalendarCreate,
  type CalendarEventDetail,
  CalendarMsg,
  type CalendarPatch,
  type CalendarRepeatIn,
  type CalendarWeekday,
} from '@phonecloud/shared';
import { addDays, type Day } from '../dates/days';

export type RepeatChoice =
  | 'none'
  | 'daily'
  | 'weekly'
  | 'monthly_date'
  | 'monthly_weekday'
  | 'yearly'
  | 'lunar_yearly';
export type ReminderUnit = 'minutes' | 'hours' | 'days';
export interface ReminderRow {
  amount: number;
  unit: ReminderUnit;
}

/** The dialog's fields. All-day ends are the last day itself (the API's end is the day after). */
export interface EventForm {
  summary: string;
  location: string;
  description: string;
  allDay: boolean;
  startDay: Day;
  startTime: string;
  endDay: Day;
  endTime: string;
  tzid: string;
  reminders: ReminderRow[];
  repeat: RepeatChoice;
  weekdays: CalendarWeekday[];
  interval: number;
  ends: 'never' | 'until' | 'count';
  until: Day;
  count: number;
}

export const UNIT_MINUTES: Readonly<Record<ReminderUnit, number>> = { minutes: 1, hours: 60, days: 1440 };

export function reminderRow(minutes: number): ReminderRow {
  if (minutes > 0 && minutes % 1440 === 0) return { amount: minutes / 1440, unit: 'days' };
  if (minutes > 0 && minutes % 60 === 0) return { amount: minutes / 60, unit: 'hours' };
  return { amount: Math.max(0, minutes), unit: 'minutes' };
}

const pad = (n: number) => String(n).padStart(2, '0');
export function clock(minutes: number): string {
  const m = Math.min(minutes, 24 * 60 - 1);
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

/** A new event's fields: a time range of a day, or whole days. */
export function newForm(
  startDay: Day,
  startMin: number,
  endDay: Day,
  endMin: number,
  allDay: boolean,
): EventForm {
  // A range that ends at midnight ends on the day before at 23:59 in the dialog's terms.
  const endsAtMidnight = endMin >= 24 * 60;
  return {
    summary: '',
    location: '',
    description: '',
    allDay,
    startDay,
    startTime: clock(startMin),
    endDay,
    endTime: endsAtMidnight ? '23:59' : clock(endMin),
    tzid: CALENDAR_DEFAULT_TZID,
    reminders: allDay ? [] : [{ amount: 15, unit: 'minutes' }],
    repeat: 'none',
    weekdays: [],
    interval: 1,
    ends: 'never',
    until: addDays(startDay, 30),
    count: 10,
  };
}

function repeatChoice(d: CalendarEventDetail): RepeatChoice {
  const r = d.repeat;
  if (!r) return 'none';
  if (r.freq === 'monthly') return r.monthly_by === 'weekday' ? 'monthly_weekday' : 'monthly_date';
  return r.freq;
}

/** The dialog's fields of an event as event.do answers it. */
export function formOf(d: CalendarEventDetail): EventForm {
  const allDay = d.all_day === 1;
  const r = d.repeat;
  return {
    summary: d.summary,
    location: d.location,
    description: d.description,
    allDay,
    startDay: d.start.slice(0, 10),
    startTime: allDay ? '09:00' : d.start.slice(11, 16),
    endDay: allDay ? addDays(d.end.slice(0, 10), -1) : d.end.slice(0, 10),
    endTime: allDay ? '10:00' : d.end.slice(11, 16),
    tzid: d.tzid || CALENDAR_DEFAULT_TZID,
    reminders: d.reminders.map((x) => reminderRow(x.minutes_before)),
    repeat: repeatChoice(d),
    weekdays: r?.weekdays ?? [],
    interval: r?.interval ?? 1,
    ends: r?.until ? 'until' : r?.count ? 'count' : 'never',
    until: r?.until ?? addDays(d.start.slice(0, 10), 30),
    count: r?.count ?? 10,
  };
}

function repeatOf(f: EventForm): CalendarRepeatIn | null {
  if (f.repeat === 'none') return null;
  const freq = f.repeat === 'monthly_date' || f.repeat === 'monthly_weekday' ? 'monthly' : f.repeat;
  return {
    freq,
    interval: f.repeat === 'lunar_yearly' ? 1 : f.interval,
    weekdays: f.repeat === 'weekly' ? f.weekdays : [],
    monthly_by: f.repeat === 'monthly_weekday' ? 'weekday' : 'date',
    until: f.ends === 'until' ? f.until : null,
    count: f.ends === 'count' ? f.count : null,
  };
}

/** What create.do takes for the fields. */
export function bodyOf(f: EventForm): CalendarCreate & Required<Pick<CalendarCreate, 'start' | 'end'>> {
  return {
    summary: f.summary.trim(),
    location: f.location.trim(),
    description: f.description,
    all_day: f.allDay ? 1 : 0,
    start: f.allDay ? f.startDay : `${f.startDay}T${f.startTime}`,
    end: f.allDay ? addDays(f.endDay, 1) : `${f.endDay}T${f.endTime}`,
    tzid: f.tzid,
    reminders:
      f.allDay && f.reminders.length === 0 ? [] : f.reminders.map((r) => r.amount * UNIT_MINUTES[r.unit]),
    repeat: repeatOf(f),
  };
}

/** The fields that differ from what the dialog opened with: an update sends those alone. */
export function patchOf(before: EventForm, after: EventForm): CalendarPatch {
  const a = bodyOf(before);
  const b = bodyOf(after);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(b) as (keyof typeof b)[]) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) patch[key] = b[key];
  }
  // A time moved alone is still read in the event's zone: both ends go together.
  if ('start' in patch || 'end' in patch || 'all_day' in patch) {
    patch.start = b.start;
    patch.end = b.end;
    patch.all_day = b.all_day;
  }
  return patch as CalendarPatch;
}

/** What is wrong with the fields, if anything (the server checks again). */
export function formProblem(f: EventForm): string | null {
  const b = bodyOf(f);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(f.startDay) || !/^\d{4}-\d{2}-\d{2}$/.test(f.endDay)) {
    return CalendarMsg.BAD_DATE;
  }
  if (!f.allDay && (!/^\d{2}:\d{2}$/.test(f.startTime) || !/^\d{2}:\d{2}$/.test(f.endTime))) {
    return CalendarMsg.BAD_TIME;
  }
  if (b.end < b.start || (!f.allDay && b.end === b.start)) return CalendarMsg.END_BEFORE_START;
  return null;
}
