import { DEFAULT_DRIVE_PREFS, type DrivePrefs } from '@phonecloud/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { reportError } from '../report';
import type { DriveBackend } from '../types';
import { finderFor } from './finder';

// Outside ['drive', variant]: the refresh after each action does not read it again (and race a save).
export const prefsKey = (b: DriveBackend) => ['drive-prefs', b.variant] as const;

/**
 * The sort and view the user chose, kept on the server (the same on both faces). A change shows
 * at once and is saved behind it; a failed save says so and keeps the choice for this page.
 */
export function useArrange(backend: DriveBackend) {
  const queryClient = useQueryClient();
  const finder = finderFor(backend);
  const query = useQuery({
    queryKey: prefsKey(backend),
    queryFn: async () => {
      await backend.prepare();
      return finder.prefs();
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const prefs: DrivePrefs = query.data ?? DEFAULT_DRIVE_PREFS;
  const change = (patch: Partial<DrivePrefs>) => {
    queryClient.setQueryData(prefsKey(backend), { ...prefs, ...patch });
    finder.savePrefs(patch).catch(reportError);
  };
  return { prefs, ready: query.isSuccess || query.isError, change };
}
