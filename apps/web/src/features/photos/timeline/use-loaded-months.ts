import type { PhotoItem } from '@phonecloud/shared';
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
