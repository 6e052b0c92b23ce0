import { Suspense, lazy } from 'react';
import { AppHeader } from '@/components/layout/app-header';
import { ContentLoader } from '@/components/layout/content-loader';
import { SiteFooter } from '@/components/layout/site-footer';
import { useHeaderAccount } from '@/features/auth/header-account';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import type { User } from '@/lib/contracts';

// The Learning Center's content is its own feature (web/src/features/learn). It is loaded on
// demand so its lessons and illustrations stay out of the landing page's JavaScript.
const LearnContent = lazy(async () => ({
  default: (await import('@/features/learn')).LearnContent,
}));

/** /learn, the Learning Center (SPEC 2): header with Chart Analysis link, then the content. */
export function LearnPage({ user }: { user: User }) {
  const account = useHeaderAccount(user);
  return (
    <div className="flex min-h-screen flex-col">
      <AppHeader section="learn" account={account} notice={<VerifyEmailBanner user={user} />} />
      {/* A div, not <main>: LearnContent renders its own <main> landmark. */}
      <div id="main" className="flex-1">
        <Suspense fallback={<ContentLoader />}>
          <LearnContent user={user} />
        </Suspense>
      </div>
      <SiteFooter />
    </div>
  );
}
