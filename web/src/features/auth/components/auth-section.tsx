import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { User } from '@/lib/contracts';
import { useHydrated } from '@/lib/use-hydrated';
import type { AuthMode } from './auth-mode';

export type { AuthMode } from './auth-mode';

/**
 * The forms (tabs, the experience select, validation) sit below the fold: they load after the
 * page has painted, or at once when a "Get Started" or "Login" button asks for them.
 */
export const loadAuthForms = () => import('./auth-forms');
const AuthForms = lazy(async () => ({ default: (await loadAuthForms()).AuthForms }));

export const AUTH_SECTION_ID = 'get-started';

/** The landing page's register/login card (SPEC 2). The page owns the tab so the header's
 * "Get Started" and "Login" buttons can switch it. */
const formsLoading = (
  <p role="status" className="flex min-h-72 items-center justify-center gap-2 text-muted-foreground">
    <Spinner /> Loading the form...
  </p>
);

export function AuthSection({
  mode,
  onModeChange,
  user,
}: {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  /** The signed-in user, if any: they get a way to their dashboard instead of the forms. */
  user: User | null;
}) {
  const hydrated = useHydrated();
  return (
    <section id={AUTH_SECTION_ID} aria-labelledby="auth-heading">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="mx-auto grid max-w-5xl items-center gap-10 lg:grid-cols-2">
          <div>
            <h2 id="auth-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {mode === 'register' ? 'Create your free account' : 'Welcome back'}
            </h2>
            <p className="mt-4 text-lg text-muted-foreground">
              {mode === 'register'
                ? 'Free, no credit card, quick registration: your name, your email and your trading experience. Sign in later with a one-time code sent to your inbox.'
                : 'Enter your email and we send you a one-time 8-digit code. No password to remember or leak.'}
            </p>
            <ul className="mt-6 grid gap-2 text-sm text-muted-foreground">
              <li>Upload three charts (5m, 15m, 4h) of one pair: screenshots or CSV data exports.</li>
              <li>Get a computed analysis and a sized trade plan.</li>
              <li>Learn the concepts behind it in the Learning Center.</li>
            </ul>
          </div>
          <Card className="w-full">
            <CardHeader>
              <CardTitle>Get Started</CardTitle>
              <CardDescription>Register in seconds or sign in with an emailed code.</CardDescription>
            </CardHeader>
            <CardContent>
              {user ? (
                <div className="grid gap-4">
                  <p className="text-sm">
                    You are signed in as <strong>{user.name}</strong>.
                  </p>
                  <Button asChild size="lg" className="w-full">
                    <Link href="/home">Open Dashboard</Link>
                  </Button>
                </div>
              ) : (
                <Suspense fallback={formsLoading}>
                  {hydrated ? <AuthForms mode={mode} onModeChange={onModeChange} /> : formsLoading}
                </Suspense>
              )}
            </CardContent>
          </Card>
        </div>
      </div>
    </section>
  );
}
