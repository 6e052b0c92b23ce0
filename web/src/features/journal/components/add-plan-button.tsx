import { useState } from 'react';
import { BookmarkCheck, BookmarkPlus } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useCreateJournalEntry } from '../api/journal-api';
import { planToCreateBody, type PlanPrefill } from '../lib/trade-form';

export interface AddPlanToJournalButtonProps extends PlanPrefill {
  size?: ButtonProps['size'];
  className?: string;
}

/** One click: the Trade Idea's plan becomes a PLANNED journal entry (sized by the server). */
export function AddPlanToJournalButton({ size = 'sm', className, ...prefill }: AddPlanToJournalButtonProps) {
  const create = useCreateJournalEntry();
  // Remember which plan was added, so a new analysis's plan can be added again.
  const planKey = JSON.stringify(prefill);
  const [addedKey, setAddedKey] = useState<string | null>(null);
  const added = addedKey === planKey;
  return (
    <Button
      size={size}
      variant={added ? 'secondary' : 'default'}
      className={className}
      disabled={create.isPending || added}
      onClick={() => create.mutate(planToCreateBody(prefill), { onSuccess: () => setAddedKey(planKey) })}
    >
      {added ? <BookmarkCheck aria-hidden="true" /> : <BookmarkPlus aria-hidden="true" />}
      {added ? 'Added to Journal' : create.isPending ? 'Adding...' : 'Add to Journal'}
    </Button>
  );
}
