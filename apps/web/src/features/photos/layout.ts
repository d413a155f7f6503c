import type { PhotoMonth } from '@phonecloud/shared';

/** A row of the virtual timeline: a month's heading, or a row of its thumbnails. */
export type TimelineRow =
  | { kind: 'month'; month: string; count: number }
  | { kind: 'cells'; month: string; first: number; last: number };

/** Thumbnails a row holds at this width: three on a phone (375 px), about 160 px each wider. */
export function columnsFor(width: number): number {
  if (width < 600) return 3;
  return Math.max(4, Math.floor(width / 160));
}

/**
 * Every row of the timeline from the month index alone: the list knows its whole height (and
 * where each month starts) before any photo is loaded, so the scrubber jumps anywhere at once.
 */
export function timelineRows(months: readonly PhotoMonth[], columns: number): TimelineRow[] {
  const rows: TimelineRow[] = [];
  for (const m of months) {
    rows.push({ kind: 'month', month: m.month, count: m.count });
    for (let first = 0; first < m.count; first += columns) {
      rows.push({ kind: 'cells', month: m.month, first, last: Math.min(m.count, first + columns) - 1 });
    }
  }
  return rows;
}

/** The row each month's heading is at (the scrubber's targets). */
export function monthStarts(rows: readonly TimelineRow[]): Map<string, number> {
  const starts = new Map<string, number>();
  rows.forEach((r, i) => {
    if (r.kind === 'month') starts.set(r.month, i);
  });
  return starts;
}

/** "2024-05" → "2024年5月". */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-');
  return `${y}年${Number(m)}月`;
}

/** The years of the index, newest first, each with its newest month (where a click lands). */
export function years(months: readonly PhotoMonth[]): { year: string; month: string }[] {
  const out: { year: string; month: string }[] = [];
  for (const m of months) {
    const year = m.month.slice(0, 4);
    if (out[out.length - 1]?.year !== year) out.push({ year, month: m.month });
  }
  return out;
}
