import { SMS_POLL_EVERY_MS } from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type HeldSyncs, useHeldSyncs } from '../../../components/use-held-syncs';
import { syncSms } from '../api/sms-queries';
import { useAreaState } from '../state/area-state';

/**
 * The message syncs the mass-deletion guard held. Messages only accumulate (a phone's deletes
 * are kept), so the guard seldom holds one; the banner is there for when it does. Polled with
 * the list (8 s); a decision refreshes the list at once.
 */
export function useSmsHeldSyncs(): HeldSyncs {
  const qc = useQueryClient();
  const { tab } = useAreaState();
  return useHeldSyncs({
    area: 'sms',
    gate: 'sms',
    everyMs: SMS_POLL_EVERY_MS,
    onDecided: () => syncSms(qc, tab),
  });
}
