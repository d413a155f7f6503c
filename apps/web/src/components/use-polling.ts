import { useEffect, useRef } from 'react';

/**
 * Calls `tick` every `everyMs`, the first time `delayMs` after the component mounts, for as long
 * as it stays mounted (spec 001 §4: contacts and text messages poll every 8 s after 5 s and stop
 * when the screen closes). A failed tick says nothing: the next one tries again. The latest
 * `tick` is used, so a caller may pass a fresh closure on every render.
 */
export function usePolling(tick: () => Promise<unknown>, delayMs: number, everyMs: number): void {
  const latest = useRef(tick);
  latest.current = tick;
  useEffect(() => {
    let every: ReturnType<typeof setInterval> | undefined;
    const run = () => void latest.current().catch(() => undefined);
    const first = setTimeout(() => {
      run();
      every = setInterval(run, everyMs);
    }, delayMs);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [delayMs, everyMs]);
}
