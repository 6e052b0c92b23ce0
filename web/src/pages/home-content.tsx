import { TooltipProvider } from '@/components/ui/tooltip';
import { DashboardContent } from '@/features/dashboard/dashboard-content';
import { JournalPanel } from '@/features/journal';
import { LearnProgressCard } from '@/features/learn/progress-card';
import type { User } from '@/lib/contracts';

/**
 * Everything on /home below the header: the upload form, results, annotated charts, history and
 * concepts guide (features/dashboard) with the trading journal in its slot (features/journal),
 * and the trader's Learning Center progress (features/learn). Loaded on demand by pages/home.tsx.
 */
export function HomeContent({ user }: { user: User }) {
  // The tooltips (result cards, journal statistics) live only here: their provider and its
  // positioning library stay out of the landing page's first download.
  return (
    <TooltipProvider>
      <DashboardContent journal={(context) => <JournalPanel {...context} />} />
      <section aria-label="Learning progress" className="mt-8">
        <LearnProgressCard user={user} />
      </section>
    </TooltipProvider>
  );
}
