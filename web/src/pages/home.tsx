import { AppHeader } from '@/components/layout/app-header';
import { SiteFooter } from '@/components/layout/site-footer';
import { DashboardContent } from '@/features/dashboard';
import { JournalPanel } from '@/features/journal';
import { LearnProgressCard } from '@/features/learn/progress-card';
import type { User } from '@/lib/contracts';

/**
 * /home, the analysis dashboard (SPEC 2): the upload form, results, annotated charts, history
 * and concepts guide (features/dashboard) with the trading journal in its slot
 * (features/journal), and the trader's Learning Center progress (features/learn).
 */
export function HomePage({ user }: { user: User }) {
  return (
    <div className="flex min-h-screen flex-col">
      <AppHeader section="home" user={user} />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:px-8">
        <h1 className="sr-only">Chart Analysis</h1>
        <DashboardContent journal={(context) => <JournalPanel {...context} />} />
        <section aria-label="Learning progress" className="mt-8">
          <LearnProgressCard user={user} />
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
