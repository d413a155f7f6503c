import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, shouldReport } from '../api';
import { toast } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

function report(error: unknown, silent: boolean | undefined) {
  if (silent || !shouldReport(error)) return;
  toast.error(error instanceof Error ? error.message : String(error));
}

/**
 * Failed calls are shown once, here, unless the caller shows them itself (`meta.silent`).
 * Business answers are final, so only unreachable servers are retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta?.silent) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => report(error, mutation.meta?.silent),
    }),
    defaultOptions: {
      queries: {
        retry: (count, error) => isApiError(error) && error.kind === 'network' && count < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
