import type * as React from 'react';
import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A decorative rotating icon; pair it with visible text (e.g. "Loading...") for screen readers. */
export function Spinner({ className, ...props }: React.ComponentProps<'svg'>) {
  return <Loader2 aria-hidden="true" className={cn('size-4 animate-spin', className)} {...props} />;
}
