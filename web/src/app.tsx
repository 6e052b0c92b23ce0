import { lazy, Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Router, Switch } from 'wouter';
import { WEB_ROUTES } from '../../contracts/web-routes';
import { FullScreenLoader } from '@/components/layout/full-screen-loader';
import { ProtectedRoute } from '@/features/auth/components';
import { queryClient } from '@/lib/query-client';
import { useHydrated } from '@/lib/use-hydrated';
import { LandingPage } from '@/pages/landing';

// Only the landing page is in the first download (a phone's first visit is what Lighthouse
// measures); the signed-in pages and the 404 page load when they are opened.
const HomePage = lazy(async () => ({ default: (await import('@/pages/home')).HomePage }));
const LearnPage = lazy(async () => ({ default: (await import('@/pages/learn')).LearnPage }));
const NotFoundPage = lazy(async () => ({ default: (await import('@/pages/not-found')).NotFoundPage }));
// Toasts are kept in a store (use-toast.ts) from the start; their view loads after the page, and
// shows any toast raised before it arrived.
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

function Routes() {
  return (
    <Switch>
      <Route path={WEB_ROUTES.landing}>
        <LandingPage />
      </Route>
      <Route path={WEB_ROUTES.home}>
        <ProtectedRoute fallback={<LandingPage />}>{(user) => <HomePage user={user} />}</ProtectedRoute>
      </Route>
      <Route path={WEB_ROUTES.learn}>
        <ProtectedRoute fallback={<LandingPage />}>{(user) => <LearnPage user={user} />}</ProtectedRoute>
      </Route>
      {/* Any other path; the server answers it with HTTP 404 (contracts/web-routes.ts). */}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}

/**
 * The whole app. `ssrPath` is given only when the build prerenders a page to HTML
 * (web/src/prerender.tsx); in the browser the router reads the address bar. The Router is there
 * in both, so the server's markup and the browser's first render are the same tree.
 */
export function App({ ssrPath }: { ssrPath?: string } = {}) {
  return (
    <Router ssrPath={ssrPath}>
      <AppProviders />
    </Router>
  );
}

function AppProviders() {
  const hydrated = useHydrated();
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<FullScreenLoader />}>
        <Routes />
      </Suspense>
      <Suspense fallback={null}>{hydrated && <Toaster />}</Suspense>
    </QueryClientProvider>
  );
}
