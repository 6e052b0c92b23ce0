import { Spinner } from '@/components/ui/spinner';

/** Shown in a page's body while a lazily loaded part of it (its JavaScript chunk) arrives. */
export function ContentLoader() {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-24 text-muted-foreground">
      <Spinner /> Loading...
    </p>
  );
}
