import { describe, expect, it } from 'vitest';
import { clockOf, dayLabel, listDate, sameDay } from './sms-date';

const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).getTime();
const NOW = at(2024, 5, 15, 18, 30); // a Wednesday

describe('SMS dates', () => {
  it('shows the time today, then yesterday, the weekday, the day, the year', () => {
    expect(listDate(at(2024, 5, 15, 9, 5), NOW)).toBe('09:05');
    expect(listDate(at(2024, 5, 14, 23, 59), NOW)).toBe('昨天');
    expect(listDate(at(2024, 5, 10, 8), NOW)).toBe('星期五');
    expect(listDate(at(2024, 1, 2), NOW)).toBe('1月2日');
    expect(listDate(at(2023, 12, 31), NOW)).toBe('2023/12/31');
  });

  it('labels the day separators', () => {
    expect(dayLabel(at(2024, 5, 15, 1), NOW)).toBe('今天');
    expect(dayLabel(at(2024, 5, 14, 1), NOW)).toBe('昨天');
    expect(dayLabel(at(2024, 5, 1), NOW)).toBe('5月1日 星期三');
    expect(dayLabel(at(2023, 5, 1), NOW)).toBe('2023年5月1日 星期一');
  });

  it('compares calendar days, not 24-hour spans', () => {
    expect(sameDay(at(2024, 5, 15, 0, 1), at(2024, 5, 15, 23, 59))).toBe(true);
    expect(sameDay(at(2024, 5, 14, 23, 59), at(2024, 5, 15, 0, 1))).toBe(false);
    expect(clockOf(at(2024, 5, 15, 7, 3))).toBe('07:03');
  });
});
