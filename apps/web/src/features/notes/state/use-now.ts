import { useEffect, useState } from 'react';

/** The time, renewed every `everyMs`: the cards' relative times (刚刚, n分钟前) move on by themselves. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}
