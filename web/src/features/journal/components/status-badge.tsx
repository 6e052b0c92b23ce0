import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import type { JournalStatus } from '../../../../../contracts/journal';

/** SPEC 4: PLANNED yellow, ACTIVE blue, CLOSED green; CANCELLED grey (DECISIONS.md). */
const STATUS_STYLES: Record<JournalStatus, string> = {
  PLANNED: 'border-yellow-400/40 bg-yellow-400/15 text-yellow-300',
  ACTIVE: 'border-blue-400/40 bg-blue-400/15 text-blue-300',
  CLOSED: 'border-green-400/40 bg-green-400/15 text-green-300',
  CANCELLED: 'border-zinc-400/40 bg-zinc-400/15 text-zinc-300',
};

export function StatusBadge({ status }: { status: JournalStatus }) {
  return (
    <Badge variant="outline" className={cn(STATUS_STYLES[status])} data-status={status}>
      {status}
    </Badge>
  );
}
