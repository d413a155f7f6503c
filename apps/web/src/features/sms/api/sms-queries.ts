import { Code, type SmsData, type SmsDetail, type SmsItem, type SmsSearchResult } from '@phonecloud/shared';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import { isApiError } from '../../../api';
import { applyRefresh, changedAddresses, type SmsRefresh } from './apply-refresh';
import { smsCalls } from './sms-calls';
import { takePrefetchedDetail, takePrefetchedList } from './sms-prefetch';

const LIST_KEY = ['sms', 'list'] as const;
const DETAIL_KEY = ['sms', 'detail'] as const;
const SEARCH_KEY = ['sms', 'search'] as const;

/**
 * The box from list.do. It never goes stale by age: the poll and the calls that change it bring
 * it up to date (spec 001 §4: the list reloads when refresh.do answers with data; the answer
 * carries the conversations that changed, which replace theirs).
 */
export const listQuery = queryOptions({
  queryKey: LIST_KEY,
  queryFn: () => takePrefetchedList() ?? smsCalls.list(),
  staleTime: Number.POSITIVE_INFINITY,
  // The screen shows a failure itself (with a retry button), so the toast is not repeated.
  meta: { silent: true },
});

/**
 * One conversation, newest page first: page 0 holds the newest messages (opened at `anchor`: every
 * message from it to the newest, and a page before it), each further page the ones before
 * (every page oldest first, as detail.do answers).
 */
export function detailQuery(address: string, anchor: string | null) {
  return infiniteQueryOptions({
    queryKey: [...DETAIL_KEY, address, anchor ?? ''] as const,
    queryFn: ({ pageParam }) =>
      (pageParam ? null : takePrefetchedDetail(address, anchor)) ??
      smsCalls.detail(address, pageParam, pageParam ? null : anchor),
    initialPageParam: null as string | null,
    getNextPageParam: (last: SmsDetail) => (last.has_more ? (last.sms_list[0]?.server_id ?? null) : null),
    staleTime: Number.POSITIVE_INFINITY,
    // A long conversation read up to its start is dropped once closed: reopening reads the newest page.
    gcTime: 60_000,
    meta: { silent: true },
  });
}

/** Search over the whole box on the server (spec 001 §5), its body matches paged. */
export function searchQuery(query: string) {
  return infiniteQueryOptions({
    queryKey: [...SEARCH_KEY, query] as const,
    queryFn: ({ pageParam }) => smsCalls.search(query, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: SmsSearchResult, pages: SmsSearchResult[]) => {
      const loaded = pages.reduce((n, p) => n + p.body_matches.length, 0);
      return loaded < last.body_total && last.body_matches.length > 0 ? loaded : null;
    },
    staleTime: 30_000,
    meta: { silent: true },
  });
}

/** A conversation's loaded messages, oldest first. */
export function messagesOf(data: InfiniteData<SmsDetail> | undefined): SmsItem[] {
  if (!data) return [];
  const out: SmsItem[] = [];
  for (let i = data.pages.length - 1; i >= 0; i--) out.push(...(data.pages[i]?.sms_list ?? []));
  return out;
}

// The sync_version the last write answered, per cache: a second write sent before the list has
// reloaded carries it, not the list's older one (which the server would refuse as stale).
const written = new WeakMap<QueryClient, number>();

/** The box's newest known sync_version, for a write. */
export function syncVersionOf(qc: QueryClient): number {
  const list = qc.getQueryData(listQuery.queryKey);
  return Math.max(list?.sync_version ?? 0, written.get(qc) ?? 0);
}

/** Remembers what a write answered (see `written`). */
export function noteWrite(qc: QueryClient, syncVersion: number): void {
  written.set(qc, Math.max(written.get(qc) ?? 0, syncVersion));
}

/** Marks one message as favourite or not in every loaded page of its conversation. */
export function setLockedInCache(qc: QueryClient, address: string, serverId: string, locked: boolean): void {
  qc.setQueriesData<InfiniteData<SmsDetail>>({ queryKey: [...DETAIL_KEY, address] }, (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) =>
      page.sms_list.some((m) => m.server_id === serverId)
        ? {
            ...page,
            sms_list: page.sms_list.map((m) =>
              m.server_id === serverId ? { ...m, content: { ...m.content, locked: locked ? 1 : 0 } } : m,
            ),
          }
        : page,
    );
    return { ...data, pages };
  });
}

/**
 * Takes one message out of every loaded page of its conversation, one fewer in its count, so the
 * sync that follows finds the page as the server has it (newest message and count) and does not
 * read the conversation again from its newest page.
 */
export function dropMessageFromCache(qc: QueryClient, address: string, serverId: string): void {
  qc.setQueriesData<InfiniteData<SmsDetail>>({ queryKey: [...DETAIL_KEY, address] }, (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) => ({
      ...page,
      count: Math.max(0, page.count - 1),
      sms_list: page.sms_list.filter((m) => m.server_id !== serverId),
    }));
    return { ...data, pages };
  });
}

/** Forgets the pages of a conversation (deleted here): reopening reads it anew. */
export function dropConversation(qc: QueryClient, address: string): void {
  qc.removeQueries({ queryKey: [...DETAIL_KEY, address] });
}

/**
 * After a refresh: an open conversation that changed reads its newest page again when its newest
 * message or count moved (a favourite alone changes neither: its page already shows it), one that
 * is gone is dropped, and searches are asked again when next shown.
 */
function followChanges(qc: QueryClient, box: SmsData, changed: ReadonlySet<string>): void {
  const byAddress = new Map(box.collection_list.map((c) => [c.format_address, c]));
  for (const query of qc.getQueryCache().findAll({ queryKey: DETAIL_KEY })) {
    const address = query.queryKey[2];
    if (typeof address !== 'string' || !changed.has(address)) continue;
    const summary = byAddress.get(address);
    if (!summary) {
      qc.removeQueries({ queryKey: query.queryKey, exact: true });
      continue;
    }
    const first = (query.state.data as InfiniteData<SmsDetail> | undefined)?.pages[0];
    const newest = first?.sms_list[first.sms_list.length - 1];
    if (first && (newest?.server_id !== summary.server_id || first.count !== summary.count)) {
      void qc.resetQueries({ queryKey: query.queryKey, exact: true });
    }
  }
  void qc.invalidateQueries({ queryKey: SEARCH_KEY });
}

// One sync at a time per cache: a poll and a write's sync answering at once must not both reload.
const running = new WeakMap<QueryClient, Promise<void>>();

async function syncOnce(qc: QueryClient, flag: number): Promise<void> {
  const box = qc.getQueryData(listQuery.queryKey);
  if (!box) return;
  let delta: SmsRefresh;
  try {
    delta = await smsCalls.refresh(box.sync_version, flag);
  } catch (error) {
    // 1009: the change log no longer reaches back to our version; read the box anew.
    if (!(isApiError(error) && error.code === Code.FULL_RELOAD)) throw error;
    await qc.refetchQueries({ queryKey: listQuery.queryKey, exact: true });
    const fresh = qc.getQueryData(listQuery.queryKey);
    if (fresh)
      followChanges(
        qc,
        fresh,
        new Set(
          qc
            .getQueryCache()
            .findAll({ queryKey: DETAIL_KEY })
            .map((q) => String(q.queryKey[2])),
        ),
      );
    return;
  }
  // Nothing changed, or a reload landed meanwhile (it holds everything).
  if (delta.sync_version === box.sync_version || qc.getQueryData(listQuery.queryKey) !== box) return;
  const next = applyRefresh(box, delta);
  qc.setQueryData(listQuery.queryKey, next);
  followChanges(qc, next, changedAddresses(delta));
}

/** Brings the list (and open conversations) up to date with refresh.do (list.do again on 1009). */
export function syncSms(qc: QueryClient, flag: number): Promise<void> {
  const previous = running.get(qc) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => syncOnce(qc, flag));
  running.set(qc, next);
  return next;
}
