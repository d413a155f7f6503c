import { describe, expect, it } from 'vitest';
import {
  anchoredScroll,
  columnsFor,
  DAY_HEADING_PX,
  dayLabel,
  daysOf,
  MONTH_HEADING_PX,
  monthAt,
  monthLabel,
  monthStarts,
  rowOffsets,
  rowsAround,
  scrubberYears,
  timelineRows,
  withMonthDays,
} from './layout';

const index = [
  { month: '2024-05', count: 4 },
  { month: '2019-10', count: 3 },
];
const may = [
  { taken: '2024-05-03T18:00:00' },
  { taken: '2024-05-03T09:00:00' },
  { taken: '2024-05-01T08:30:00' },
  { taken: '2024-05-01T07:00:00' },
];

describe('the timeline layout', () => {
  it('has three thumbnails a row on a phone and more on a wide screen', () => {
    expect(columnsFor(375)).toBe(3);
    expect(columnsFor(1300)).toBe(8);
  });

  it('knows every row and month start from the month index alone', () => {
    const rows = timelineRows(index, 3);
    expect(rows.map((r) => r.key)).toEqual(['2024-05', '2024-05:r0', '2024-05:r3', '2019-10', '2019-10:r0']);
    expect(rows[2]).toMatchObject({ kind: 'cells', first: 3, last: 3 });
    expect([...monthStarts(rows)]).toEqual([
      ['2024-05', 0],
      ['2019-10', 3],
    ]);
    expect(monthLabel('2024-05')).toBe('2024年5月');
  });

  it('draws a loaded month by day, each day its own rows', () => {
    const days = daysOf(may);
    expect(days).toEqual([
      { day: '2024-05-03', first: 0, count: 2 },
      { day: '2024-05-01', first: 2, count: 2 },
    ]);
    const rows = timelineRows(index, 3, new Map([['2024-05', days]]));
    expect(rows.map((r) => r.key)).toEqual([
      '2024-05',
      '2024-05:2024-05-03',
      '2024-05:d0',
      '2024-05:2024-05-01',
      '2024-05:d2',
      '2019-10',
      '2019-10:r0',
    ]);
    expect(rows[4]).toMatchObject({ kind: 'cells', first: 2, last: 3 });
    expect(dayLabel('2024-05-03')).toBe('5月3日 周五');
    expect(dayLabel('2019-10-06')).toBe('10月6日 周日');
  });

  it('keeps the rows on screen in place when a month above them is drawn by day', () => {
    const cell = 100;
    const before = timelineRows(index, 3);
    const after = timelineRows(index, 3, new Map([['2024-05', daysOf(may)]]));
    const b = { rows: before, offsets: rowOffsets(before, cell) };
    const a = { rows: after, offsets: rowOffsets(after, cell) };
    // 2019-10's heading was at 44 + 2 rows; now two day headings lie above it as well.
    const oldTop = (b.offsets[3] ?? 0) + 10;
    expect(anchoredScroll(b, a, oldTop)).toBe(oldTop + 2 * DAY_HEADING_PX);
    // Inside the month that changed: the row now holding the first photo on screen takes its
    // place, under the day heading that came above it.
    expect(anchoredScroll(b, a, MONTH_HEADING_PX + 30)).toBe(MONTH_HEADING_PX + DAY_HEADING_PX + 30);
    // A wider window: rows of two where there was one; the fourth photo's row is found.
    const one = timelineRows(index, 1);
    const o = { rows: one, offsets: rowOffsets(one, cell) };
    const two = timelineRows(index, 2);
    const t = { rows: two, offsets: rowOffsets(two, cell) };
    expect(one[4]?.key).toBe('2024-05:r3');
    expect(two[2]?.key).toBe('2024-05:r2');
    expect(anchoredScroll(o, t, (o.offsets[4] ?? 0) + 5)).toBe((t.offsets[2] ?? 0) + 5);
    expect(anchoredScroll(b, a, 0)).toBe(0);
  });

  it('gives the scrubber every year with its months, and the month on screen', () => {
    const months = [
      { month: '2024-05', count: 4 },
      { month: '2024-01', count: 1 },
      { month: '2019-10', count: 3 },
    ];
    expect(scrubberYears(months)).toEqual([
      { year: '2024', count: 5, months: months.slice(0, 2) },
      { year: '2019', count: 3, months: months.slice(2) },
    ]);
    const rows = timelineRows(months, 3);
    expect(monthAt(rows, 0)).toBe('2024-05');
    expect(monthAt(rows, rows.length + 5)).toBe('2019-10');
  });

  it('reaches any month of 100,000 photos from the index alone', () => {
    // 155 months of 645 photos: every start known without a single item loaded.
    const months = Array.from({ length: 155 }, (_, i) => {
      const n = 2026 * 12 - i;
      return { month: `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`, count: 645 };
    });
    const rows = timelineRows(months, 8);
    const offsets = rowOffsets(rows, 170);
    const start = monthStarts(rows).get(months[100]?.month ?? '');
    expect(start).toBe(100 * (1 + Math.ceil(645 / 8)));
    expect(offsets[start ?? 0]).toBe(100 * (MONTH_HEADING_PX + 81 * 170));
  });

  it("sets one month's days, keeping the same map when nothing changed", () => {
    const none = new Map();
    const one = withMonthDays(none, '2024-05', daysOf(may));
    expect([...one.keys()]).toEqual(['2024-05']);
    expect(none.size).toBe(0);
    // The same days read again (a refetch): the layout keeps its map and is not redone.
    expect(withMonthDays(one, '2024-05', daysOf([...may]))).toBe(one);
    // A photo deleted: the day's count changes, so the map does.
    const fewer = withMonthDays(one, '2024-05', daysOf(may.slice(1)));
    expect(fewer).not.toBe(one);
    expect(fewer.get('2024-05')?.[0]?.count).toBe(1);
    // The month left the cache: back to its estimate.
    expect(withMonthDays(fewer, '2024-05', undefined).size).toBe(0);
    expect(withMonthDays(none, '2019-10', undefined)).toBe(none);
  });
});

describe('rowsAround', () => {
  const months = [
    { month: '2024-05', count: 70 },
    { month: '2024-04', count: 3 },
  ];
  const rows = timelineRows(months, 7);

  it('draws the rows within 800 px of the window on each side, headings counted by their height', () => {
    // Rows of 200 px: four past each edge; the index starts at the month's heading.
    const around = rowsAround({ startIndex: 5, endIndex: 6, overscan: 0, count: rows.length }, rows, 200);
    expect(around).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // At the top, the heading (44 px) and the first rows.
    expect(rowsAround({ startIndex: 0, endIndex: 1, overscan: 0, count: rows.length }, rows, 200)).toEqual([
      0, 1, 2, 3, 4, 5,
    ]);
    // At the end: what there is.
    const end = rowsAround(
      { startIndex: rows.length - 1, endIndex: rows.length - 1, overscan: 0, count: rows.length },
      rows,
      200,
    );
    expect(end.at(-1)).toBe(rows.length - 1);
    expect(end[0]).toBe(rows.length - 1 - 5);
  });
});
