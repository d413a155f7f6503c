import type { CalendarLunarDate } from '@phonecloud/shared';
import { solarInLunarYear } from '../ics/lunar.js';
import { DAY_MS } from './days-math.js';

// lunar-typescript builds a year's month table for each conversion (milliseconds); a lunar date's
// day in a year never changes, so each is converted once.
const MEMO_MAX = 100_000;
const memo = new Map<string, number>();

/** The day number on which a lunar date falls in lunar year `year` (see solarInLunarYear). */
export function lunarDayIn(d: CalendarLunarDate, year: number): number {
  const key = `${year}:${d.leap ? 'L' : ''}${d.month}:${d.day}`;
  let day = memo.get(key);
  if (day === undefined) {
    day = Date.parse(`${solarInLunarYear(d, year)}T00:00:00Z`) / DAY_MS;
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(key, day);
  }
  return day;
}
