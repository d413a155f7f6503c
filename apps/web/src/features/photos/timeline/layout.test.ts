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
    // A month not loaded is its heading and one block, as tall as its rows of thumbnails.
    expect(rows.map((r) => r.key)).toEqual(['2024-05', '2024-05:b', '2019-10', '2019-10:b']);
    expect(rows[1]).toMatchObject({ kind: 'block', count: 4, columns: 3, lines: 2 });
    expect(rowOffsets(rows, 100)).toEqual([0, 44, 244, 288, 388]);
    expect([...monthStarts(rows)]).toEqual([
      ['2024-05', 0],
      ['2019-10', 2],
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
      '2019-10:b',
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
    const oldTop = (b.offsets[2] ?? 0) + 10;
    expect(anchoredScroll(b, a, oldTop)).toBe(oldTop + 2 * DAY_HEADING_PX);
    // Inside the month that changed: the row now holding the first photo of the block's line on
    // screen takes its place (the first line: under the first day's heading; the second line,
    // photos 3 and on: the second day's row, under its heading).
    expect(anchoredScroll(b, a, MONTH_HEADING_PX + 30)).toBe(MONTH_HEADING_PX + DAY_HEADING_PX + 30);
    expect(anchoredScroll(b, a, MONTH_HEADING_PX + 130)).toBe(
      MONTH_HEADING_PX + 2 * DAY_HEADING_PX + 100 + 30,
    );
    // A wider window: rows of four where there were three; the fourth photo's row is found.
    const days = new Map([['2024-05', [{ day: '2024-05-03', first: 0, count: 4 }]]]);
    const three = timelineRows(index, 3, days);
    const o = { rows: three, offsets: rowOffsets(three, cell) };
    const four = timelineRows(index, 4, days);
    const t = { rows: four, offsets: rowOffsets(four, cell) };
    expect(three[3]?.key).toBe('2024-05:d3');
    expect(four[2]?.key).toBe('2024-05:d0');
    expect(anchoredScroll(o, t, (o.offsets[3] ?? 0) + 5)).toBe((t.offsets[2] ?? 0) + 5);
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
    // Two rows a month (its heading and its block), not one per line of thumbnails.
    expect(rows).toHaveLength(2 * 155);
    expect(start).toBe(100 * 2);
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
  const rows = timelineRows(months, 7, new Map([['2024-05', [{ day: '2024-05-03', first: 0, count: 70 }]]]));

  it('draws the rows within 800 px of the window on each side, headings counted by their height', () => {
    // The month's heading (0), its day's (1), ten rows of 200 px (2-11), April's heading and block.
    expect(rows).toHaveLength(14);
    const around = rowsAround({ startIndex: 6, endIndex: 7, overscan: 0, count: rows.length }, rows, 200);
    expect(around).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    // At the top, the headings (44 and 32 px) and the first rows.
    expect(rowsAround({ startIndex: 0, endIndex: 1, overscan: 0, count: rows.length }, rows, 200)).toEqual([
      0, 1, 2, 3, 4, 5,
    ]);
    // At the end: what there is (April's block is 200 px, its heading 44).
    const last = rows.length - 1;
    const end = rowsAround({ startIndex: last, endIndex: last, overscan: 0, count: rows.length }, rows, 200);
    expect(end).toEqual([last - 5, last - 4, last - 3, last - 2, last - 1, last]);
  });
});
