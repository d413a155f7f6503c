import { CONTACT_POLL_DELAY_MS, CONTACT_POLL_EVERY_MS } from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { syncBook } from './use-book';

/**
 * Polls refresh.do every 8 s, starting 5 s after the screen opens (spec 001 §4), for as long as
 * the component is mounted. A failed poll says nothing: the next one tries again.
 */
export function useBookPolling(): void {
  const qc = useQueryClient();
  useEffect(() => {
    let every: ReturnType<typeof setInterval> | undefined;
    const tick = () => void syncBook(qc).catch(() => undefined);
    const first = setTimeout(() => {
      tick();
      every = setInterval(tick, CONTACT_POLL_EVERY_MS);
    }, CONTACT_POLL_DELAY_MS);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [qc]);
}
