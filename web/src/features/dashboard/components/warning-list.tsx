import { useId, useState } from 'react';
import { AlertTriangle, ChevronDown } from 'lucide-react';
import { cn } from '@/lib/utils';
import { warningWords } from '../warning-words';

/** One warning: the trader's sentence, and the reader's technical text behind a "Details" button. */
function WarningItem({ warning }: { warning: string }) {
  const words = warningWords(warning);
  const [open, setOpen] = useState(false);
  const detailId = useId();
  return (
    <li className="flex gap-2" data-testid="analysis-warning">
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <div className="grid gap-1">
        <p>
          {words.chart && <span className="font-medium">{words.chart}: </span>}
          {words.summary}
        </p>
        {words.detail && (
          <>
            <button
              type="button"
              className="inline-flex w-fit items-center gap-1 rounded text-xs text-muted-foreground underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              aria-expanded={open}
              aria-controls={detailId}
              onClick={() => setOpen((o) => !o)}
            >
              <ChevronDown
                className={cn('size-3 transition-transform', open && 'rotate-180')}
                aria-hidden="true"
              />
              Details
            </button>
            <p id={detailId} hidden={!open} className="text-xs text-muted-foreground">
              {words.detail}
            </p>
          </>
        )}
      </div>
    </li>
  );
}

/** The analysis's warnings, in a trader's words (warning-words.ts), each with its details. */
export function WarningList({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <ul
      className="grid gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm"
      aria-label="Warnings"
      data-testid="analysis-warnings"
    >
      {warnings.map((warning) => (
        <WarningItem key={warning} warning={warning} />
      ))}
    </ul>
  );
}
