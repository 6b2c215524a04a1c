import { QueryClient } from '@tanstack/react-query';

/** Spec §7 fetching defaults: no automatic retries, no refetch on focus, data never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}
