import { type RefObject, useLayoutEffect, useState } from 'react';
import { rowAtOffset } from './list-items';

// Rows kept rendered above and below the visible ones, so a fast scroll shows no gap.
const OVERSCAN_PX = 600;
// Before the first measurement: a typical list height, so the first paint already has rows.
const FIRST_HEIGHT = 720;

/**
 * The rows to render of a list with known offsets: those in the scroll element's view plus a
 * margin. Fixed row heights make this a binary search per scroll, with no measuring pass.
 */
export function useRowWindow(
  scrollRef: RefObject<HTMLElement | null>,
  offsets: Int32Array,
  count: number,
): { start: number; end: number } {
  const [view, setView] = useState({ top: 0, height: FIRST_HEIGHT });
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const read = () => setView({ top: el.scrollTop, height: el.clientHeight || FIRST_HEIGHT });
    read();
    el.addEventListener('scroll', read, { passive: true });
    const resize = new ResizeObserver(read);
    resize.observe(el);
    return () => {
      el.removeEventListener('scroll', read);
      resize.disconnect();
    };
  }, [scrollRef]);
  const start = rowAtOffset(offsets, count, Math.max(0, view.top - OVERSCAN_PX));
  const end = Math.min(count, rowAtOffset(offsets, count, view.top + view.height + OVERSCAN_PX) + 1);
  return { start, end };
}
