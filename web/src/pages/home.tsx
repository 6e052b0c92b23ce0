import { Suspense, lazy } from 'react';
import { AppHeader } from '@/components/layout/app-header';
import { ContentLoader } from '@/components/layout/content-loader';
import { SiteFooter } from '@/components/layout/site-footer';
import { useHeaderAccount } from '@/features/auth/header-account';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import type { User } from '@/lib/contracts';

// The dashboard, journal and their form schemas (zod) load on demand, so a first visit to the
// landing page does not download them.
const HomeContent = lazy(async () => ({ default: (await import('./home-content')).HomeContent }));

/** /home, the analysis dashboard (SPEC 2): header, then the dashboard content (home-content.tsx). */
export function HomePage({ user }: { user: User }) {
  const account = useHeaderAccount(user);
  return (
    <div className="flex min-h-screen flex-col">
      <AppHeader section="home" account={account} notice={<VerifyEmailBanner user={user} />} />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:px-8">
        <h1 className="sr-only">Chart Analysis</h1>
        <Suspense fallback={<ContentLoader />}>
          <HomeContent user={user} />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
