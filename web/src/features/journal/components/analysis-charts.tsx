import { useState } from 'react';
import { ChevronDown, ChevronRight, Link2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The slots the analysis stored a chart for, highest timeframe first (as the dashboard shows them). */
const SLOTS = ['4h', '15m', '5m'] as const;

/**
 * The analysis a journal entry was planned from, with its stored annotated charts
 * (GET /api/analyses/:id/charts/:slot). The pictures load only when opened: a journal of a
 * hundred linked trades must not fetch three hundred images.
 */
export function AnalysisCharts({ analysisId, symbol }: { analysisId: string; symbol: string }) {
  const [open, setOpen] = useState(false);
  const [missing, setMissing] = useState<string[]>([]);
  return (
    <div className="mt-2 grid gap-2" data-testid="entry-analysis">
      <Button
        size="sm"
        variant="ghost"
        className="justify-self-start px-1 text-xs text-muted-foreground"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
        <Link2 aria-hidden="true" />
        Planned from an analysis · {open ? 'hide' : 'show'} its charts
      </Button>
      {open ? (
        missing.length === SLOTS.length ? (
          <p className="text-xs text-muted-foreground">The analysis&apos;s charts are no longer stored.</p>
        ) : (
          <div className="grid gap-2 sm:grid-cols-3">
            {SLOTS.filter((s) => !missing.includes(s)).map((slot) => (
              <figure key={slot} className="grid gap-1">
                <img
                  src={`/api/analyses/${analysisId}/charts/${slot}`}
                  alt={`${symbol} ${slot} chart of the analysis this trade was planned from`}
                  loading="lazy"
                  className="w-full rounded border"
                  onError={() => setMissing((m) => [...m, slot])}
                />
                <figcaption className="text-xs text-muted-foreground">{slot}</figcaption>
              </figure>
            ))}
          </div>
        )
      ) : null}
    </div>
  );
}
