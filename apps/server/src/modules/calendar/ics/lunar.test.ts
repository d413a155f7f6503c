import { describe, expect, it } from 'vitest';
import { lunarKey, lunarOfKey, lunarOfSolar, parseLunar, qingmingOf, solarInLunarYear } from './lunar.js';

describe('lunar dates', () => {
  it('reads X-LUNAR-DATE and refuses days that do not exist', () => {
    expect(parseLunar('1958-8-15', null)).toEqual({ year: 1958, month: 8, day: 15, leap: false });
    expect(parseLunar('1971-5-20', 'TRUE')).toEqual({ year: 1971, month: 5, day: 20, leap: true });
    // 1971's leap month is the fifth, not the fourth; 2026's second month has 29 days.
    expect(parseLunar('1971-4-20', 'TRUE')).toBeNull();
    expect(parseLunar('2026-2-30', null)).toBeNull();
    expect(parseLunar('2026-13-1', null)).toBeNull();
    expect(parseLunar('20260101', null)).toBeNull();
  });

  it('keeps a leap month through the index spelling', () => {
    const d = { year: 2020, month: 4, day: 8, leap: true };
    expect(lunarKey(d)).toBe('2020-L4-8');
    expect(lunarOfKey(lunarKey(d))).toEqual(d);
  });

  it('finds the Gregorian day of a lunar date in a given lunar year', () => {
    // 春节 and 中秋 of 2026 and 2027.
    expect(solarInLunarYear({ year: 1990, month: 1, day: 1, leap: false }, 2026)).toBe('2026-02-17');
    expect(solarInLunarYear({ year: 1990, month: 1, day: 1, leap: false }, 2027)).toBe('2027-02-06');
    expect(solarInLunarYear({ year: 1990, month: 8, day: 15, leap: false }, 2026)).toBe('2026-09-25');
    // 腊月三十 in a year whose last month has 29 days: New Year's Eve, the day before 春节.
    expect(solarInLunarYear({ year: 1942, month: 12, day: 30, leap: false }, 2026)).toBe('2027-02-05');
    // A leap-month birthday: in the leap month when the year has it (2028), else the ordinary one.
    const leap = { year: 1971, month: 5, day: 20, leap: true };
    expect(solarInLunarYear(leap, 2028)).toBe('2028-07-12');
    expect(solarInLunarYear({ ...leap, leap: false }, 2028)).toBe('2028-06-12');
    expect(solarInLunarYear(leap, 2026)).toBe(solarInLunarYear({ ...leap, leap: false }, 2026));
  });

  it('reads the lunar date of a Gregorian day, and the day of 清明', () => {
    expect(lunarOfSolar(2026, 4, 24)).toEqual({ year: 2026, month: 3, day: 8, leap: false });
    expect(lunarOfSolar(2028, 7, 12)).toEqual({ year: 2028, month: 5, day: 20, leap: true });
    expect([qingmingOf(2026), qingmingOf(2027), qingmingOf(2028)]).toEqual([
      '2026-04-05',
      '2027-04-05',
      '2028-04-04',
    ]);
  });
});
