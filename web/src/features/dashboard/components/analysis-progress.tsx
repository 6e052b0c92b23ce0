import { Check, Circle } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import type { ChartSlot } from '../../../../../contracts/analysis';
import type { AnalyzeProgress } from '../api';

interface Step {
  label: string;
  detail?: string;
}

/** The steps of one analysis and which one is running: only what the client truly knows. */
export function progressSteps(
  progress: AnalyzeProgress | null,
  sources: Record<ChartSlot, 'image' | 'data'>,
): { steps: Step[]; current: number } {
  const reading = (slot: ChartSlot): Step => ({
    label: sources[slot] === 'data' ? `Taking the ${slot} chart from its data` : `Reading the ${slot} chart`,
  });
  const percent =
    progress?.stage === 'uploading' && progress.total > 0
      ? `${Math.min(100, Math.round((progress.loaded / progress.total) * 100))} %`
      : undefined;
  const steps: Step[] = [
    { label: 'Uploading', ...(percent ? { detail: percent } : {}) },
    { label: 'Checking the files' },
    reading('5m'),
    reading('15m'),
    reading('4h'),
    { label: 'Analysing and planning' },
    { label: 'Saving' },
  ];
  const slotIndex: Record<ChartSlot, number> = { '5m': 2, '15m': 3, '4h': 4 };
  const current =
    progress === null || progress.stage === 'uploading'
      ? 0
      : progress.stage === 'checking'
        ? 1
        : progress.stage === 'reading'
          ? slotIndex[progress.slot]
          : progress.stage === 'analysing'
            ? 5
            : 6;
  return { steps, current };
}

/** The running step's words, for the busy button ("Reading the 15m chart"). */
export function currentStepLabel(
  progress: AnalyzeProgress | null,
  sources: Record<ChartSlot, 'image' | 'data'>,
): string {
  const { steps, current } = progressSteps(progress, sources);
  const step = steps[current]!;
  return step.detail ? `${step.label} ${step.detail}` : step.label;
}

/**
 * The stages of a running analysis: the upload's bytes (from the browser), then each stage as
 * the server starts it (streamed). No timer: a step is shown running only once it has started.
 */
export function AnalysisProgress({
  progress,
  sources,
}: {
  progress: AnalyzeProgress | null;
  sources: Record<ChartSlot, 'image' | 'data'>;
}) {
  const { steps, current } = progressSteps(progress, sources);
  const now = steps[current]!;
  return (
    <div className="rounded-lg border border-border bg-muted/30 p-3" data-testid="analysis-progress">
      <p className="sr-only" role="status" aria-live="polite">
        {now.label}
        {now.detail ? ` ${now.detail}` : ''}
      </p>
      <ol className="grid gap-1.5 text-sm" aria-label="Analysis progress">
        {steps.map((step, i) => (
          <li
            key={step.label}
            aria-current={i === current ? 'step' : undefined}
            data-state={i < current ? 'done' : i === current ? 'active' : 'pending'}
            className={cn(
              'flex items-center gap-2',
              i < current && 'text-muted-foreground',
              i === current && 'font-medium text-foreground',
              i > current && 'text-muted-foreground/70',
            )}
          >
            {i < current ? (
              <Check className="size-4 text-primary" aria-hidden="true" />
            ) : i === current ? (
              <Spinner className="size-4" />
            ) : (
              <Circle className="size-4" aria-hidden="true" />
            )}
            <span data-step-label>{step.label}</span>
            {step.detail && i === current && <span className="tabular-nums text-primary">{step.detail}</span>}
            <span className="sr-only">{i < current ? '(done)' : i === current ? '(in progress)' : ''}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
