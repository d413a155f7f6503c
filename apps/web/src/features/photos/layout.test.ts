import { describe, expect, it } from 'vitest';
import { columnsFor, monthLabel, monthStarts, timelineRows, years } from './layout';

describe('the timeline layout', () => {
  it('has three thumbnails a row on a phone and more on a wide screen', () => {
    expect(columnsFor(375)).toBe(3);
    expect(columnsFor(1300)).toBe(8);
  });

  it('knows every row and month start from the month index alone', () => {
    const rows = timelineRows(
      [
        { month: '2024-05', count: 4 },
        { month: '2019-10', count: 3 },
      ],
      3,
    );
    expect(rows).toEqual([
      { kind: 'month', month: '2024-05', count: 4 },
      { kind: 'cells', month: '2024-05', first: 0, last: 2 },
      { kind: 'cells', month: '2024-05', first: 3, last: 3 },
      { kind: 'month', month: '2019-10', count: 3 },
      { kind: 'cells', month: '2019-10', first: 0, last: 2 },
    ]);
    expect([...monthStarts(rows)]).toEqual([
      ['2024-05', 0],
      ['2019-10', 3],
    ]);
    expect(
      years([
        { month: '2024-05', count: 1 },
        { month: '2024-01', count: 1 },
        { month: '2019-10', count: 1 },
      ]),
    ).toEqual([
      { year: '2024', month: '2024-05' },
      { year: '2019', month: '2019-10' },
    ]);
    expect(monthLabel('2024-05')).toBe('2024年5月');
  });
});
