import dayjs, { type Dayjs } from 'dayjs';

/**
 * Calendar days as 'YYYY-MM-DD' strings: a day is a key, compared as text, never a moment (a
 * day's midnight is not the same instant in every zone). Weeks start on Monday.
 */
export type Day = string;

export const DAY_FORMAT = 'YYYY-MM-DD';

export function dayOf(d: Dayjs): Day {
  return d.format(DAY_FORMAT);
}

export function parseDay(day: Day): Dayjs {
  return dayjs(day, DAY_FORMAT);
}

export function todayDay(): Day {
  return dayOf(dayjs());
}

export function addDays(day: Day, n: number): Day {
  return dayOf(parseDay(day).add(n, 'day'));
}

export function isValidDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && dayOf(parseDay(value)) === value;
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(day: Day): number {
  return (parseDay(day).day() + 6) % 7;
}

export function mondayOf(day: Day): Day {
  return addDays(day, -weekdayIndex(day));
}

/** The seven days of the week holding `day`, Monday first. */
export function weekDays(day: Day): Day[] {
  const monday = mondayOf(day);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/**
 * The month's grid: whole weeks from the Monday on or before the 1st to the Sunday on or after
 * the last day, so every row is a full week (five or six rows).
 */
export function monthWeeks(day: Day): Day[][] {
  const first = parseDay(day).startOf('month');
  const last = first.endOf('month');
  let monday = mondayOf(dayOf(first));
  const weeks: Day[][] = [];
  while (monday <= dayOf(last)) {
    weeks.push(weekDays(monday));
    monday = addDays(monday, 7);
  }
  return weeks;
}

export function sameMonth(a: Day, b: Day): boolean {
  return a.slice(0, 7) === b.slice(0, 7);
}

/** Days from `a` to `b` (b − a), both calendar days. */
export function daysBetween(a: Day, b: Day): number {
  return Math.round((Date.UTC(...ymd(b)) - Date.UTC(...ymd(a))) / 86_400_000);
}

function ymd(day: Day): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number);
  return [y ?? 1970, (m ?? 1) - 1, d ?? 1];
}

export const WEEKDAY_NAMES = ['一', '二', '三', '四', '五', '六', '日'] as const;
