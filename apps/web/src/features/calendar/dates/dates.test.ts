import { describe, expect, it } from 'vitest';
import { openingRange } from '../api/opening';
import { addDays, daysBetween, monthWeeks, weekDays } from './days';
import { stepDay, viewRange, viewTitle } from './nav';
import { wallIn, wallMinutes } from './wall';

describe('calendar days', () => {
  it('starts weeks on Monday and fills the month with whole weeks', () => {
    expect(weekDays('2026-11-28')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    const weeks = monthWeeks('2026-11-15');
    // November 2026 starts on a Sunday: its first row is the week of Monday 26 October.
    expect(weeks[0]?.[0]).toBe('2026-10-26');
    expect(weeks.at(-1)?.[6]).toBe('2026-12-06');
    expect(weeks).toHaveLength(6);
    expect(monthWeeks('2021-02-10')).toHaveLength(4);
  });

  it('steps a view back and forth and names it', () => {
    expect(stepDay('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(stepDay('week', '2026-11-28', -1)).toBe('2026-11-21');
    expect(stepDay('day', '2026-12-31', 1)).toBe('2027-01-01');
    expect(viewTitle('month', '2026-11-28')).toBe('2026年11月');
    expect(viewTitle('week', '2026-11-28')).toBe('2026年11月23日 – 29日');
    expect(viewTitle('week', '2026-12-30')).toBe('2026年12月28日 – 2027年1月3日');
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('opens the same first range in the main bundle as the views ask for', () => {
    for (const view of ['month', 'week', 'day', 'agenda'] as const) {
      for (const day of ['2026-11-01', '2026-11-28', '2027-02-14', '2024-12-31']) {
        const [y, m, d] = day.split('-').map(Number);
        expect(openingRange(view, new Date(y ?? 0, (m ?? 1) - 1, d)), `${view} ${day}`).toEqual(
          viewRange(view, day),
        );
      }
    }
  });

  it('reads instants as wall clocks of a zone', () => {
    const at = Date.UTC(2026, 10, 28, 1, 30);
    expect(wallIn(at, 'Asia/Shanghai')).toBe('2026-11-28T09:30');
    expect(wallIn(at, 'Asia/Tokyo')).toBe('2026-11-28T10:30');
    expect(wallMinutes('2026-11-28T23:30', '2026-11-29T00:15')).toBe(45);
  });
});
