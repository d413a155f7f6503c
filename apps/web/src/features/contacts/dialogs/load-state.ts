/** What a pop-up's list shows, from its query. */
export type LoadState = 'loading' | 'failed' | 'ready';

/**
 * A failed first load is 'failed', never the empty state: an empty bin or time machine would
 * claim there is nothing when the list is only unknown. It stays 'failed' while a retry runs (the
 * query keeps its error until an answer comes). A failed refetch over a list already shown keeps
 * the list ('ready'); the query cache's error toast tells of the failure.
 */
export function loadState(query: { isPending: boolean; isError: boolean; data: unknown }): LoadState {
  if (query.data !== undefined) return 'ready';
  if (query.isError) return 'failed';
  return query.isPending ? 'loading' : 'ready';
}
