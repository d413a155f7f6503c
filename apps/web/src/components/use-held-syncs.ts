import {
  type GatedArea,
  type SyncArea,
  type SyncHeld,
  type SyncHeldDecision,
  type SyncHeldList,
  SyncMsg,
  SyncPortalApi,
} from '@phonecloud/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../api';
import { toast } from './toast';

/** The query key of an area's held syncs. */
export const heldSyncsKey = (area: SyncArea) => ['sync', 'held', area] as const;

export interface HeldSyncsOptions {
  /** The data set the banner is about. */
  area: SyncArea;
  /** The gated area whose verification the calls need (a 6001 goes to its check screen). */
  gate: GatedArea;
  /** How often the list is asked again (the area's own polling period). */
  everyMs: number;
  /** After apply or refuse: bring the area's own data up to date. */
  onDecided?: () => unknown;
}

export interface HeldSyncs {
  held: SyncHeld[];
  /** The held sync being decided, and how (the buttons show it). */
  busy: { held_id: string; action: 'apply' | 'refuse' } | null;
  apply(heldId: string): void;
  refuse(heldId: string): void;
}

/**
 * The syncs of one area that the mass-deletion guard held (docs/phone-sync.md): polled with the
 * area's own period, decided with apply.do / refuse.do. Each area's hook wires its data set, gate
 * and refresh into this one.
 */
export function useHeldSyncs(opts: HeldSyncsOptions): HeldSyncs {
  const qc = useQueryClient();
  const key = heldSyncsKey(opts.area);
  const { data } = useQuery({
    queryKey: key,
    queryFn: () =>
      api.get<SyncHeldList>(SyncPortalApi.heldList, { area: opts.gate, query: { area: opts.area } }),
    refetchInterval: opts.everyMs,
    refetchIntervalInBackground: false,
    // A failed poll says nothing: the area's own poll reports the network, the next one retries.
    meta: { silent: true },
    retry: false,
  });
  const decide = useMutation({
    mutationFn: ({ heldId, action }: { heldId: string; action: 'apply' | 'refuse' }) =>
      api.post<SyncHeldDecision>(
        action === 'apply' ? SyncPortalApi.heldApply : SyncPortalApi.heldRefuse,
        { held_id: heldId },
        {
          area: opts.gate,
        },
      ),
    onSuccess: (_d, { heldId, action }) => {
      toast.success(action === 'apply' ? SyncMsg.APPLIED : SyncMsg.REFUSED_DONE);
      qc.setQueryData<SyncHeldList>(key, (list) =>
        list ? { ...list, list: list.list.filter((h) => h.held_id !== heldId) } : list,
      );
      void opts.onDecided?.();
    },
    onError: (e) => {
      // Decided elsewhere meanwhile (another tab): the list is read again.
      if (isApiError(e) && e.kind === 'redirected') return;
      toast.error(e instanceof Error && e.message ? e.message : SyncMsg.HELD_NOT_FOUND);
      void qc.invalidateQueries({ queryKey: key });
    },
    meta: { silent: true },
  });
  const vars = decide.isPending ? decide.variables : undefined;
  return {
    held: data?.list ?? [],
    busy: vars ? { held_id: vars.heldId, action: vars.action } : null,
    apply: (heldId) => decide.mutate({ heldId, action: 'apply' }),
    refuse: (heldId) => decide.mutate({ heldId, action: 'refuse' }),
  };
}
