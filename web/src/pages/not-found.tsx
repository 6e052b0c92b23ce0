import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/** SPEC 2/8: any unknown path. The hint is addressed to developers, as the SPEC asks. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-background px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex items-center gap-2">
            <AlertCircle className="size-8 text-bearish" aria-hidden="true" />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-muted-foreground">
            Did you forget to add the page to the router? Routes are declared in{' '}
            <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">web/src/app.tsx</code>.
          </p>
          <Button asChild variant="outline" className="mt-6">
            <Link href="/">Back to Chart-to-Plan</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
