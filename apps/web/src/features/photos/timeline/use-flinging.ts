import { useEffect, useRef, useState } from 'react';

/** Faster than this (px/ms, about two screens a second) the window is flung, not read. */
export const FLING_PX_PER_MS = 2;
/** How long the window rests before the rows in view ask for their thumbnails. */
export const SETTLE_MS = 120;

/** Two steps in a row faster than a fling: one alone is a jump (the scrubber, a link). */
export function isFling(steps: readonly { px: number; ms: number }[]): boolean {
  return steps.length >= 2 && steps.every((s) => Math.abs(s.px) / Math.max(1, s.ms) > FLING_PX_PER_MS);
}

/**
 * Whether the timeline is being flung through, followed from its scroll offset: while it is,
 * rows that only pass by ask for no thumbnails (each would cost the server a read and the page a
 * decode, for a picture shown a frame), as Google Photos shows its grey places on a fling. Once
 * the window rests for `SETTLE_MS` the rows in view ask for theirs.
 */
export function useFlinging(offset: number): boolean {
  const [flinging, setFlinging] = useState(false);
  const last = useRef<{ offset: number; at: number; step: { px: number; ms: number } | null }>({
    offset,
    at: 0,
    step: null,
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    const before = last.current;
    if (offset === before.offset) return;
    const now = performance.now();
    const step = { px: offset - before.offset, ms: now - before.at };
    last.current = { offset, at: now, step };
    if (!before.step || !isFling([before.step, step])) return;
    setFlinging(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setFlinging(false), SETTLE_MS);
  }, [offset]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return flinging;
}
