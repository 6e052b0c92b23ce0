import { Link } from 'wouter';
import { BarChart3, GraduationCap, LogOut, UserRound } from 'lucide-react';
import { Logo } from '@/components/brand/logo';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { MobileMenuToggle, useMobileMenu } from '@/components/layout/mobile-menu-toggle';
import { Spinner } from '@/components/ui/spinner';

export type AppSection = 'home' | 'learn';

const TITLES: Record<AppSection, { title: string; subtitle: string }> = {
  // SPEC says "AI-Powered Confluence Detection"; the analysis is computed by documented
  // algorithms, not a model (DECISIONS.md "The analysis is computed, not guessed").
  home: { title: 'Professional Trading Analysis', subtitle: 'Computed Confluence Detection' },
  learn: { title: 'Learning Center', subtitle: 'Earning While Learning' },
};

const OTHER_SECTION: Record<AppSection, { href: string; label: string; icon: typeof BarChart3 }> = {
  home: { href: '/learn', label: 'Learning Center', icon: GraduationCap },
  learn: { href: '/home', label: 'Chart Analysis', icon: BarChart3 },
};

/**
 * The signed-in user as the header shows them, and Logout. The page builds it with
 * useHeaderAccount (features/auth): a shared component does not reach into a feature.
 */
export interface HeaderAccount {
  name: string;
  /** The trading experience as a label: Learner, Intermediate, Expert. */
  experience: string;
  logout: () => void;
  loggingOut: boolean;
  /** The account's email is not proven yet (decision 015): an "Unverified" badge by the name. */
  unverified: boolean;
}

/**
 * Header of the signed-in pages: logo, title, the other section, the user and Logout; under it,
 * `notice` (the banner asking an unverified account to verify its email).
 */
export function AppHeader({
  section,
  account,
  notice,
}: {
  section: AppSection;
  account: HeaderAccount;
  notice?: ReactNode;
}) {
  const menu = useMobileMenu();
  const { title, subtitle } = TITLES[section];
  const other = OTHER_SECTION[section];
  const OtherIcon = other.icon;
  const close = menu.close;

  const logoutButton = (extra: string, size: 'sm' | 'default') => (
    <Button
      variant="outline"
      size={size}
      className={extra}
      disabled={account.loggingOut}
      onClick={() => {
        close();
        account.logout();
      }}
    >
      {account.loggingOut ? <Spinner /> : <LogOut aria-hidden="true" />}
      {account.loggingOut ? 'Logging out...' : 'Logout'}
    </Button>
  );

  const userChip = (
    <span className="flex min-w-0 items-center gap-2 text-sm" data-testid="current-user">
      <UserRound className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="truncate font-medium">{account.name}</span>
      <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">
        {account.experience}
      </span>
      {account.unverified ? (
        <Badge variant="warning" className="shrink-0" title="Your email address is not verified yet">
          Unverified
        </Badge>
      ) : null}
    </span>
  );

  return (
    <>
      <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <div className="flex min-w-0 items-center gap-3">
            <Link
              href="/home"
              className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Logo size="sm" showText={false} />
            </Link>
            <div className="min-w-0 leading-tight">
              <p className="truncate text-base font-semibold sm:text-lg">{title}</p>
              <p className="truncate text-xs text-primary">{subtitle}</p>
            </div>
          </div>

          <nav aria-label="Account" className="hidden items-center gap-4 md:flex">
            <Button asChild variant="ghost" size="sm">
              <Link href={other.href}>
                <OtherIcon aria-hidden="true" />
                {other.label}
              </Link>
            </Button>
            {userChip}
            {logoutButton('', 'sm')}
          </nav>

          <MobileMenuToggle menu={menu} menuId="app-mobile-menu" />
        </div>

        {menu.open ? (
          <nav id="app-mobile-menu" aria-label="Mobile menu" className="border-t bg-background md:hidden">
            <div className="mx-auto grid max-w-7xl gap-3 px-4 py-4">
              {userChip}
              <Button asChild variant="secondary" className="justify-start">
                <Link href={other.href} onClick={close}>
                  <OtherIcon aria-hidden="true" />
                  {other.label}
                </Link>
              </Button>
              {logoutButton('justify-start', 'default')}
            </div>
          </nav>
        ) : null}
      </header>
      {notice}
    </>
  );
}
