import type { PhotoMonth } from '@phonecloud/shared';
import type { Range } from '@tanstack/react-virtual';

/**
 * A row of the virtual timeline: a month's heading, a day's heading (once the month's items are
 * in), a row of thumbnails (`first`..`last` being indexes into the month's items), or the
 * place of a month not loaded yet (`block`: its `count` photos in `lines` rows of `columns`).
 */
export type TimelineRow =
  | { kind: 'month'; key: string; month: string; count: number }
  | { kind: 'day'; key: string; month: string; day: string; first: number; count: number }
  | { kind: 'cells'; key: string; month: string; first: number; last: number }
  | { kind: 'block'; key: string; month: string; count: number; columns: number; lines: number };

/** A day of a loaded month: its items are `first`..`first + count - 1` of the month's list. */
export interface MonthDay {
  day: string;
  first: number;
  count: number;
}

/** The days of each month whose items are loaded, by month ("2024-05"). */
export type LoadedMonths = ReadonlyMap<string, readonly MonthDay[]>;

const sameDays = (a: readonly MonthDay[], b: readonly MonthDay[]) =>
  a.length === b.length && a.every((d, i) => d.day === b[i]?.day && d.count === b[i]?.count);

/**
 * `loaded` with one month's days set (`undefined`: the month is no longer loaded); the same map
 * when nothing changed, so the rows are not laid out again.
 */
export function withMonthDays(
  loaded: LoadedMonths,
  month: string,
  days: readonly MonthDay[] | undefined,
): LoadedMonths {
  const before = loaded.get(month);
  if (days === undefined ? before === undefined : before !== undefined && sameDays(before, days))
    return loaded;
  const next = new Map(loaded);
  if (days === undefined) next.delete(month);
  else next.set(month, days);
  return next;
}

export const MONTH_HEADING_PX = 44;
export const DAY_HEADING_PX = 32;

/** Thumbnails a row holds at this width: three on a phone (375 px), about 160 px each wider. */
export function columnsFor(width: number): number {
  if (width < 600) return 3;
  return Math.max(4, Math.floor(width / 160));
}

/** The days of a month's items (newest first, as the server orders them), in that order. */
export function daysOf(items: readonly { taken: string }[]): MonthDay[] {
  const days: MonthDay[] = [];
  items.forEach((item, i) => {
    const day = item.taken.slice(0, 10);
    const last = days[days.length - 1];
    if (last?.day === day) last.count++;
    else days.push({ day, first: i, count: 1 });
  });
  return days;
}

function cellRows(month: string, from: number, count: number, columns: number, tag: string): TimelineRow[] {
  const rows: TimelineRow[] = [];
  for (let at = 0; at < count; at += columns) {
    const first = from + at;
    const last = from + Math.min(count, at + columns) - 1;
    rows.push({ kind: 'cells', key: `${month}:${tag}${first}`, month, first, last });
  }
  return rows;
}

/**
 * Every row of the timeline. A month not loaded yet is one block as tall as its rows would be
 * (its count from the month index, without day headings), so the list knows its whole height and
 * where each month starts before any photo is loaded, in a row or two per month: at 100,000
 * photos a row per line of thumbnails was 14,000 rows to lay out again whenever a month arrived.
 * A loaded month (`loaded`: its days) is drawn by day.
 */
export function timelineRows(
  months: readonly PhotoMonth[],
  columns: number,
  loaded: LoadedMonths = new Map(),
): TimelineRow[] {
  const rows: TimelineRow[] = [];
  for (const m of months) {
    const days = loaded.get(m.month);
    const count = days ? days.reduce((n, d) => n + d.count, 0) : m.count;
    rows.push({ kind: 'month', key: m.month, month: m.month, count });
    if (!days) {
      const lines = Math.ceil(m.count / columns);
      if (lines > 0)
        rows.push({ kind: 'block', key: `${m.month}:b`, month: m.month, count: m.count, columns, lines });
      continue;
    }
    for (const d of days) {
      rows.push({
        kind: 'day',
        key: `${m.month}:${d.day}`,
        month: m.month,
        day: d.day,
        first: d.first,
        count: d.count,
      });
      rows.push(...cellRows(m.month, d.first, d.count, columns, 'd'));
    }
  }
  return rows;
}

export function rowHeight(row: TimelineRow, cellPx: number): number {
  if (row.kind === 'month') return MONTH_HEADING_PX;
  if (row.kind === 'day') return DAY_HEADING_PX;
  if (row.kind === 'block') return row.lines * cellPx;
  return cellPx;
}

/**
 * How far past each edge of the window rows are drawn (and their thumbnails asked for). Counted
 * in pixels, not rows: a day's heading is a row too, and a sparse timeline would draw a few
 * headings ahead where a dense one draws a screen of thumbnails. Twelve rows a side made opening
 * or jumping ask for 170 thumbnails, those on screen waiting behind the rest.
 */
const DRAWN_AHEAD_PX = 800;

/** The rows on screen (`range`) and those within `DRAWN_AHEAD_PX` of it on either side. */
export function rowsAround(range: Range, rows: readonly TimelineRow[], cellPx: number): number[] {
  const size = (i: number) => {
    const row = rows[i];
    return row ? rowHeight(row, cellPx) : cellPx;
  };
  let start = range.startIndex;
  for (let above = 0; start > 0 && above < DRAWN_AHEAD_PX; ) above += size(--start);
  let end = range.endIndex;
  for (let below = 0; end < range.count - 1 && below < DRAWN_AHEAD_PX; ) below += size(++end);
  const out: number[] = [];
  for (let i = Math.max(0, start); i <= end; i++) out.push(i);
  return out;
}

/** Where each row starts, in px from the grid's top (one more entry: the whole height). */
export function rowOffsets(rows: readonly TimelineRow[], cellPx: number): number[] {
  const offsets = [0];
  let at = 0;
  for (const row of rows) {
    at += rowHeight(row, cellPx);
    offsets.push(at);
  }
  return offsets;
}

/** The row each month's heading is at (the scrubber's targets). */
export function monthStarts(rows: readonly TimelineRow[]): Map<string, number> {
  const starts = new Map<string, number>();
  rows.forEach((r, i) => {
    if (r.kind === 'month') starts.set(r.month, i);
  });
  return starts;
}

/**
 * Where the window should scroll after the rows changed (a month's items arrived and it is drawn
 * by day, or the width changed), so that what is on screen stays put: the first row showing is
 * found again by its key, or else the row now holding its first photo, or else its month's
 * heading, at the same distance from the top.
 */
export function anchoredScroll(
  before: { rows: readonly TimelineRow[]; offsets: readonly number[] },
  after: { rows: readonly TimelineRow[]; offsets: readonly number[] },
  scrollTop: number,
): number {
  const i = before.rows.findIndex((_, k) => (before.offsets[k + 1] ?? 0) > scrollTop);
  const anchor = before.rows[i];
  if (!anchor || i === 0) return scrollTop;
  const same = after.rows.findIndex((r) => r.key === anchor.key);
  if (same >= 0) return (after.offsets[same] ?? 0) + scrollTop - (before.offsets[i] ?? 0);
  // A row of a month now drawn by day, or a line of its block: the row that holds the line's
  // first photo now.
  const into = scrollTop - (before.offsets[i] ?? 0);
  const line = anchorLine(anchor, into, (before.offsets[i + 1] ?? 0) - (before.offsets[i] ?? 0));
  if (line) {
    const holder = after.rows.findIndex(
      (r) => r.kind === 'cells' && r.month === anchor.month && r.first <= line.first && line.first <= r.last,
    );
    if (holder >= 0) return (after.offsets[holder] ?? 0) + line.into;
  }
  const oldMonth = before.rows.findIndex((r) => r.key === anchor.month);
  const newMonth = after.rows.findIndex((r) => r.key === anchor.month);
  if (oldMonth < 0 || newMonth < 0) return scrollTop;
  return (after.offsets[newMonth] ?? 0) + scrollTop - (before.offsets[oldMonth] ?? 0);
}

/**
 * The line of thumbnails `into` px down an anchor row (`height` px tall): its first photo's
 * index in the month, and how far into the line; null for a heading.
 */
function anchorLine(row: TimelineRow, into: number, height: number): { first: number; into: number } | null {
  if (row.kind === 'cells') return { first: row.first, into };
  if (row.kind !== 'block') return null;
  const linePx = height / row.lines;
  const line = Math.min(row.lines - 1, Math.max(0, Math.floor(into / linePx)));
  return { first: line * row.columns, into: into - line * linePx };
}

/** "2024-05" → "2024年5月". */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-');
  return `${y}年${Number(m)}月`;
}

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** "2024-05-03" → "5月3日 周五" (the camera's own day: no zone is applied). */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  return `${m}月${d}日 ${weekday}`;
}

/** The scrubber's years, newest first, each with its months and the items it holds. */
export interface ScrubberYear {
  year: string;
  count: number;
  months: PhotoMonth[];
}

export function scrubberYears(months: readonly PhotoMonth[]): ScrubberYear[] {
  const out: ScrubberYear[] = [];
  for (const m of months) {
    const year = m.month.slice(0, 4);
    let last = out[out.length - 1];
    if (last?.year !== year) {
      last = { year, count: 0, months: [] };
      out.push(last);
    }
    last.count += m.count;
    last.months.push(m);
  }
  return out;
}

/** The month the row at `index` belongs to (the scrubber shows that month's year). */
export function monthAt(rows: readonly TimelineRow[], index: number): string | undefined {
  return rows[Math.max(0, Math.min(index, rows.length - 1))]?.month;
}
