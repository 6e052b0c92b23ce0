import { AppHeader } from '@/components/layout/app-header';
import { SiteFooter } from '@/components/layout/site-footer';
import { DashboardContent } from '@/features/dashboard';
import { JournalPanel } from '@/features/journal';
import type { User } from '@/lib/contracts';

/**
 * /home, the analysis dashboard (SPEC 2). The shell only: the upload form, result views,
 * journal panel and concepts guide plug into <main> as features/analysis, features/journal
 * and features/concepts components (later issues). Nothing placeholder-like is shown meanwhile.
 */
export function HomePage({ user }: { user: User }) {
  return (
    <div className="flex min-h-screen flex-col">
      <AppHeader section="home" user={user} />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:px-8">
        <h1 className="sr-only">Chart Analysis</h1>
        <DashboardContent journal={(context) => <JournalPanel {...context} />} />
      </main>
      <SiteFooter />
    </div>
  );
}
