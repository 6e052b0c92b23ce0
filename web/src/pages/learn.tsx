import { Suspense, lazy, type ComponentType } from 'react';
import { AppHeader } from '@/components/layout/app-header';
import { FullScreenLoader } from '@/components/layout/full-screen-loader';
import { SiteFooter } from '@/components/layout/site-footer';
import type { User } from '@/lib/contracts';

// The Learning Center's content is its own feature (web/src/features/learn, exporting
// LearnContent). import.meta.glob resolves to {} when the module does not exist yet, so this
// shell builds either way, and the content is split into its own chunk off the landing page.
const learnModules = import.meta.glob<{ LearnContent: ComponentType<{ user: User }> }>(
  '../features/learn/index.tsx',
);
const loadLearn = Object.values(learnModules)[0];
const LearnContent = loadLearn ? lazy(async () => ({ default: (await loadLearn()).LearnContent })) : null;

/** /learn, the Learning Center (SPEC 2): header with Chart Analysis link, then the content. */
export function LearnPage({ user }: { user: User }) {
  return (
    <div className="flex min-h-screen flex-col">
      <AppHeader section="learn" user={user} />
      {/* A div, not <main>: LearnContent renders its own <main> landmark. */}
      <div id="main" className="flex-1">
        {LearnContent ? (
          <Suspense fallback={<FullScreenLoader />}>
            <LearnContent user={user} />
          </Suspense>
        ) : (
          <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
            <h1 className="text-3xl font-bold tracking-tight">Learning Center</h1>
          </main>
        )}
      </div>
      <SiteFooter />
    </div>
  );
}
