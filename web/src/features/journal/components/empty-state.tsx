import { NotebookText } from 'lucide-react';

/** What a new trader sees before the first entry: how the journal works, in three steps. */
export function JournalEmptyState() {
  return (
    <div
      className="grid justify-items-center gap-3 rounded-lg border border-dashed p-8 text-center"
      data-testid="journal-empty"
    >
      <NotebookText className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">Your journal is empty</p>
      <ol className="max-w-md list-decimal space-y-1 pl-5 text-left text-sm text-muted-foreground">
        <li>
          Analyse your charts, then add the Trade Idea to your journal, or press <strong>Add Trade</strong> to
          log one by hand.
        </li>
        <li>
          Press <strong>Activate</strong> when you enter the trade.
        </li>
        <li>
          Press <strong>Close</strong> with your exit price when you leave it: win rate, profit factor and
          your equity curve build up here.
        </li>
      </ol>
    </div>
  );
}
