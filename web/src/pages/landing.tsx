import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { SiteFooter } from '@/components/layout/site-footer';
import { Button } from '@/components/ui/button';
import { useUser } from '@/features/auth/api';
import { AuthSection, AUTH_SECTION_ID, loadAuthForms, type AuthMode } from '@/features/auth/components';
import { BenefitsSection } from '@/features/landing/components/benefits-section';
import { DashboardPreview } from '@/features/landing/components/dashboard-preview';
import { FeatureShowcase } from '@/features/landing/components/feature-showcase';
import { FinalCta } from '@/features/landing/components/final-cta';
import { HeroSection } from '@/features/landing/components/hero-section';
import { LandingHeader } from '@/features/landing/components/landing-header';
import { LearnApplySection } from '@/features/landing/components/learn-apply-section';
import { TestimonialsSection } from '@/features/landing/components/testimonials-section';
import { scrollToSection } from '@/lib/scroll';

/** After the first paint, long enough not to compete with it for the network and the CPU. */
const FORMS_PRELOAD_DELAY_MS = 1500;
/** How long a requested focus waits for its element (a lazily loaded form) to appear. */
const FOCUS_WAIT_FRAMES = 120;

/** Focuses the element `selector` names as soon as it is in the page, for up to ~2 s. */
function focusWhenShown(selector: string, framesLeft = FOCUS_WAIT_FRAMES) {
  requestAnimationFrame(() => {
    const element = document.querySelector<HTMLElement>(selector);
    if (element) element.focus({ preventScroll: true });
    else if (framesLeft > 0) focusWhenShown(selector, framesLeft - 1);
  });
}

/** Landing, registration and login page (SPEC 2). Also shown in place of protected routes
 * for signed-out visitors. */
export function LandingPage() {
  const { user, isAuthenticated } = useUser();
  const [mode, setMode] = useState<AuthMode>('register');
  const [, navigate] = useLocation();

  // The forms load after the first paint, so that a click on "Get Started" rarely waits for them.
  useEffect(() => {
    const id = window.setTimeout(() => void loadAuthForms(), FORMS_PRELOAD_DELAY_MS);
    return () => window.clearTimeout(id);
  }, []);

  const openForm = useCallback((next: AuthMode) => {
    setMode(next);
    scrollToSection(AUTH_SECTION_ID);
    // Keyboard users land in the form's first field rather than at the top of the page, once
    // the form is there (it may still be loading).
    focusWhenShown(`#${AUTH_SECTION_ID} [role="tabpanel"] [data-autofocus-target]`);
  }, []);
  // Signed-in visitors have nothing to register: the calls to action open their dashboard.
  const onGetStarted = useCallback(
    () => (isAuthenticated ? navigate('/home') : openForm('register')),
    [isAuthenticated, navigate, openForm],
  );
  const onLogin = useCallback(() => openForm('login'), [openForm]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <LandingHeader signedIn={isAuthenticated} onLogin={onLogin} onGetStarted={onGetStarted} />
      <main id="main" className="flex-1">
        <HeroSection onGetStarted={onGetStarted} />
        <DashboardPreview />
        <FeatureShowcase onGetStarted={onGetStarted} />
        <BenefitsSection />
        <LearnApplySection />
        <TestimonialsSection />
        <AuthSection mode={mode} onModeChange={setMode} user={user} />
        <FinalCta onGetStarted={onGetStarted} />
      </main>
      <SiteFooter>
        <nav aria-label="Footer" className="flex flex-wrap gap-2">
          <Button variant="link" size="sm" onClick={() => scrollToSection('features')}>
            Features
          </Button>
          <Button variant="link" size="sm" onClick={() => scrollToSection('testimonials')}>
            Testimonials
          </Button>
          <Button variant="link" size="sm" onClick={onGetStarted}>
            Get Started
          </Button>
        </nav>
      </SiteFooter>
    </div>
  );
}
