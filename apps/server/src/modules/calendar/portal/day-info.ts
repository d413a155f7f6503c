import type { CalendarDayInfo } from '@phonecloud/shared';
import { Solar } from 'lunar-typescript';
import { dayText } from './days-math.js';
import { holidayOf } from './holidays.js';

// A day's info never changes: kept per date once read (a few years of days at most).
const CACHE_MAX = 5000;
const cache = new Map<string, CalendarDayInfo>();

/** The Gregorian-dated days China keeps (lunar-typescript also knows others': 情人节, 圣诞节...). */
const SOLAR_FESTIVALS = new Set([
  '元旦节',
  '妇女节',
  '植树节',
  '劳动节',
  '青年节',
  '儿童节',
  '建党节',
  '建军节',
  '教师节',
  '国庆节',
]);

/** The festival a day shows: the Chinese calendar's first (春节, 中秋节, 除夕), then China's Gregorian ones. */
function festivalOf(solar: Solar): string | null {
  const names = [
    ...solar.getLunar().getFestivals(),
    ...solar.getFestivals().filter((f) => SOLAR_FESTIVALS.has(f)),
  ];
  return names[0] ?? null;
}

/** What a day of the views shows beside its number: lunar date, solar term, festival, 休/班. */
export function dayInfo(day: number): CalendarDayInfo {
  const date = dayText(day);
  const hit = cache.get(date);
  if (hit) return hit;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const solar = Solar.fromYmd(y, m, d);
  const lunar = solar.getLunar();
  const term = lunar.getJieQi() || null;
  const lunarDay = lunar.getDayInChinese();
  const lunarMonth = `${lunar.getMonthInChinese()}月`;
  const holiday = holidayOf(date);
  const info: CalendarDayInfo = {
    date,
    lunar_day: lunarDay,
    lunar_month: lunarMonth,
    lunar_text: term ?? (lunar.getDay() === 1 ? lunarMonth : lunarDay),
    term,
    festival: festivalOf(solar),
    holiday: holiday?.name ?? null,
    mark: holiday?.mark ?? null,
  };
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(date, info);
  return info;
}

/** The info of every day in [fromDay, toDay). */
export function daysInfo(fromDay: number, toDay: number): CalendarDayInfo[] {
  const out: CalendarDayInfo[] = [];
  for (let day = fromDay; day < toDay; day++) out.push(dayInfo(day));
  return out;
}
