import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Switch } from 'wouter';
import { WEB_ROUTES } from '../../contracts/web-routes';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ProtectedRoute } from '@/features/auth/components';
import { queryClient } from '@/lib/query-client';
import { HomePage } from '@/pages/home';
import { LandingPage } from '@/pages/landing';
import { LearnPage } from '@/pages/learn';
import { NotFoundPage } from '@/pages/not-found';

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

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <Routes />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
