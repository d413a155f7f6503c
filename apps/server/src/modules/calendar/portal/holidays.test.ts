import { CALENDAR_HOLIDAY_FIRST_YEAR, CALENDAR_HOLIDAY_LAST_YEAR } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { dayInfo } from './day-info.js';
import { dayNumber } from './days-math.js';
import { hasHolidayTable, holidayOf } from './holidays.js';

const offs = (from: string, to: string) => {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
};

/** Each year's State Council notice: its Spring Festival, Labour Day and National Day, days off and swaps. */
const NOTICES: Record<number, { off: Array<[string, string, string]>; work: Array<[string, string]> }> = {
  2021: {
    off: [
      ['春节', '2021-02-11', '2021-02-17'],
      ['劳动节', '2021-05-01', '2021-05-05'],
      ['国庆节', '2021-10-01', '2021-10-07'],
    ],
    work: [
      ['春节', '2021-02-07'],
      ['春节', '2021-02-20'],
      ['劳动节', '2021-04-25'],
      ['劳动节', '2021-05-08'],
      ['国庆节', '2021-09-26'],
      ['国庆节', '2021-10-09'],
    ],
  },
  2022: {
    off: [
      ['春节', '2022-01-31', '2022-02-06'],
      ['劳动节', '2022-04-30', '2022-05-04'],
      ['国庆节', '2022-10-01', '2022-10-07'],
    ],
    work: [
      ['春节', '2022-01-29'],
      ['春节', '2022-01-30'],
      ['劳动节', '2022-04-24'],
      ['劳动节', '2022-05-07'],
      ['国庆节', '2022-10-08'],
      ['国庆节', '2022-10-09'],
    ],
  },
  2023: {
    off: [
      ['春节', '2023-01-21', '2023-01-27'],
      ['劳动节', '2023-04-29', '2023-05-03'],
      ['中秋节', '2023-09-29', '2023-09-29'],
      ['国庆节', '2023-09-30', '2023-10-06'],
    ],
    work: [
      ['春节', '2023-01-28'],
      ['春节', '2023-01-29'],
      ['劳动节', '2023-04-23'],
      ['劳动节', '2023-05-06'],
      ['国庆节', '2023-10-07'],
      ['国庆节', '2023-10-08'],
    ],
  },
  2024: {
    off: [
      ['春节', '2024-02-10', '2024-02-17'],
      ['劳动节', '2024-05-01', '2024-05-05'],
      ['国庆节', '2024-10-01', '2024-10-07'],
    ],
    work: [
      ['春节', '2024-02-04'],
      ['春节', '2024-02-18'],
      ['劳动节', '2024-04-28'],
      ['劳动节', '2024-05-11'],
      ['国庆节', '2024-09-29'],
      ['国庆节', '2024-10-12'],
    ],
  },
  2025: {
    off: [
      ['春节', '2025-01-28', '2025-02-04'],
      ['劳动节', '2025-05-01', '2025-05-05'],
      ['国庆中秋', '2025-10-01', '2025-10-08'],
    ],
    work: [
      ['春节', '2025-01-26'],
      ['春节', '2025-02-08'],
      ['劳动节', '2025-04-27'],
      ['国庆中秋', '2025-09-28'],
      ['国庆中秋', '2025-10-11'],
    ],
  },
  2026: {
    off: [
      ['元旦节', '2026-01-01', '2026-01-03'],
      ['春节', '2026-02-15', '2026-02-23'],
      ['劳动节', '2026-05-01', '2026-05-05'],
      ['国庆节', '2026-10-01', '2026-10-07'],
    ],
    work: [
      ['元旦节', '2026-01-04'],
      ['春节', '2026-02-14'],
      ['春节', '2026-02-28'],
      ['劳动节', '2026-05-09'],
      ['国庆节', '2026-09-20'],
      ['国庆节', '2026-10-10'],
    ],
  },
};

describe.each(Object.keys(NOTICES).map(Number))('the official holidays of %i', (year) => {
  const notice = NOTICES[year] as (typeof NOTICES)[number];
  it('marks every day off 休 and every swapped weekend day 班, with the holiday name', () => {
    for (const [name, from, to] of notice.off) {
      for (const date of offs(from, to)) expect(holidayOf(date), date).toEqual({ name, mark: 'off' });
    }
    for (const [name, date] of notice.work) expect(holidayOf(date), date).toEqual({ name, mark: 'work' });
  });
  it('leaves ordinary days, weekends included, unmarked', () => {
    expect(holidayOf(`${year}-03-11`)).toBeNull();
    expect(holidayOf(`${year}-08-15`)).toBeNull();
  });
});

describe('the holiday table', () => {
  it('covers the years the contract names, each tested, and no later one (2027: no notice shipped yet)', () => {
    expect(hasHolidayTable(CALENDAR_HOLIDAY_FIRST_YEAR)).toBe(true);
    // Every year shipped has its notice tested above; an earlier year is shown without marks.
    for (let year = CALENDAR_HOLIDAY_FIRST_YEAR; year <= CALENDAR_HOLIDAY_LAST_YEAR; year++)
      expect(Object.keys(NOTICES), String(year)).toContain(String(year));
    expect(holidayOf(`${CALENDAR_HOLIDAY_FIRST_YEAR - 1}-10-01`)).toBeNull();
    expect(hasHolidayTable(CALENDAR_HOLIDAY_LAST_YEAR)).toBe(true);
    // When a release of lunar-typescript brings 2027, this fails: raise the last year and add its test.
    expect(hasHolidayTable(CALENDAR_HOLIDAY_LAST_YEAR + 1)).toBe(false);
    expect(holidayOf('2027-02-06')).toBeNull();
  });
});

describe('day info', () => {
  it('shows the lunar day, the month on its first day, the solar term and the festival', () => {
    const eve = dayInfo(dayNumber(2026, 2, 16));
    expect(eve).toMatchObject({
      lunar_day: '廿九',
      lunar_month: '腊月',
      festival: '除夕',
      holiday: '春节',
      mark: 'off',
    });
    const newYear = dayInfo(dayNumber(2026, 2, 17));
    expect(newYear).toMatchObject({
      lunar_day: '初一',
      lunar_month: '正月',
      lunar_text: '正月',
      festival: '春节',
    });
    expect(dayInfo(dayNumber(2026, 4, 5))).toMatchObject({
      term: '清明',
      lunar_text: '清明',
      lunar_day: '十八',
    });
    expect(dayInfo(dayNumber(2026, 9, 25))).toMatchObject({
      lunar_text: '十五',
      festival: '中秋节',
      mark: 'off',
    });
    // 2025 had a leap sixth month: its first day is named so.
    expect(dayInfo(dayNumber(2025, 7, 25))).toMatchObject({ lunar_month: '闰六月', lunar_text: '闰六月' });
    expect(dayInfo(dayNumber(2026, 2, 14))).toMatchObject({ mark: 'work', holiday: '春节' });
    expect(dayInfo(dayNumber(2026, 3, 11))).toMatchObject({ mark: null, holiday: null, term: null });
  });
});
