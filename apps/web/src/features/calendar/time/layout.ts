/** A timed piece of one day column: minutes from the day's midnight, end exclusive. */
export interface Span {
  startMin: number;
  endMin: number;
}

export interface Placed<T> {
  item: T;
  startMin: number;
  endMin: number;
  /** Column inside its cluster of overlapping items, and how many columns the cluster has. */
  column: number;
  columns: number;
}

/** Shorter items are drawn this tall, so a 5-minute event still shows its title. */
export const MIN_DRAWN_MINUTES = 20;

/**
 * Places a day's timed items side by side where they overlap (as calendars do): items sorted by
 * start (longer first), each in the first column free at its start; a cluster is a run of items
 * joined by overlaps, and all of a cluster's items share its column count.
 */
export function placeDay<T>(items: readonly T[], span: (item: T) => Span): Placed<T>[] {
  const sorted = items
    .map((item) => {
      const s = span(item);
      return { item, startMin: s.startMin, endMin: Math.max(s.endMin, s.startMin + MIN_DRAWN_MINUTES) };
    })
    .sort((a, b) => a.startMin - b.startMin || b.endMin - a.endMin);
  const out: Placed<T>[] = [];
  let cluster: Placed<T>[] = [];
  let columnEnds: number[] = [];
  let clusterEnd = -1;
  const close = () => {
    for (const p of cluster) p.columns = columnEnds.length;
    cluster = [];
    columnEnds = [];
  };
  for (const s of sorted) {
    if (s.startMin >= clusterEnd) close();
    let column = columnEnds.findIndex((end) => end <= s.startMin);
    if (column < 0) column = columnEnds.length;
    columnEnds[column] = s.endMin;
    const placed = { ...s, column, columns: 1 };
    cluster.push(placed);
    out.push(placed);
    clusterEnd = Math.max(clusterEnd, s.endMin);
  }
  close();
  return out;
}

/** A pointer's place in a day column, in minutes, snapped to `step`. */
export function snapMinutes(offsetPx: number, hourPx: number, step = 15): number {
  const minutes = (offsetPx / hourPx) * 60;
  return Math.min(24 * 60, Math.max(0, Math.round(minutes / step) * step));
}
