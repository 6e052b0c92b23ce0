import type * as React from 'react';
import { cn } from '@/lib/utils';

/** A dashboard panel's title: an h2 under the page's h1 (CardTitle is an h3). */
export function PanelTitle({ className, ...props }: React.ComponentProps<'h2'>) {
  return <h2 className={cn('text-lg leading-tight font-semibold tracking-tight', className)} {...props} />;
}
