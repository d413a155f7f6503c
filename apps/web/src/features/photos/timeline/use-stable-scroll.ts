import { useLayoutEffect, useRef } from 'react';
import { anchoredScroll, type TimelineRow } from './layout';

/**
 * Keeps what is on screen in place when the rows change above it (a month drawn by day once its
 * items arrive, a new width): the window is scrolled by what the rows above it grew or shrank.
 */
export function useStableScroll(
  rows: readonly TimelineRow[],
  offsets: readonly number[],
  gridTop: number,
  /** What the sticky bar covers at the window's top: the rows under it are not on screen. */
  coveredPx: number,
) {
  const before = useRef<{ rows: readonly TimelineRow[]; offsets: readonly number[] } | null>(null);
  useLayoutEffect(() => {
    const last = before.current;
    before.current = { rows, offsets };
    if (!last || last.rows === rows) return;
    const top = window.scrollY - gridTop + coveredPx;
    if (top <= 0) return;
    const next = anchoredScroll(last, { rows, offsets }, top);
    if (Math.abs(next - top) > 0.5) window.scrollBy({ top: next - top, behavior: 'instant' });
  }, [rows, offsets, gridTop, coveredPx]);
}
