import type { NoteList } from '@phonecloud/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { takeArrivedNoteList, takePrefetchedNoteList } from './list-prefetch';
import { noteCalls } from './note-calls';

export const NOTE_LIST_KEY = ['note', 'list'] as const;
export const NOTE_RECYCLE_KEY = ['note', 'recycle'] as const;

/**
 * The notes and boards from list.do. The calls that change them bring the cached list up to date
 * (from their answers, or by reading it again), so it never goes stale by age.
 */
export const listQuery = queryOptions({
  queryKey: NOTE_LIST_KEY,
  queryFn: () => takePrefetchedNoteList() ?? noteCalls.list(),
  staleTime: Number.POSITIVE_INFINITY,
  // The area shows its own failure text with a retry button (spec: '获取记事本数据失败，请重试！').
  meta: { silent: true },
});

export const recycleQuery = queryOptions({
  queryKey: NOTE_RECYCLE_KEY,
  queryFn: () => noteCalls.recycleList(),
  staleTime: 0,
});

export function useNoteList() {
  return useQuery({
    ...listQuery,
    // The list that arrived while the area's code loaded is the query's data from its first render.
    initialData: takeArrivedInitial,
    initialDataUpdatedAt: () => arrivedAt,
  });
}

let arrivedAt: number | undefined;
function takeArrivedInitial(): NoteList | undefined {
  const arrived = takeArrivedNoteList();
  arrivedAt = arrived?.at;
  return arrived?.list;
}

/** Changes the cached list as a call's answer (or the screen, before it) says. */
export function updateList(qc: QueryClient, change: (list: NoteList) => NoteList): void {
  qc.setQueryData<NoteList>(NOTE_LIST_KEY, (list) => (list ? change(list) : list));
}

/** Reads the list again: after a refusal, so that the screen shows what the server holds. */
export function reloadList(qc: QueryClient): Promise<void> {
  return qc.invalidateQueries({ queryKey: NOTE_LIST_KEY });
}

export function currentList(qc: QueryClient): NoteList | undefined {
  return qc.getQueryData<NoteList>(NOTE_LIST_KEY);
}
