import type * as React from 'react';
import { FullScreenLoader } from '@/components/layout/full-screen-loader';
import { useUser } from '../api';
import type { User } from '@/lib/contracts';

/**
 * SPEC 2: while the current user loads show "Loading..."; signed out, show `fallback`
 * (the landing page) in place of the route; signed in, render the page with the user.
 */
export function ProtectedRoute({
  fallback,
  children,
}: {
  fallback: React.ReactNode;
  children: (user: User) => React.ReactNode;
}) {
  const { user, isLoading } = useUser();
  if (isLoading) return <FullScreenLoader />;
  if (!user) return <>{fallback}</>;
  return <>{children(user)}</>;
}
