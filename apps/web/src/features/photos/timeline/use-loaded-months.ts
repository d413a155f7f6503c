import type { PhotoItem } from '@phonecloud/shared';
import type { PhotoFilter } from '@phonecloud/shared/api';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { filterKey, photoKeys } from '../photo-calls';
import { daysOf, type MonthDay } from './layout';

type Loaded = ReadonlyMap<string, readonly MonthDay[]>;

function read(queryClient: QueryClient, filter: PhotoFilter): Loaded {
  const loaded = new Map<string, MonthDay[]>();
  for (const [key, items] of queryClient.getQueriesData<PhotoItem[]>({
    queryKey: photoKeys.monthPrefix(filter),
  })) {
    const month = key[3];
    if (typeof month === 'string' && items) loaded.set(month, daysOf(items));
  }
  return loaded;
}

const same = (a: Loaded, b: Loaded) => JSON.stringify([...a]) === JSON.stringify([...b]);

/**
 * The days of every month of this filter whose items are in the query cache: the layout draws
 * those by day. Followed as months arrive (a row of theirs is drawn) and change (a delete, a
 * photo read at last); an answer that changes no day leaves the layout as it is.
 */
export function useLoadedMonths(filter: PhotoFilter): Loaded {
  const queryClient = useQueryClient();
  const key = filterKey(filter);
  const [loaded, setLoaded] = useState<Loaded>(() => read(queryClient, filter));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is followed through its key.
  useEffect(() => {
    const update = () =>
      setLoaded((before) => {
        const now = read(queryClient, filter);
        return same(before, now) ? before : now;
      });
    update();
    return queryClient.getQueryCache().subscribe((event) => {
      const k = event.query.queryKey;
      if (event.type === 'updated' && event.action.type === 'success' && k[1] === 'month' && k[2] === key)
        update();
    });
  }, [queryClient, key]);
  return loaded;
}
