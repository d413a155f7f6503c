import { EVENT_YEAR_MAX, EVENT_YEAR_MIN, LUNAR_DAY_MAX, LUNAR_MONTH_MAX } from './limits.js';
import { ContactMsg } from './messages.js';
import { CalendarKind } from './types.js';

const DATE_RE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
/** A solar date without its year ('--MM-DD', RFC 6350's spelling): birthdays people only know the day of. */
const NO_YEAR_RE = /^--(\d{1,2})-(\d{1,2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month of the Gregorian calendar (month 1-12). */
export function solarMonthDays(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export type DateCheck = { ok: true; date: string } | { ok: false; message: string };

/**
 * Checks an event date 'year-month-day'. Solar dates must exist (month lengths, leap years);
 * lunar ones have months 1-12 and days 1-30. Answers the stored spelling: solar zero-padded
 * ('2011-06-09'), lunar unpadded ('2011-6-9'), as the spec's two examples write them.
 */
export function checkEventDate(value: string, lunarOrSolar: number): DateCheck {
  const pad = (n: number) => String(n).padStart(2, '0');
  const noYear = NO_YEAR_RE.exec(value.trim());
  if (noYear && lunarOrSolar !== CalendarKind.LUNAR) {
    const month = Number(noYear[1]);
    const day = Number(noYear[2]);
    // A leap year's lengths: 29 February is a birthday too.
    if (month < 1 || month > 12 || day < 1 || day > solarMonthDays(2000, month)) {
      return { ok: false, message: ContactMsg.DATE_FORMAT };
    }
    return { ok: true, date: `--${pad(month)}-${pad(day)}` };
  }
  const m = DATE_RE.exec(value.trim());
  if (!m) return { ok: false, message: ContactMsg.DATE_FORMAT };
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < EVENT_YEAR_MIN || year > EVENT_YEAR_MAX) return { ok: false, message: ContactMsg.DATE_YEAR };
  const lunar = lunarOrSolar === CalendarKind.LUNAR;
  const maxMonth = lunar ? LUNAR_MONTH_MAX : 12;
  const maxDay = lunar ? LUNAR_DAY_MAX : solarMonthDays(year, month);
  if (month < 1 || month > maxMonth || day < 1 || day > maxDay) {
    return { ok: false, message: ContactMsg.DATE_FORMAT };
  }
  return { ok: true, date: lunar ? `${year}-${month}-${day}` : `${year}-${pad(month)}-${pad(day)}` };
}
