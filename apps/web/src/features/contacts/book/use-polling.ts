import { CONTACT_POLL_DELAY_MS, CONTACT_POLL_EVERY_MS } from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import { usePolling } from '../../../components/use-polling';
import { syncBook } from './use-book';

/** Polls refresh.do every 8 s, starting 5 s after the screen opens (spec 001 §4). */
export function useBookPolling(): void {
  const qc = useQueryClient();
  usePolling(() => syncBook(qc), CONTACT_POLL_DELAY_MS, CONTACT_POLL_EVERY_MS);
}
