import { CalendarMsg, type CalendarRepeat, type CalendarWeekday } from '@phonecloud/shared';
import type { CalendarRepeatInput } from '@phonecloud/shared/api';
import type ICAL from 'ical.js';
import type { z } from 'zod';
import { invalid } from '../../../http/errors.js';
import { DAY_MS, dayOf, dayText, monthDays, weekdayCode, weekdayOf, ymdOf } from './days-math.js';
import { icalStamp, type TimeForm, utcStamp } from './ics-lines.js';
import type { WallClock } from './zone-clock.js';

export type RepeatInput = z.output<typeof CalendarRepeatInput>;

const ORDER: CalendarWeekday[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const sortDays = (days: readonly CalendarWeekday[]) => ORDER.filter((d) => days.includes(d));

/** The nth weekday of its month a day is: 1..4, or -1 when it is the month's last such day. */
export function monthWeekOf(day: number): number {
  const { year, month, day: dom } = ymdOf(day);
  return dom + 7 > monthDays(year, month) ? -1 : Math.ceil(dom / 7);
}

/**
 * A stored RRULE in the dialog's terms. `editable` is false when the dialog cannot say the rule
 * (BYSETPOS, several months, hours...): `repeat` is then the nearest, and the rule stays as it
 * is unless the owner changes the repeat.
 */
export function repeatOf(
  recur: ICAL.Recur | null,
  lunar: boolean,
  startWall: number,
  untilDay: number | null,
): { repeat: CalendarRepeat | null; editable: boolean } {
  const base = {
    interval: 1,
    weekdays: [],
    monthly_by: 'date' as const,
    month_week: null,
    until: null,
    count: null,
  };
  if (lunar) return { repeat: { ...base, freq: 'lunar_yearly' }, editable: recur === null };
  if (!recur) return { repeat: null, editable: true };
  const parts = recur.parts as Record<string, unknown[]>;
  const startDay = dayOf(startWall);
  const start = ymdOf(startDay);
  const byDay = (parts.BYDAY ?? []).map(String);
  const byMonthDay = (parts.BYMONTHDAY ?? []).map(Number);
  const byMonth = (parts.BYMONTH ?? []).map(Number);
  const others = Object.keys(parts).filter(
    (k) => !['BYDAY', 'BYMONTHDAY', 'BYMONTH'].includes(k) && (parts[k]?.length ?? 0) > 0,
  );
  const common = {
    interval: Math.max(1, recur.interval || 1),
    until: untilDay === null ? null : dayText(untilDay),
    count: recur.count ? Number(recur.count) : null,
  };
  let editable = others.length === 0;
  const repeat: CalendarRepeat = { ...base, ...common, freq: 'daily' };
  switch (recur.freq) {
    case 'DAILY':
      editable &&= byDay.length === 0 && byMonthDay.length === 0 && byMonth.length === 0;
      break;
    case 'WEEKLY':
      repeat.freq = 'weekly';
      repeat.weekdays = sortDays(
        byDay.filter((d): d is CalendarWeekday => ORDER.includes(d as CalendarWeekday)),
      );
      editable &&=
        byDay.every((d) => ORDER.includes(d as CalendarWeekday)) &&
        byMonthDay.length === 0 &&
        byMonth.length === 0;
      break;
    case 'MONTHLY': {
      repeat.freq = 'monthly';
      const nth = /^([+-]?\d)(MO|TU|WE|TH|FR|SA|SU)$/.exec(byDay[0] ?? '');
      if (nth && byDay.length === 1) {
        repeat.monthly_by = 'weekday';
        repeat.month_week = Number(nth[1]);
        editable &&= nth[2] === weekdayCode(weekdayOf(startDay));
      } else
        editable &&= byDay.length === 0 && byMonthDay.every((d) => d === start.day) && byMonthDay.length <= 1;
      editable &&= byMonth.length === 0;
      break;
    }
    case 'YEARLY':
      repeat.freq = 'yearly';
      editable &&=
        byDay.length === 0 &&
        byMonth.every((m) => m === start.month) &&
        byMonthDay.every((d) => d === start.day);
      break;
    default:
      editable = false;
  }
  return { repeat, editable };
}

/**
 * The RRULE value of a dialog's repeat for a series starting at `startWall` (no RRULE for a
 * lunar yearly one: its X-LUNAR-DATE says it). UNTIL is the end of its day in the event's zone,
 * written in UTC for a zoned event (RFC 5545), as a date for an all-day one.
 */
export function ruleOf(r: RepeatInput, startWall: number, form: TimeForm, clock: WallClock): string | null {
  const startDay = dayOf(startWall);
  const parts: string[] = [];
  switch (r.freq) {
    case 'lunar_yearly':
      return null;
    case 'daily':
      parts.push('FREQ=DAILY');
      break;
    case 'weekly': {
      const days =
        r.weekdays.length > 0 ? sortDays(r.weekdays) : [weekdayCode(weekdayOf(startDay)) as CalendarWeekday];
      parts.push('FREQ=WEEKLY', `BYDAY=${days.join(',')}`);
      break;
    }
    case 'monthly':
      if (r.monthly_by === 'weekday') {
        const n = r.month_week ?? monthWeekOf(startDay);
        parts.push('FREQ=MONTHLY', `BYDAY=${n}${weekdayCode(weekdayOf(startDay))}`);
      } else parts.push('FREQ=MONTHLY', `BYMONTHDAY=${ymdOf(startDay).day}`);
      break;
    case 'yearly':
      parts.push('FREQ=YEARLY');
      break;
  }
  if (r.interval > 1) parts.push(`INTERVAL=${r.interval}`);
  if (r.count !== null) parts.push(`COUNT=${r.count}`);
  if (r.until !== null) {
    const untilWall = Date.parse(`${r.until}T00:00:00Z`);
    if (Number.isNaN(untilWall) || dayOf(untilWall) < startDay) throw invalid(CalendarMsg.BAD_REPEAT);
    parts.push(`UNTIL=${untilOf(untilWall + DAY_MS - 1000, form, clock)}`);
  }
  return parts.join(';');
}

/** UNTIL for the last wall time an instance may start at. */
export function untilOf(lastWall: number, form: TimeForm, clock: WallClock): string {
  if (form.allDay) return icalStamp(lastWall, true);
  if (form.tzid || form.utc) return utcStamp(form.utc ? lastWall : clock.utcOf(lastWall));
  return icalStamp(lastWall, false);
}

/** RRULE value with UNTIL set (and COUNT dropped): a series cut before an instance. */
export function ruleUntil(rule: string, until: string): string {
  const kept = rule.split(';').filter((p) => !/^(UNTIL|COUNT)=/i.test(p));
  return [...kept, `UNTIL=${until}`].join(';');
}

/** RRULE value with COUNT set to what is left. */
export function ruleCount(rule: string, count: number): string {
  return rule
    .split(';')
    .map((p) => (/^COUNT=/i.test(p) ? `COUNT=${count}` : p))
    .join(';');
}
