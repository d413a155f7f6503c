import { SYNC_PORTAL_POLL_DELAY_MS, SYNC_PORTAL_POLL_EVERY_MS } from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type HeldSyncs, useHeldSyncs } from '../../../components/use-held-syncs';
import { usePolling } from '../../../components/use-polling';
import { reloadList } from '../api/note-queries';
import { useUiState } from '../state/ui-state';

/**
 * What phones sync shows on the notes screen: the list is read again every 8 s (after 5 s, as
 * the contacts and messages poll; the notes have no refresh call), except while the owner is
 * editing, previewing, in a dialog or holding a note (a drag), so nothing moves under their hand;
 * and the syncs the mass-deletion guard held, for the banner.
 */
export function useNotesPhoneSync(): HeldSyncs {
  const qc = useQueryClient();
  const ui = useUiState();
  const busy = ui.editor !== null || ui.inPlace !== null || ui.preview !== null || ui.dialog !== null;
  const pressed = usePointerDown();
  usePolling(
    async () => {
      if (busy || pressed.current || document.hidden) return;
      await reloadList(qc);
    },
    SYNC_PORTAL_POLL_DELAY_MS,
    SYNC_PORTAL_POLL_EVERY_MS,
  );
  return useHeldSyncs({
    area: 'notes',
    gate: 'note',
    everyMs: SYNC_PORTAL_POLL_EVERY_MS,
    onDecided: () => reloadList(qc),
  });
}

/** Whether a pointer is down anywhere on the page (a drag under way). */
function usePointerDown() {
  const down = useRef(false);
  useEffect(() => {
    const press = () => {
      down.current = true;
    };
    const release = () => {
      down.current = false;
    };
    window.addEventListener('pointerdown', press, true);
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
    return () => {
      window.removeEventListener('pointerdown', press, true);
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
    };
  }, []);
  return down;
}
