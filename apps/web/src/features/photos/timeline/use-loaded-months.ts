import type { PhotoItem, PhotoMonth } from '@phonecloud/shared';
import type { PhotoFilter } from '@phonecloud/shared/api';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { filterKey, photoKeys } from '../photo-calls';
import { daysOf, type LoadedMonths, type MonthDay, withMonthDays } from './layout';

function read(queryClient: QueryClient, filter: PhotoFilter): LoadedMonths {
  const loaded = new Map<string, readonly MonthDay[]>();
  for (const [key, items] of queryClient.getQueriesData<PhotoItem[]>({
    queryKey: photoKeys.monthPrefix(filter),
  })) {
    const month = key[3];
    if (typeof month === 'string' && items) loaded.set(month, daysOf(items));
  }
  return loaded;
}

/**
 * The days of every month of this filter whose items are in the query cache: the layout draws
 * those by day. Followed as months arrive (a row of theirs is drawn) and change (a delete, a
 * photo read at last), one month at a time: with a hundred months loaded, reading them all again
 * at each answer was a scroll's longest frames. An answer that changes no day leaves the layout
 * as it is.
 */
export function useLoadedMonths(filter: PhotoFilter): LoadedMonths {
  const queryClient = useQueryClient();
  const key = filterKey(filter);
  const [loaded, setLoaded] = useState<LoadedMonths>(() => read(queryClient, filter));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is followed through its key.
  useEffect(() => {
    setLoaded(read(queryClient, filter));
    return queryClient.getQueryCache().subscribe((event) => {
      const k = event.query.queryKey;
      if (k[1] !== 'month' || k[2] !== key || typeof k[3] !== 'string') return;
      const month = k[3];
      if (event.type === 'updated' && event.action.type === 'success') {
        const items = event.query.state.data as PhotoItem[] | undefined;
        setLoaded((before) => withMonthDays(before, month, items ? daysOf(items) : undefined));
      } else if (event.type === 'removed') {
        setLoaded((before) => withMonthDays(before, month, undefined));
      }
    });
  }, [queryClient, key]);
  return loaded;
}

/**
 * The month index asked again when a loaded month holds another count than it says: a photo
 * still being read is filed under its upload's time and moves to the month it was taken in once
 * read, so an index fetched before then lists a month that has lost it and lacks the one that
 * gained it. Without this the moved photo was in no month drawn until the page was opened again.
 */
export function useIndexFollowsMonths(
  filter: PhotoFilter,
  months: readonly PhotoMonth[] | undefined,
  loaded: LoadedMonths,
): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!months) return;
    const stale = months.some((m) => {
      const days = loaded.get(m.month);
      return days !== undefined && days.reduce((n, d) => n + d.count, 0) !== m.count;
    });
    if (!stale) return;
    void queryClient.invalidateQueries({ queryKey: photoKeys.months(filter), exact: true });
    // The loaded months too: a video read at last that pairs with a still (a Live Photo) leaves
    // its own month, and the still's month, unchanged in count, now shows it as 实况.
    void queryClient.invalidateQueries({ queryKey: photoKeys.monthPrefix(filter) });
  }, [queryClient, filter, months, loaded]);
}
