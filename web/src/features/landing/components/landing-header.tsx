import { Link } from 'wouter';
import { Logo } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { MobileMenuToggle, useMobileMenu } from '@/components/layout/mobile-menu-toggle';
import { scrollToSection } from '@/lib/scroll';

export interface LandingHeaderProps {
  signedIn: boolean;
  onLogin: () => void;
  onGetStarted: () => void;
}

/** SPEC 2: Features, Testimonials, Login and Get Started scroll to their sections. */
export function LandingHeader({ signedIn, onLogin, onGetStarted }: LandingHeaderProps) {
  const menu = useMobileMenu();

  const items: Array<{ label: string; onSelect: () => void; primary?: boolean }> = [
    { label: 'Features', onSelect: () => scrollToSection('features') },
    { label: 'Testimonials', onSelect: () => scrollToSection('testimonials') },
    ...(signedIn ? [] : [{ label: 'Login', onSelect: onLogin }]),
    ...(signedIn ? [] : [{ label: 'Get Started', onSelect: onGetStarted, primary: true }]),
  ];

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a
          href="#top"
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onClick={(e) => {
            e.preventDefault();
            window.scrollTo({ top: 0 });
          }}
        >
          <Logo size="sm" />
        </a>
        <nav aria-label="Main" className="hidden items-center gap-2 md:flex">
          {items.map((item) => (
            <Button
              key={item.label}
              variant={item.primary ? 'default' : 'ghost'}
              size="sm"
              onClick={item.onSelect}
            >
              {item.label}
            </Button>
          ))}
          {signedIn ? (
            <Button asChild size="sm">
              <Link href="/home">Open Dashboard</Link>
            </Button>
          ) : null}
        </nav>
        <MobileMenuToggle menu={menu} menuId="landing-mobile-menu" />
      </div>
      {menu.open ? (
        <nav id="landing-mobile-menu" aria-label="Mobile menu" className="border-t bg-background md:hidden">
          <div className="grid gap-2 px-4 py-4">
            {items.map((item) => (
              <Button
                key={item.label}
                variant={item.primary ? 'default' : 'secondary'}
                className="justify-start"
                onClick={() => {
                  menu.close();
                  item.onSelect();
                }}
              >
                {item.label}
              </Button>
            ))}
            {signedIn ? (
              <Button asChild className="justify-start">
                <Link href="/home" onClick={() => menu.close()}>
                  Open Dashboard
                </Link>
              </Button>
            ) : null}
          </div>
        </nav>
      ) : null}
    </header>
  );
}
