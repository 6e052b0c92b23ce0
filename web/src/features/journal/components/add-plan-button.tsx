import { useState } from 'react';
import { BookmarkCheck, BookmarkPlus } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { alreadyAddedEntryId, useCreateJournalEntry } from '../api/journal-api';
import { planToCreateBody, type PlanPrefill } from '../lib/trade-form';

export interface AddPlanToJournalButtonProps extends PlanPrefill {
  /** The stored analysis the plan belongs to: the server keeps one entry per analysis. */
  analysisId?: string;
  /** The entry already made from this analysis (stored with it), so a reload still says Added. */
  addedEntryId?: string | null;
  size?: ButtonProps['size'];
  className?: string;
}

/**
 * One click: the Trade Idea's plan becomes a PLANNED journal entry (sized by the server). One
 * plan makes one entry: the analysis remembers its entry, and a second add (another tab, a
 * reload before the list refreshed) is refused by the server with 409, shown as Added.
 */
export function AddPlanToJournalButton({
  size = 'sm',
  className,
  analysisId,
  addedEntryId = null,
  ...prefill
}: AddPlanToJournalButtonProps) {
  const create = useCreateJournalEntry();
  // Remember which plan was added, so a new analysis's plan can be added again.
  const planKey = analysisId ?? JSON.stringify(prefill);
  const [addedKey, setAddedKey] = useState<string | null>(null);
  const added = addedEntryId !== null || addedKey === planKey;
  return (
    <Button
      size={size}
      variant={added ? 'secondary' : 'default'}
      className={className}
      disabled={create.isPending || added}
      data-testid="add-plan-to-journal"
      onClick={() =>
        create.mutate(
          { ...planToCreateBody(prefill), ...(analysisId ? { analysisId } : {}) },
          {
            onSuccess: () => setAddedKey(planKey),
            onError: (error) => {
              if (alreadyAddedEntryId(error)) setAddedKey(planKey);
            },
          },
        )
      }
    >
      {added ? <BookmarkCheck aria-hidden="true" /> : <BookmarkPlus aria-hidden="true" />}
      {added ? 'Added to Journal' : create.isPending ? 'Adding...' : 'Add to Journal'}
    </Button>
  );
}
