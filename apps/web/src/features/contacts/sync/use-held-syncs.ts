import { CONTACT_POLL_EVERY_MS } from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type HeldSyncs, useHeldSyncs } from '../../../components/use-held-syncs';
import { syncBook } from '../book/use-book';

/**
 * The syncs the mass-deletion guard held for the contacts screen: the book's, and the
 * calendar's (the calendar has no screen of its own; its card is in this area's import/export
 * dialog, under the same verification). Polled with the book (8 s); a decision brings the book
 * up to date at once.
 */
export function useContactsHeldSyncs(): { contacts: HeldSyncs; calendar: HeldSyncs } {
  const qc = useQueryClient();
  const contacts = useHeldSyncs({
    area: 'contacts',
    gate: 'contact',
    everyMs: CONTACT_POLL_EVERY_MS,
    onDecided: () => syncBook(qc),
  });
  const calendar = useHeldSyncs({ area: 'calendar', gate: 'contact', everyMs: CONTACT_POLL_EVERY_MS });
  return { contacts, calendar };
}
