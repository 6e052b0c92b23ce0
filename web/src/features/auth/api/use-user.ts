import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/api';
import type { User } from '@/lib/contracts';

export const USER_QUERY_KEY = ['/api/auth/user'] as const;

/** SPEC 7: the current user is fresh for 5 minutes; a 401 means "signed out" (null), no retry. */
export const USER_STALE_TIME_MS = 300_000;

export const userQueryOptions = {
  queryKey: USER_QUERY_KEY,
  queryFn: getQueryFn<User>({ on401: 'returnNull' }),
  staleTime: USER_STALE_TIME_MS,
  retry: false,
} as const;

/** SPEC 4: authenticated when the current-user call returned data and no error. */
export function useUser() {
  const query = useQuery(userQueryOptions);
  const user = query.error ? null : (query.data ?? null);
  return {
    user,
    isLoading: query.isLoading,
    isAuthenticated: user !== null,
  };
}
