import type { CalendarLunarDate } from '@phonecloud/shared';
import { Lunar, LunarMonth, LunarYear, Solar } from 'lunar-typescript';

/**
 * The property that carries an event's Chinese-calendar date. Its value is never a DATE, so no
 * other calendar reads it as a Gregorian day; `X-LEAP-MONTH=TRUE` marks a leap month (闰月).
 */
export const X_LUNAR_DATE = 'x-lunar-date';
export const X_LEAP_MONTH = 'x-leap-month';

const VALUE_RE = /^(\d{1,4})-(\d{1,2})-(\d{1,2})$/;

/** Reads `X-LUNAR-DATE:1958-8-15` (and its leap parameter); null when it is not a real lunar date. */
export function parseLunar(value: string, leapParam: string | null): CalendarLunarDate | null {
  const m = VALUE_RE.exec(value.trim());
  if (!m) return null;
  const date = {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    leap: (leapParam ?? '').toUpperCase() === 'TRUE',
  };
  return isRealLunar(date) ? date : null;
}

/** The property's value: the lunar spelling of the contacts' events ('2011-6-9', unpadded). */
export function lunarValue(d: CalendarLunarDate): string {
  return `${d.year}-${d.month}-${d.day}`;
}

/** The stored index spelling: 'L' before a leap month ('2020-L4-8'). */
export function lunarKey(d: CalendarLunarDate): string {
  return `${d.year}-${d.leap ? 'L' : ''}${d.month}-${d.day}`;
}

export function lunarOfKey(key: string): CalendarLunarDate | null {
  const m = /^(\d{1,4})-(L?)(\d{1,2})-(\d{1,2})$/.exec(key);
  if (!m) return null;
  return { year: Number(m[1]), month: Number(m[3]), day: Number(m[4]), leap: m[2] === 'L' };
}

function monthOf(year: number, month: number, leap: boolean): LunarMonth | null {
  try {
    return LunarMonth.fromYm(year, leap ? -month : month);
  } catch {
    return null;
  }
}

function isRealLunar(d: CalendarLunarDate): boolean {
  if (d.month < 1 || d.month > 12 || d.day < 1 || d.day > 30) return false;
  if (d.leap && LunarYear.fromYear(d.year).getLeapMonth() !== d.month) return false;
  const month = monthOf(d.year, d.month, d.leap);
  return month !== null && d.day <= month.getDayCount();
}

/** The lunar date of a Gregorian day (RFC 7529's RSCALE=CHINESE events start on one). */
export function lunarOfSolar(year: number, month: number, day: number): CalendarLunarDate {
  const l = Solar.fromYmd(year, month, day).getLunar();
  const m = l.getMonth();
  return { year: l.getYear(), month: Math.abs(m), day: l.getDay(), leap: m < 0 };
}

/**
 * The Gregorian day on which a lunar date falls in lunar year `year` ('YYYY-MM-DD'). A day 30 in
 * a year whose month has 29 days falls on the 29th, and a leap-month date in a year without that
 * leap month on the ordinary month: the way phones' calendars keep such birthdays every year.
 */
export function solarInLunarYear(d: CalendarLunarDate, year: number): string {
  const leap = d.leap && LunarYear.fromYear(year).getLeapMonth() === d.month;
  const month = monthOf(year, d.month, leap);
  const day = Math.min(d.day, month?.getDayCount() ?? 29);
  return Lunar.fromYmd(year, leap ? -d.month : d.month, day)
    .getSolar()
    .toYmd();
}

/** The day of the solar term 清明 in a Gregorian year ('YYYY-MM-DD'). */
export function qingmingOf(year: number): string {
  const day = Lunar.fromYmd(year, 3, 1).getJieQiTable().清明;
  if (!day) throw new Error(`the solar terms of ${year} have no 清明`);
  return day.toYmd();
}
