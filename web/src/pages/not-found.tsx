import { Compass } from 'lucide-react';
import { Link } from 'wouter';
import { WEB_ROUTES } from '../../../contracts/web-routes';
import { Logo } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/**
 * SPEC 2/8: any unknown path (the server sends it with HTTP 404). Traders get the site's header
 * and a way back; SPEC's hint to developers appears only in development builds.
 */
export function NotFoundPage() {
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <header className="border-b bg-background/90">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6 lg:px-8">
          <Link
            href={WEB_ROUTES.landing}
            className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Logo size="sm" />
          </Link>
        </div>
      </header>
      <main className="flex flex-1 items-center justify-center px-4 py-12">
        <Card className="w-full max-w-md">
          <CardContent className="pt-6">
            <div className="mb-4 flex items-center gap-3">
              <Compass className="size-8 text-muted-foreground" aria-hidden="true" />
              <h1 className="text-2xl font-bold">404 Page Not Found</h1>
            </div>
            <p className="text-sm text-muted-foreground">
              There is no page at this address. The link may be old or mistyped.
            </p>
            {import.meta.env.DEV && (
              <p className="mt-3 text-sm text-muted-foreground" data-testid="developer-hint">
                Did you forget to add the page to the router? Routes are declared in{' '}
                <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">
                  contracts/web-routes.ts
                </code>{' '}
                and <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">web/src/app.tsx</code>.
              </p>
            )}
            <Button asChild className="mt-6">
              <Link href={WEB_ROUTES.landing}>Back to Chart-to-Plan</Link>
            </Button>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
