import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Switch } from 'wouter';
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
      <Route path="/">
        <LandingPage />
      </Route>
      <Route path="/home">
        <ProtectedRoute fallback={<LandingPage />}>{(user) => <HomePage user={user} />}</ProtectedRoute>
      </Route>
      <Route path="/learn">
        <ProtectedRoute fallback={<LandingPage />}>{(user) => <LearnPage user={user} />}</ProtectedRoute>
      </Route>
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
