import { CALENDAR_HOLIDAY_FIRST_YEAR, CALENDAR_HOLIDAY_LAST_YEAR } from '@phonecloud/shared';
import { HolidayUtil } from 'lunar-typescript';

/**
 * China's official holidays and working-day swaps (调休), the State Council's yearly notices as
 * `lunar-typescript`'s HolidayUtil ships them. The one place the table is read: a new year's
 * notice comes with a new release of the package, and with a test of that year.
 */
export interface HolidayMark {
  /** The holiday the day belongs to ('春节', '国庆节'), the day off and its swap alike. */
  name: string;
  /** 'off' a day off (休); 'work' a weekend day worked instead (补班). */
  mark: 'off' | 'work';
}

/** The official mark of a day 'YYYY-MM-DD', or null (an ordinary day, or a year the table lacks). */
export function holidayOf(date: string): HolidayMark | null {
  const year = Number(date.slice(0, 4));
  if (year < CALENDAR_HOLIDAY_FIRST_YEAR || year > CALENDAR_HOLIDAY_LAST_YEAR) return null;
  const h = HolidayUtil.getHoliday(date);
  if (!h) return null;
  return { name: h.getName(), mark: h.isWork() ? 'work' : 'off' };
}

/** Whether the table has a year's notice at all. */
export function hasHolidayTable(year: number): boolean {
  return HolidayUtil.getHolidays(year).length > 0;
}
