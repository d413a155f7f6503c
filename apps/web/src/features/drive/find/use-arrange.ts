import { DEFAULT_DRIVE_PREFS, type DrivePrefs } from '@phonecloud/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { rememberedPrefs, rememberPrefs } from '../listing/folder-prefetch';
import { reportError } from '../report';
import type { DriveBackend } from '../types';
import { finderFor } from './finder';

// Outside ['drive', variant]: the refresh after each action does not read it again (and race a save).
export const prefsKey = (b: DriveBackend) => ['drive-prefs', b.variant] as const;

/** Local changes per face, so a read that started before one does not undo it. */
const changes = new Map<string, number>();

/**
 * The sort and view the user chose, kept on the server (the same on both faces). The folder
 * lists at once in the arrangement this browser saw last (the default in a new browser); the
 * server's answer replaces it when it differs (chosen on another device or browser). A change
 * shows at once and is saved behind; a failed save says so and keeps the choice for this page.
 */
export function useArrange(backend: DriveBackend) {
  const queryClient = useQueryClient();
  const finder = finderFor(backend);
  const query = useQuery({
    queryKey: prefsKey(backend),
    queryFn: async () => {
      const before = changes.get(backend.variant) ?? 0;
      await backend.prepare();
      const p = await finder.prefs();
      // Changed here while the read was under way: the user's new choice wins over the old answer.
      const mine = queryClient.getQueryData<DrivePrefs>(prefsKey(backend));
      if ((changes.get(backend.variant) ?? 0) !== before && mine) return mine;
      rememberPrefs(p);
      return p;
    },
    initialData: rememberedPrefs,
    // The remembered value is shown, and the server asked each time the drive opens (not on focus).
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: 'always',
  });
  const prefs: DrivePrefs = query.data ?? DEFAULT_DRIVE_PREFS;
  const change = (patch: Partial<DrivePrefs>) => {
    const next = { ...prefs, ...patch };
    changes.set(backend.variant, (changes.get(backend.variant) ?? 0) + 1);
    queryClient.setQueryData(prefsKey(backend), next);
    rememberPrefs(next);
    finder.savePrefs(patch).catch(reportError);
  };
  // The folder does not wait for the server's answer: it lists in the remembered (or default)
  // arrangement at once, and again only when the answer differs (a choice made elsewhere).
  return { prefs, ready: true, change };
}
