import {
  useEffect,
  useId,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type FormEvent,
} from 'react';
import { BarChart3, Files } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import {
  ANALYSIS_LIMITS,
  CHART_FIELDS,
  CHART_SLOT_FIELDS,
  analyzeFieldsSchema,
  type ChartSlot,
} from '../../../../../contracts/analysis';
import { identifyCharts, type AnalyzeInput, type AnalyzeProgress } from '../api';
import { ACCEPTED_CHART_FILES, fileProblem, isDataFile } from '../file-check';
import { CHART_SLOTS } from '../format';
import { assignSlots, type Identified } from '../slot-assignment';
import { UploadZone, type SlotChoice } from './upload-zone';
import { PanelTitle } from './panel-title';
import { AnalysisProgress, currentStepLabel } from './analysis-progress';

const ZONE_TITLES: Record<ChartSlot, string> = {
  '5m': '5-Minute Chart',
  '15m': '15-Minute Chart',
  '4h': '4-Hour Chart',
};

type Choices = Record<ChartSlot, SlotChoice | null>;

interface AnalysisFormProps {
  busy: boolean;
  onSubmit(input: AnalyzeInput): void;
  /** The running analysis's stage, as far as the client truly knows it. */
  progress?: AnalyzeProgress | null;
  /** Per-slot problems of the last failed analysis: shown in place until that slot changes. */
  serverErrors?: Partial<Record<ChartSlot, string>>;
}

const choiceOf = (file: File, note?: string): SlotChoice => ({
  file,
  preview: isDataFile(file) ? null : URL.createObjectURL(file),
  ...(note ? { note } : {}),
});

/** The upload/analysis form (SPEC 2 Dashboard, SPEC 5 Analysis form). */
export function AnalysisForm({ busy, onSubmit, progress = null, serverErrors }: AnalysisFormProps) {
  const id = useId();
  const [accountSize, setAccountSize] = useState(String(ANALYSIS_LIMITS.accountSize.default));
  const [riskPercentage, setRiskPercentage] = useState(String(ANALYSIS_LIMITS.riskPercentage.default));
  const [files, setFiles] = useState<Choices>({ '5m': null, '15m': null, '4h': null });
  const [placing, setPlacing] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const multiInput = useRef<HTMLInputElement>(null);
  // Thumbnails hold their file in memory until revoked: revoke the ones no slot shows any more.
  const shown = useRef(new Set<string>());
  useEffect(() => {
    const now = new Set(CHART_SLOTS.flatMap((s) => (files[s]?.preview ? [files[s]!.preview!] : [])));
    for (const url of shown.current) if (!now.has(url)) URL.revokeObjectURL(url);
    shown.current = now;
  }, [files]);
  useEffect(() => () => shown.current.forEach((url) => URL.revokeObjectURL(url)), []);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<'accountSize' | 'riskPercentage', string>>>(
    {},
  );
  const [fileErrors, setFileErrors] = useState<Partial<Record<ChartSlot, string>>>({});
  useEffect(() => {
    if (serverErrors) setFileErrors(serverErrors);
  }, [serverErrors]);

  function choose(slot: ChartSlot, choice: SlotChoice) {
    setFiles((current) => ({ ...current, [slot]: choice }));
    setFileErrors((current) => ({ ...current, [slot]: undefined }));
  }

  /** Swaps the charts (and their problems) of two slots. */
  function move(from: ChartSlot, to: ChartSlot) {
    if (from === to) return;
    const note = (c: SlotChoice | null) => (c ? { ...c, note: 'Moved by you' } : null);
    setFiles((current) => ({ ...current, [from]: note(current[to]), [to]: note(current[from]) }));
    setFileErrors((current) => ({ ...current, [from]: current[to], [to]: current[from] }));
  }

  /**
   * Several files at once: each is placed in the slot of the timeframe the server reads from its
   * title (a data export: from its bars); files whose timeframe is not read keep the drop order.
   */
  async function placeAll(dropped: File[]) {
    const usable: File[] = [];
    const refused: string[] = [];
    for (const file of dropped.slice(0, 3)) {
      const problem = fileProblem(file, file.name);
      if (problem) refused.push(problem);
      else usable.push(file);
    }
    if (dropped.length > 3)
      refused.push(`Only three charts are used: ${dropped.length - 3} file(s) left out.`);
    if (refused.length)
      toast({ title: 'Some Files Not Used', description: refused.join(' '), variant: 'destructive' });
    if (usable.length === 0) return;
    setPlacing(
      `Reading the timeframe of ${usable.length === 1 ? 'the chart' : `${usable.length} charts`}...`,
    );
    let found: Identified[];
    let failure: string | null = null;
    try {
      found = (await identifyCharts(usable)).charts;
    } catch {
      found = usable.map(() => ({ timeframe: null }));
      failure =
        'The timeframes could not be read just now, so the charts keep their drop order: check each slot.';
    } finally {
      setPlacing(null);
    }
    const taken = CHART_SLOTS.filter((s) => files[s] !== null);
    const placed = assignSlots(found, taken);
    setFiles((current) => {
      const next = { ...current };
      for (const p of placed) next[p.slot] = choiceOf(usable[p.file]!, p.note);
      return next;
    });
    setFileErrors((current) => {
      const next = { ...current };
      for (const p of placed) next[p.slot] = found[p.file]?.problem ?? undefined;
      return next;
    });
    const byOrder = placed.filter((p) => !p.byTimeframe).length;
    toast({
      title: failure ? 'Placed in Drop Order' : 'Charts Placed',
      description:
        failure ??
        (byOrder === 0
          ? 'Each chart went to the slot of the timeframe read from it. Use "Slot" under a chart to swap.'
          : `${byOrder} chart(s) kept the drop order because their timeframe was not read: check the slots and swap if needed.`),
    });
  }

  function onDropAll(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    if (busy) return;
    void placeAll(Array.from(event.dataTransfer.files));
  }

  function onPasteAll(event: ClipboardEvent<HTMLElement>) {
    if (busy || event.clipboardData.files.length === 0) return;
    event.preventDefault();
    void placeAll(Array.from(event.clipboardData.files));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = analyzeFieldsSchema.safeParse({
      accountSize: accountSize.trim() === '' ? undefined : accountSize,
      riskPercentage: riskPercentage.trim() === '' ? undefined : riskPercentage,
    });
    const errors: typeof fieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as 'accountSize' | 'riskPercentage';
        errors[key] ??= issue.message;
      }
    }
    setFieldErrors(errors);
    const missing = CHART_SLOTS.filter((slot) => !files[slot]);
    setFileErrors(
      Object.fromEntries(missing.map((slot) => [slot, CHART_FIELDS[CHART_SLOT_FIELDS[slot]].required])),
    );
    if (missing.length > 0) {
      toast({
        title: 'Missing Files',
        description: 'Please add all three charts: a screenshot or a CSV data export for each.',
        variant: 'destructive',
      });
      return;
    }
    if (!parsed.success) {
      const first = Object.values(errors)[0];
      toast({ title: 'Check the Form', description: first, variant: 'destructive' });
      return;
    }
    onSubmit({
      accountSize: parsed.data.accountSize,
      riskPercentage: parsed.data.riskPercentage,
      chart5m: files['5m']!.file,
      chart15m: files['15m']!.file,
      chart4h: files['4h']!.file,
    });
  }

  const fieldError = (key: 'accountSize' | 'riskPercentage') =>
    fieldErrors[key] ? (
      <p id={`${id}-${key}-error`} className="text-xs text-destructive">
        {fieldErrors[key]}
      </p>
    ) : null;

  return (
    <Card>
      <CardHeader>
        <PanelTitle className="flex items-center gap-2">
          <BarChart3 className="size-5 text-primary" aria-hidden="true" />
          Upload Your Charts
        </PanelTitle>
        <CardDescription>
          Three charts of one pair: 5-minute, 15-minute and 4-hour, as screenshots with the price scale
          visible or as the chart&apos;s data export (TradingView or MetaTrader CSV).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Chart analysis">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid content-start gap-2">
              <Label htmlFor={`${id}-account`}>Account Size (USD)</Label>
              <Input
                id={`${id}-account`}
                name="accountSize"
                type="number"
                inputMode="decimal"
                min={ANALYSIS_LIMITS.accountSize.min}
                max={ANALYSIS_LIMITS.accountSize.max}
                step="any"
                required
                value={accountSize}
                disabled={busy}
                aria-invalid={fieldErrors.accountSize ? true : undefined}
                aria-describedby={fieldErrors.accountSize ? `${id}-accountSize-error` : undefined}
                onChange={(event) => setAccountSize(event.target.value)}
              />
              {fieldError('accountSize')}
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={`${id}-risk`}>Risk Percentage (%)</Label>
              <Input
                id={`${id}-risk`}
                name="riskPercentage"
                type="number"
                inputMode="decimal"
                min={ANALYSIS_LIMITS.riskPercentage.min}
                max={ANALYSIS_LIMITS.riskPercentage.max}
                step={ANALYSIS_LIMITS.riskPercentage.step}
                required
                value={riskPercentage}
                disabled={busy}
                aria-invalid={fieldErrors.riskPercentage ? true : undefined}
                aria-describedby={
                  fieldErrors.riskPercentage ? `${id}-riskPercentage-error` : `${id}-risk-hint`
                }
                onChange={(event) => setRiskPercentage(event.target.value)}
              />
              {fieldError('riskPercentage') ?? (
                <p id={`${id}-risk-hint`} className="text-xs text-muted-foreground">
                  2% recommended; never more than 2-3% on one trade.
                </p>
              )}
            </div>
          </div>

          <fieldset
            className={cn(
              'grid gap-3 rounded-lg p-1 transition-colors',
              dragging && 'bg-primary/10 ring-2 ring-primary',
            )}
            data-testid="chart-slots"
            onDragOver={(event) => {
              event.preventDefault();
              if (!busy) setDragging(true);
            }}
            onDragLeave={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
            }}
            onDrop={onDropAll}
            onPaste={onPasteAll}
          >
            <legend className="mb-2 text-sm font-medium">Charts</legend>
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed border-primary/40 bg-primary/5 px-3 py-2 text-xs text-muted-foreground">
              <span className="flex items-center gap-2">
                <Files className="size-4 shrink-0 text-primary" aria-hidden="true" />
                Drop or paste all three at once: each goes to the slot of its timeframe.
              </span>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={busy || placing !== null}
                onClick={() => multiInput.current?.click()}
              >
                Choose all three
              </Button>
              <input
                ref={multiInput}
                type="file"
                multiple
                accept={ACCEPTED_CHART_FILES}
                aria-label="All three chart files"
                tabIndex={-1}
                className="sr-only"
                data-testid="upload-all"
                onChange={(event) => {
                  void placeAll(Array.from(event.target.files ?? []));
                  event.target.value = '';
                }}
              />
            </div>
            {/* Kept in the page (a live region must exist before it speaks), shown when it says something. */}
            <p role="status" className={placing ? 'text-xs text-primary' : 'sr-only'}>
              {placing}
            </p>
            <div className="grid gap-3 sm:grid-cols-3">
              {CHART_SLOTS.map((slot) => (
                <UploadZone
                  key={slot}
                  slot={slot}
                  name={CHART_SLOT_FIELDS[slot]}
                  title={ZONE_TITLES[slot]}
                  label={CHART_FIELDS[CHART_SLOT_FIELDS[slot]].label}
                  choice={files[slot]}
                  error={fileErrors[slot]}
                  disabled={busy}
                  onFile={(file) => choose(slot, choiceOf(file))}
                  onFiles={(dropped) => void placeAll(dropped)}
                  onReject={(message) => {
                    setFileErrors((current) => ({ ...current, [slot]: message }));
                    toast({ title: 'File Not Used', description: message, variant: 'destructive' });
                  }}
                  onMove={(to) => move(slot, to)}
                />
              ))}
            </div>
          </fieldset>

          <Button type="submit" size="lg" disabled={busy || placing !== null} className="w-full">
            {busy ? (
              <>
                <Spinner />
                Analyzing: {currentStepLabel(progress, sourcesOf(files))}...
              </>
            ) : (
              <>
                <BarChart3 aria-hidden="true" />
                Analyze Charts
              </>
            )}
          </Button>
          {busy && <AnalysisProgress progress={progress} sources={sourcesOf(files)} />}
        </form>
      </CardContent>
    </Card>
  );
}

const sourcesOf = (files: Choices): Record<ChartSlot, 'image' | 'data'> =>
  Object.fromEntries(
    CHART_SLOTS.map((slot) => [slot, files[slot] && isDataFile(files[slot].file) ? 'data' : 'image']),
  ) as Record<ChartSlot, 'image' | 'data'>;
