import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/**
 * SPEC 9: no retries, no refetch on window focus, no polling, data never stale unless a query
 * says otherwise (the current user sets 5 minutes).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
