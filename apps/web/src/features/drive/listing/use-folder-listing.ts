import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { type DriveOrder, finderFor } from '../find/finder';
import type { DriveBackend, DriveItem } from '../types';

export const driveKeys = {
  all: (b: DriveBackend) => ['drive', b.variant] as const,
  list: (b: DriveBackend, folderId: string) => ['drive', b.variant, 'list', folderId] as const,
  quota: (b: DriveBackend) => ['drive', b.variant, 'quota'] as const,
  name: (b: DriveBackend, folderId: string) => ['drive', b.variant, 'name', folderId] as const,
  recycle: (b: DriveBackend) => ['drive', b.variant, 'recycle'] as const,
};

/**
 * The items of a folder, page after page (100 or 500 a page) until the folder is complete
 * (spec 000 §4): the first page shows at once, the rest follow while the user looks.
 * With an `order` the server pages in that order (find/finder.ts); `null` waits for it (the
 * user's remembered order is being read).
 */
export function useFolderListing(backend: DriveBackend, folderId: string, order?: DriveOrder | null) {
  const query = useInfiniteQuery({
    queryKey: order
      ? [...driveKeys.list(backend, folderId), order.sort, order.dir]
      : driveKeys.list(backend, folderId),
    queryFn: async ({ pageParam }) => {
      await backend.prepare();
      return order
        ? finderFor(backend).listPage(folderId, pageParam, order)
        : backend.listPage(folderId, pageParam);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled: order !== null,
  });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  const items = useMemo<DriveItem[]>(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  return {
    items,
    loading: query.isPending,
    complete: query.isSuccess && !hasNextPage,
    failed: query.isError,
    retry: () => void query.refetch(),
  };
}
