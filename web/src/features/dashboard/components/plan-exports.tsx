import { ClipboardCopy, Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import type { AnalysisResultDto } from '../../../../../contracts/analysis';
import {
  exportablePlan,
  exportFileName,
  levelsText,
  mql5Script,
  pineScript,
  type ExportablePlan,
} from '../../../../../engine/exports/plan-exports';

/** Hands a generated file to the browser as a download. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

async function copyLevels(plan: ExportablePlan) {
  try {
    await navigator.clipboard.writeText(levelsText(plan));
    toast({ title: 'Copied', description: 'Entry, stop, TP1, TP2 and lots are on the clipboard.' });
  } catch {
    // No clipboard access (an insecure origin or a refused permission).
    toast({
      title: 'Could Not Copy',
      description:
        'The browser did not allow access to the clipboard; copy the levels from the card instead.',
      variant: 'destructive',
    });
  }
}

/**
 * Take the plan to the platform: copy its levels as text, or download a TradingView Pine Script
 * or a MetaTrader 5 script that draws it on the trader's own chart (engine/exports/plan-exports.ts).
 */
export function PlanExportButtons({ result }: { result: AnalysisResultDto }) {
  const plan = exportablePlan(result);
  if (!plan) return null;
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Take the plan to your platform">
      <Button size="sm" variant="outline" onClick={() => void copyLevels(plan)}>
        <ClipboardCopy aria-hidden="true" />
        Copy levels
      </Button>
      <Button
        size="sm"
        variant="outline"
        title="A TradingView indicator (Pine Script v6) drawing the levels and zones"
        onClick={() => download(exportFileName(plan, 'pine'), pineScript(plan))}
      >
        <Download aria-hidden="true" />
        Pine Script
      </Button>
      <Button
        size="sm"
        variant="outline"
        title="A MetaTrader 5 script (MQL5) drawing the levels and zones"
        onClick={() => download(exportFileName(plan, 'mq5'), mql5Script(plan))}
      >
        <Download aria-hidden="true" />
        MT5 script
      </Button>
    </div>
  );
}
