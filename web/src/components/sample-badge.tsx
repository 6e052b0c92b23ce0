import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/**
 * Marks illustrative content (DECISIONS.md "Honest marketing"): any figure or quote on the
 * marketing pages that was not measured or said by a real customer carries this label.
 */
export function SampleBadge({ label = 'Sample data', className }: { label?: string; className?: string }) {
  return (
    <Badge variant="warning" className={cn('uppercase tracking-wide', className)}>
      {label}
    </Badge>
  );
}
