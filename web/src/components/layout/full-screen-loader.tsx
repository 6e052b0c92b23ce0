import { Spinner } from '@/components/ui/spinner';

/** SPEC 2: protected routes show this while the current user is being resolved. */
export function FullScreenLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-screen flex-col items-center justify-center gap-3 bg-background"
    >
      <Spinner className="size-10 text-primary" />
      <p className="text-sm text-muted-foreground">{label}</p>
    </div>
  );
}
